<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="it_IT" sourcelanguage="en">
<context>
    <name>arbitro</name>
    <message>
        <source>Camera setup</source>
        <translation>Impostazione della telecamera</translation>
    </message>
    <message>
        <source>Demo hand</source>
        <translation>Mano dimostrativa</translation>
    </message>
    <message>
        <source>Camera</source>
        <translation>Telecamera</translation>
    </message>
    <message>
        <source>Resolution</source>
        <translation>Risoluzione</translation>
    </message>
    <message>
        <source>Check the picture</source>
        <translation>Controlla l'immagine</translation>
    </message>
    <message>
        <source>Click the table's four corners: top-left, top-right, bottom-right, bottom-left (team A sits at the bottom).</source>
        <translation>Fai clic sui quattro angoli del tavolo: in alto a sinistra, in alto a destra, in basso a destra, in basso a sinistra (la squadra A siede in basso).</translation>
    </message>
    <message>
        <source>No picture yet: start the camera first.</source>
        <translation>Ancora nessuna immagine: avvia prima la telecamera.</translation>
    </message>
    <message>
        <source>The picture looks good.</source>
        <translation>L'immagine va bene.</translation>
    </message>
    <message>
        <source>New match</source>
        <translation>Nuova partita</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>Regole</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>Punteggio da raggiungere</translation>
    </message>
    <message>
        <source>cards of the unseen pozzetto</source>
        <translation>carte del pozzetto non visto</translation>
    </message>
    <message>
        <source>nobody: the stock ran out</source>
        <translation>nessuno: il tallone è finito</translation>
    </message>
    <message>
        <source>Match sheet</source>
        <translation>Segnapunti</translation>
    </message>
    <message>
        <source>Correct the selected hand…</source>
        <translation>Correggi la mano selezionata…</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>Giocatori</translation>
    </message>
    <message>
        <source>Melds (one per line)</source>
        <translation>Giochi (uno per riga)</translation>
    </message>
    <message>
        <source>Pozzetto</source>
        <translation>Pozzetto</translation>
    </message>
    <message>
        <source>End of hand</source>
        <translation>Fine della mano</translation>
    </message>
    <message>
        <source>Closed by</source>
        <translation>Chiusura di</translation>
    </message>
    <message>
        <source>Hand</source>
        <translation>Mano</translation>
    </message>
    <message>
        <source>Corrections</source>
        <translation>Correzioni</translation>
    </message>
    <message>
        <source>Team {name}</source>
        <translation>Squadra {name}</translation>
    </message>
    <message>
        <source>{a} v {b} · rules {preset} · target {target}</source>
        <translation>{a} contro {b} · regole {preset} · si gioca ai {target}</translation>
    </message>
    <message>
        <source>Team {team} name</source>
        <translation>Nome della squadra {team}</translation>
    </message>
    <message>
        <source>Player {n}</source>
        <translation>Giocatore {n}</translation>
    </message>
    <message>
        <source>{team} total</source>
        <translation>totale {team}</translation>
    </message>
    <message>
        <source>{team} wins the match, {a} to {b}</source>
        <translation>{team} vince la partita, {a} a {b}</translation>
    </message>
    <message>
        <source>Play on: {a} to {b}, target {target}</source>
        <translation>Si continua: {a} a {b}, si gioca ai {target}</translation>
    </message>
    <message>
        <source>{player} holds</source>
        <translation>{player} ha in mano</translation>
    </message>
    <message>
        <source>&amp;Match</source>
        <translation>&amp;Partita</translation>
    </message>
    <message>
        <source>&amp;New match…</source>
        <translation>&amp;Nuova partita…</translation>
    </message>
    <message>
        <source>&amp;Snapshot</source>
        <translation>&amp;Istantanea</translation>
    </message>
    <message>
        <source>&amp;End of hand…</source>
        <translation>&amp;Fine della mano…</translation>
    </message>
    <message>
        <source>Match &amp;sheet</source>
        <translation>&amp;Segnapunti</translation>
    </message>
    <message>
        <source>&amp;Review…</source>
        <translation>&amp;Rivedi…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Esci</translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation>I&amp;mpostazioni</translation>
    </message>
    <message>
        <source>&amp;Camera setup…</source>
        <translation>&amp;Telecamera…</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Lingua</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>&amp;Tema</translation>
    </message>
    <message>
        <source>Waiting for the first picture…</source>
        <translation>In attesa della prima immagine…</translation>
    </message>
    <message>
        <source>Arbitro, the Burraco referee</source>
        <translation>Arbitro, l'arbitro del Burraco</translation>
    </message>
    <message>
        <source>Melds</source>
        <translation>Giochi</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>Eventi</translation>
    </message>
    <message>
        <source>The source has ended</source>
        <translation>La sorgente è terminata</translation>
    </message>
    <message>
        <source>No match yet: Ctrl+N starts one</source>
        <translation>Nessuna partita: Ctrl+N ne inizia una</translation>
    </message>
    <message>
        <source>Source: {source}</source>
        <translation>Sorgente: {source}</translation>
    </message>
    <message>
        <source>{fps:.1f} frames/s</source>
        <translation>{fps:.1f} fotogrammi/s</translation>
    </message>
    <message>
        <source>The camera stopped: {message}. Waiting for it to come back…</source>
        <translation>La telecamera si è fermata: {message}. In attesa che torni…</translation>
    </message>
    <message>
        <source>The picture source stopped: {message}</source>
        <translation>La sorgente delle immagini si è fermata: {message}</translation>
    </message>
    <message>
        <source>Match: {a} {ta} · {b} {tb} (target {target})</source>
        <translation>Partita: {a} {ta} · {b} {tb} (si gioca ai {target})</translation>
    </message>
    <message>
        <source>Snapshot {id} saved</source>
        <translation>Istantanea {id} salvata</translation>
    </message>
    <message>
        <source>Correct hand {n}</source>
        <translation>Correggi la mano {n}</translation>
    </message>
    <message>
        <source>Card model missing: the picture is shown but the table is not read. {why}</source>
        <translation>Modello delle carte mancante: l'immagine si vede ma il tavolo non viene letto. {why}</translation>
    </message>
    <message>
        <source>a card may lie unread between {a} and {b}</source>
        <translation>tra {a} e {b} potrebbe esserci una carta non letta</translation>
    </message>
    <message>
        <source>{card} lies in line with it, in no meld: check it</source>
        <translation>{card} è in linea con la combinazione ma non ne fa parte: controllala</translation>
    </message>
    <message>
        <source>suit of {cards} read from the run</source>
        <translation>seme di {cards} letto dalla scala</translation>
    </message>
    <message>
        <source>suit of {cards} not seen; a set scores the same</source>
        <translation>seme di {cards} non visto; la combinazione vale lo stesso</translation>
    </message>
    <message>
        <source>{card} also read as {other}: check it</source>
        <translation>{card} letta anche come {other}: controllala</translation>
    </message>
    <message>
        <source>{taken} taken over {read}, which would not fit: check it</source>
        <translation>{taken} preferita a {read}, che non starebbe nella combinazione: controllala</translation>
    </message>
    <message>
        <source>{taken} taken over {read}, a copy too many for the deck: check it</source>
        <translation>{taken} preferita a {read}, una copia in più di quante il mazzo ne abbia: controllala</translation>
    </message>
    <message>
        <source>it runs off the camera's view beyond {card}: check there</source>
        <translation>esce dall'inquadratura oltre {card}: controlla lì</translation>
    </message>
    <message>
        <source>read from cards in no fan: check it</source>
        <translation>letta da carte sparse, fuori da ogni ventaglio: controllala</translation>
    </message>
    <message>
        <source>This photo: {advice}</source>
        <translation>Questa foto: {advice}</translation>
    </message>
    <message>
        <source>{card} read with little confidence: check it</source>
        <translation>{card} letta con poca sicurezza: controllala</translation>
    </message>
    <message>
        <source>Table points: {points}</source>
        <translation>Punti in tavola: {points}</translation>
    </message>
    <message>
        <source>Joker</source>
        <translation>Jolly</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>Revisione</translation>
    </message>
    <message>
        <source>Replay</source>
        <translation>Rivedi</translation>
    </message>
    <message>
        <source>Click a card on the picture to correct it.</source>
        <translation>Fai clic su una carta nell'immagine per correggerla.</translation>
    </message>
    <message>
        <source>Matches and hands</source>
        <translation>Partite e mani</translation>
    </message>
    <message>
        <source>Score of the hand</source>
        <translation>Punteggio della mano</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>Esporta CSV…</translation>
    </message>
    <message>
        <source>Export JSON…</source>
        <translation>Esporta JSON…</translation>
    </message>
    <message>
        <source>Import JSON…</source>
        <translation>Importa JSON…</translation>
    </message>
    <message>
        <source>Export the match</source>
        <translation>Esporta la partita</translation>
    </message>
    <message>
        <source>Import a match</source>
        <translation>Importa una partita</translation>
    </message>
    <message>
        <source>Which card is it? (read as {card})</source>
        <translation>Quale carta è? (letta come {card})</translation>
    </message>
    <message>
        <source>Hand {n}: {a} to {b}</source>
        <translation>Mano {n}: {a} a {b}</translation>
    </message>
    <message>
        <source>Match after corrections: {a} {ta} · {b} {tb}</source>
        <translation>Partita dopo le correzioni: {a} {ta} · {b} {tb}</translation>
    </message>
    <message>
        <source>This file cannot be imported: {why}</source>
        <translation>Questo file non si può importare: {why}</translation>
    </message>
    <message>
        <source>No picture yet</source>
        <translation>Ancora nessuna immagine</translation>
    </message>
    <message>
        <source>illegal</source>
        <translation>irregolare</translation>
    </message>
    <message>
        <source>clean burraco</source>
        <translation>burraco pulito</translation>
    </message>
    <message>
        <source>illegal: {reason}</source>
        <translation>irregolare: {reason}</translation>
    </message>
    <message>
        <source>semi-clean burraco</source>
        <translation>burraco semipulito</translation>
    </message>
    <message>
        <source>dirty burraco</source>
        <translation>burraco sporco</translation>
    </message>
    <message>
        <source>{points} pts</source>
        <translation>{points} punti</translation>
    </message>
    <message>
        <source>set</source>
        <translation>combinazione</translation>
    </message>
    <message>
        <source>sequence</source>
        <translation>scala</translation>
    </message>
    <message>
        <source>legal</source>
        <translation>regolare</translation>
    </message>
    <message>
        <source>fewer than three cards</source>
        <translation>meno di tre carte</translation>
    </message>
    <message>
        <source>only wild cards</source>
        <translation>solo matte</translation>
    </message>
    <message>
        <source>two wild cards</source>
        <translation>due matte</translation>
    </message>
    <message>
        <source>suits mixed in a sequence</source>
        <translation>semi diversi in una scala</translation>
    </message>
    <message>
        <source>not consecutive</source>
        <translation>carte non consecutive</translation>
    </message>
    <message>
        <source>a rank repeated in a sequence</source>
        <translation>un valore ripetuto in una scala</translation>
    </message>
    <message>
        <source>runs past the ace</source>
        <translation>la scala gira oltre l'asso</translation>
    </message>
    <message>
        <source>an ace at both ends</source>
        <translation>un asso a entrambe le estremità</translation>
    </message>
    <message>
        <source>neither a set nor a sequence</source>
        <translation>né combinazione né scala</translation>
    </message>
    <message>
        <source>more copies of a card than the decks hold</source>
        <translation>più copie di una carta di quante ne abbiano i mazzi</translation>
    </message>
    <message>
        <source>a second set of the same rank</source>
        <translation>una seconda combinazione dello stesso valore</translation>
    </message>
    <message>
        <source>sets of this rank are not allowed</source>
        <translation>combinazioni di questo valore non ammesse</translation>
    </message>
    <message>
        <source>taken</source>
        <translation>preso</translation>
    </message>
    <message>
        <source>not taken</source>
        <translation>non preso</translation>
    </message>
    <message>
        <source>taken, not seen</source>
        <translation>preso, non visto</translation>
    </message>
    <message>
        <source>melds</source>
        <translation>carte in tavola</translation>
    </message>
    <message>
        <source>bonuses</source>
        <translation>burraco</translation>
    </message>
    <message>
        <source>closing</source>
        <translation>chiusura</translation>
    </message>
    <message>
        <source>hand</source>
        <translation>carte in mano</translation>
    </message>
    <message>
        <source>pozzetto</source>
        <translation>pozzetto</translation>
    </message>
    <message>
        <source>total</source>
        <translation>totale</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Chiaro</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Scuro</translation>
    </message>
    <message>
        <source>too dark: add light over the table</source>
        <translation>troppo buio: aggiungi luce sul tavolo</translation>
    </message>
    <message>
        <source>too bright: lower the exposure or the light</source>
        <translation>troppo chiaro: riduci l'esposizione o la luce</translation>
    </message>
    <message>
        <source>glare: move the lamp or tilt the camera so cards do not shine</source>
        <translation>riflessi: sposta la lampada o inclina la telecamera perché le carte non brillino</translation>
    </message>
    <message>
        <source>blurred: focus the camera or hold it still</source>
        <translation>sfocato: metti a fuoco la telecamera o tienila ferma</translation>
    </message>
    <message>
        <source>cards too small for the model: move the camera closer or raise the resolution</source>
        <translation>carte troppo piccole per il modello: avvicina la telecamera o aumenta la risoluzione</translation>
    </message>
    <message>
        <source>cards at the edge of the picture: move or raise the camera so the whole table shows</source>
        <translation>carte sul bordo dell'immagine: sposta o alza la telecamera perché si veda tutto il tavolo</translation>
    </message>
    <message>
        <source>Photo…</source>
        <translation>Foto…</translation>
    </message>
    <message>
        <source>Read this player's cards from a photo of the hand</source>
        <translation>Leggi le carte di questo giocatore da una foto della mano</translation>
    </message>
    <message>
        <source>Images</source>
        <translation>Immagini</translation>
    </message>
    <message>
        <source>Photo of the hand</source>
        <translation>Foto della mano</translation>
    </message>
    <message>
        <source>Could not read the photo: {error}</source>
        <translation>Impossibile leggere la foto: {error}</translation>
    </message>
    <message>
        <source>{count} cards read from {file}: check them before OK</source>
        <translation>{count} carte lette da {file}: controllale prima di OK</translation>
    </message>
</context>
</TS>
