"""Layout -> engine verdicts, flags, ledger and referee events (synthetic detections)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from desktop.meld_order import orient
from desktop.meld_reading import two_flags
from desktop.reading_referee import ILLEGAL_HOLD_S, Referee
from desktop.reading_score import parse_team_values, score_reading
from desktop.table_reading import judged_groups, read_table
from engine import get_preset
from tests.vision.layout.fans import fan
from vision.layout import build_layout
from vision.layout.types import MeldGroup, Slot
from vision.tracking import MemoryParams

RULES = get_preset("pagat")
SIZE = (1280, 720)


def group(cards, hidden=()):
    return MeldGroup(
        tuple(
            Slot(c, 0.9, (100.0 + 20 * i, 500.0), 20.0, (), i not in hidden)
            for i, c in enumerate(cards)
        )
    )


@pytest.mark.parametrize(
    ("read", "table_order", "legal"),
    [
        (["3H", "4H", "5H"], ("3H", "4H", "5H"), True),
        (["5H", "4H", "3H"], ("3H", "4H", "5H"), True),  # laid high card first
        (["8C", "JK", "6C"], ("6C", "JK", "8C"), True),
        (["KS", "KD", "KC"], ("KS", "KD", "KC"), True),  # a set keeps the order it lies in
        (["3H", "5H", "4S"], ("3H", "5H", "4S"), False),
    ],
)
def test_orient_reads_runs_low_to_high(read, table_order, legal):
    cards, verdict, flags = orient(read, RULES)
    assert (cards, verdict.legal, flags) == (table_order, legal, ())


def test_a_hidden_two_whose_role_decides_clean_or_dirty_is_flagged():
    cards = ("3H", "4H", "5H", "2H")  # as laid: the 2H at the top is a wild
    _, verdict, _ = orient(cards, RULES)
    assert verdict.clean is False
    assert two_flags(group(cards, hidden={3}), cards, verdict, RULES)
    assert two_flags(group(cards), cards, verdict, RULES) == []


def test_read_table_json_contract():
    dets = (
        fan(["5H", "4H", "3H"], 300, 450)
        + fan(["QS", "QD", "2C", "JK"], 700, 450)
        + fan(["7C", "8C", "9C", "10C", "JC", "QC", "KC"], 300, 60)
    )
    out = read_table(build_layout(dets, SIZE), RULES).to_json()
    assert set(out) == {"zones", "discard", "ledger", "flags", "score"}
    a = out["zones"]["A"]["melds"]
    assert [m["cards"] for m in a] == [["3H", "4H", "5H"], ["QS", "QD", "2C", "JK"]]
    assert a[0] == {
        "cards": ["3H", "4H", "5H"], "legal": True, "faults": [], "type": "sequence",
        "clean": True, "burraco": None, "points": 15, "confidence": 0.9,
    }  # fmt: skip
    assert a[1]["legal"] is False and "two_wilds" in a[1]["faults"]
    b = out["zones"]["B"]["melds"]
    assert (b[0]["burraco"], b[0]["points"]) == ("clean", 65)
    assert any("not legal" in f for f in out["flags"])
    assert out["ledger"] == [] and out["score"] is None


def test_a_third_copy_on_a_still_is_flagged():
    dets = fan(["7H", "7H", "7S"], 300, 450) + fan(["5H", "6H", "7H"], 300, 60)
    out = read_table(build_layout(dets, SIZE), RULES).to_json()
    assert [p["card"] for p in out["ledger"]] == ["7H"]
    assert out["ledger"][0]["resolved_as"] is None
    assert any("3 copies of 7H" in f for f in out["flags"])


def test_score_from_reading_and_options():
    dets = fan(["3H", "4H", "5H"], 300, 450) + fan(["KS", "KD", "KC"], 300, 60)
    reading = read_table(build_layout(dets, SIZE), RULES)
    pozzetto = parse_team_values("A=taken,B=not_taken", "--pozzetto", ("taken", "not_taken"))
    hands = {"A": [["4D", "JK"], []], "B": [["AS"]]}
    score, flags = score_reading(reading, RULES, "A", pozzetto, hands)
    # A: 15 on the table + 100 closing - (5 + 30) in hand; B: 30 - 15 - 100 pozzetto.
    assert score is not None
    assert (score["A"]["total"], score["B"]["total"]) == (80, -85)
    assert flags == []


@pytest.mark.parametrize(
    ("text", "error"),
    [("A=maybe", "not one of"), ("C=taken", "expected A"), ("A", "expected A")],
)
def test_bad_team_values(text, error):
    with pytest.raises(ValueError, match=error):
        parse_team_values(text, "--pozzetto", ("taken", "not_taken"))


def run_frames(referee, frames, t0=0.0, fps=10.0):
    events = []
    for k, dets in enumerate(frames):
        events += referee.update(dets, SIZE, t0 + k / fps)
    return events


def test_referee_events_of_a_growing_meld():
    ref = Referee(RULES, params=MemoryParams(persist_frames=3, persist_s=0.2))
    ev = run_frames(ref, [fan(["4H", "5H", "JK", "7H"], 300, 450)] * 5)
    assert [e["type"] for e in ev] == ["meld_laid"]
    assert ev[0]["cards"] == ["4H", "5H", "JK", "7H"] and ev[0]["team"] == "A"
    # A lay-off of the 6H pushes the joker to the top end.
    ev = run_frames(ref, [fan(["4H", "5H", "6H", "7H", "JK"], 300, 450)] * 5, t0=1.0)
    assert [e["type"] for e in ev] == ["card_added", "wild_moved"]
    assert ev[1]["card"] == "JK"
    # Two more cards complete a dirty burraco.
    ev = run_frames(ref, [fan(["4H", "5H", "6H", "7H", "JK", "9H", "10H"], 300, 450)] * 5, t0=2.0)
    assert [e["type"] for e in ev] == ["card_added", "card_added", "burraco_completed"]
    assert [e["cards"] for e in ev[:2]] == [["9H"], ["10H"]]
    assert ev[2]["kind"] == "dirty"
    # A second wild makes it illegal, with the engine's reason, once it has stayed so for
    # ILLEGAL_HOLD_S (30 frames at 10 fps: 3 s).
    ev = run_frames(
        ref, [fan(["4H", "5H", "6H", "7H", "JK", "9H", "10H", "2S"], 300, 450)] * 30, t0=3.0
    )
    assert [e["type"] for e in ev] == ["card_added", "meld_illegal"]
    assert "two_wilds" in ev[1]["faults"]
    added_at, told_at = ev[0]["t"], ev[1]["t"]
    assert ILLEGAL_HOLD_S <= told_at - added_at < ILLEGAL_HOLD_S + 0.15
    assert ev[1]["since"] == added_at  # and when it became so
    reading = ref.reading().to_json(with_events=True)
    assert [e["type"] for e in reading["events"]][:1] == ["meld_laid"]
    assert len(reading["events"]) == 8


def test_a_meld_illegal_only_until_its_last_card_is_read_is_not_announced():
    # A joker read a second after the cards around it: for that second the meld reads
    # 8D 9D JD (a gap), and then 8D 9D JK JD, legal. Nothing illegal was laid.
    ref = Referee(RULES, params=MemoryParams(persist_frames=3, persist_s=0.2))
    gap = fan(["8D", "9D", "JK", "JD"], 300, 450)
    gap = [d for d in gap if d.card != "JK"]
    ev = run_frames(ref, [gap] * 10)
    ev += run_frames(ref, [fan(["8D", "9D", "JK", "JD"], 300, 450)] * 40, t0=1.0)
    assert [e["type"] for e in ev] == ["meld_laid", "card_added"]
    assert ref.reading().melds["A"][0].verdict.legal


def test_a_wild_laid_on_a_clean_burraco_is_announced_as_making_it_dirty():
    # rules.md §5 and vector E17: adding a wild to a clean burraco is legal but makes it
    # dirty (bonus 200 -> 100); the players hear the change, not only the first kind.
    ref = Referee(RULES, params=MemoryParams(persist_frames=3, persist_s=0.2))
    clean = ["5S", "6S", "7S", "8S", "9S", "10S", "JS"]
    ev = run_frames(ref, [fan(clean, 300, 450)] * 5)
    assert [e["type"] for e in ev] == ["meld_laid", "burraco_completed"]
    assert ev[1]["kind"] == "clean"
    ev = run_frames(ref, [fan([*clean, "JK"], 300, 450)] * 5, t0=1.0)
    assert [e["type"] for e in ev] == ["card_added", "burraco_changed"]
    assert (ev[1]["kind"], ev[1]["was"]) == ("dirty", "clean")
    # a further natural card changes nothing: the burraco stays dirty, nothing to announce
    ev = run_frames(ref, [fan(["4S", *clean, "JK"], 300, 450)] * 5, t0=2.0)
    assert [e["type"] for e in ev] == ["card_added"]


def test_a_two_read_one_way_and_the_other_again_and_again_is_flagged_once():
    # The top card read 6D, then 2D (a wild in its place), then 6D, then 2D: the first 2D's
    # role changes each time without moving (rules §4.4); one doubt, told once. Only one
    # corner of the top card shows: a card seen whole keeps what it was seen as.
    ref = Referee(RULES, params=MemoryParams(persist_frames=3, persist_s=0.2))
    natural = fan(["2D", "3D", "4D", "5D", "6D"], 300, 450, second_index=False)
    misread = fan(["2D", "3D", "4D", "5D", "2D"], 300, 450, second_index=False)
    ev, t0 = [], 0.0
    for frames in ([natural] * 5, [misread] * 8, [natural] * 12, [misread] * 16):
        ev += run_frames(ref, frames, t0=t0)
        t0 += len(frames) / 10
    # re-reads are told once they hold a second (REREAD_HOLD_S): the 2D read back as 6D
    # within 0.8 s is not told, nor its return; the last 2D, still waiting when the frames
    # end, is told then
    assert [e for e in ev if e["type"] == "card_reread"] == []
    assert [e["card"] for e in ref.finish()] == ["2D"]
    assert [e["card"] for e in ev if e["type"] == "two_role_unclear"] == ["2D"]
    assert len(ref.reading().flags) == 1


def read_8h_then_9h(frames_of_8h, frames_of_9h, frames_of_8h_again=0):
    """A referee shown the run 5H 6H 7H 8H, then its top card read 9H (then 8H again), ten
    frames a second; the events it told."""
    ref = Referee(RULES, params=MemoryParams(persist_frames=3, persist_s=0.2))
    right = fan(["5H", "6H", "7H", "8H"], 300, 450, second_index=False)
    wrong = fan(["5H", "6H", "7H", "9H"], 300, 450, second_index=False)
    ev, t0 = [], 0.0
    for frames in ([right] * frames_of_8h, [wrong] * frames_of_9h, [right] * frames_of_8h_again):
        ev += run_frames(ref, frames, t0=t0)
        t0 += len(frames) / 10
    return ref, [e for e in ev if e["type"] == "card_reread"]


def test_a_card_read_another_way_for_a_moment_is_not_told_as_re_read():
    # Validation clip 8012: a 2H read 2D for a frame and back, told twice to the players
    # though nothing changed. A re-read is told once it has held REREAD_HOLD_S.
    ref, rereads = read_8h_then_9h(5, 6, 20)
    assert rereads == []
    assert ref.finish() == []  # nothing waits: the card is read as it was told


def test_a_re_read_that_holds_is_told_once_at_the_time_it_was_read():
    ref, rereads = read_8h_then_9h(5, 30)
    (reread,) = rereads
    assert (reread["card"], reread["was"]) == ("9H", "8H")
    assert reread in ref.events and reread["t"] < 1.5  # told after the hold, dated when read


def test_a_re_read_still_waiting_when_a_video_ends_is_told_then():
    ref, rereads = read_8h_then_9h(5, 5)
    assert rereads == []  # under a second: waiting
    (told,) = ref.finish()
    assert (told["type"], told["card"], told["was"]) == ("card_reread", "9H", "8H")
    assert told in ref.events and ref.finish() == []


def test_two_re_reads_of_one_card_in_a_row_are_told_as_one_change():
    from desktop.reading_referee import Referee as R

    ref = R(RULES)
    first = {"t": 1.0, "team": "A", "meld": 1, "type": "card_reread", "card": "9S", "was": "9C"}
    ref._hold_reread(first)
    ref._hold_reread({**first, "t": 1.3, "card": "9D", "was": "9S"})
    (told,) = ref._rereads_held(2.5, {1})
    assert (told["was"], told["card"], told["t"]) == ("9C", "9D", 1.0)


def test_only_a_change_of_order_the_players_can_see_is_a_move():
    from desktop.meld_reading import judge_group
    from desktop.reading_referee import _order_changed

    def read(cards):
        return judge_group("A", group(cards), RULES)

    # a set's cards lie in no order, and its wild never moves (rules §3.1, §4.6, E11)
    assert not _order_changed(read(["KS", "KC", "KH", "2H"]), read(["KC", "2H", "KS", "KH"]))
    # two copies of a card trading places (the memory's slots swap) change nothing seen,
    # nor does a run read the other way round
    two_copies = ["KH", "KH", "KS", "KC"]
    assert not _order_changed(read(two_copies), read(two_copies))
    run = ["5H", "6H", "7H", "8H", "JK"]
    assert not _order_changed(read(run), read(run[::-1]))
    # a joker moved from the top end into the run's gap is a move
    assert _order_changed(read(["4H", "5H", "7H", "JK"]), read(["4H", "5H", "JK", "7H"]))
    assert _order_changed(None, read(["4H", "5H", "6H"]))


def test_a_two_that_changes_role_without_moving_is_noticed():
    from desktop.meld_reading import judge_group
    from desktop.reading_referee import _twos_that_changed_role

    wild_at_top = judge_group("A", group(["3H", "4H", "5H", "2H"]), RULES)
    natural = judge_group("A", group(["2H", "3H", "4H", "5H"]), RULES)
    grown = judge_group("A", group(["2H", "3H", "4H", "5H", "6H"]), RULES)
    assert _twos_that_changed_role(wild_at_top, natural) == ["2H"]
    assert _twos_that_changed_role(natural, grown) == []
    assert _twos_that_changed_role(None, natural) == []


def test_a_second_copy_of_a_two_laid_as_a_wild_changes_no_role():
    # Rules §4.4 (a 2 in its own slot is natural) and §3.3 (one wild a meld): validation
    # clip 8014 laid 2D 3D 4D 5D, then a second 2D standing for the 6D. The first 2D stays
    # natural; one copy more plays a wild, none changed role.
    from desktop.meld_reading import judge_group
    from desktop.reading_referee import _twos_that_changed_role

    laid = judge_group("A", group(["2D", "3D", "4D", "5D"]), RULES)
    grown = judge_group("A", group(["2D", "3D", "4D", "5D", "2D", "7D"]), RULES)
    assert laid.verdict.legal and grown.verdict.legal
    assert _twos_that_changed_role(laid, grown) == []
    # the natural 2D turned wild without moving (its slot now a 3D's gap) is still noticed
    shifted = judge_group("A", group(["3D", "4D", "5D", "2D"]), RULES)
    natural_at_foot = judge_group("A", group(["2D", "3D", "4D", "5D"]), RULES)
    assert _twos_that_changed_role(natural_at_foot, shifted) == ["2D"]


def test_an_end_card_that_breaks_an_otherwise_legal_meld_is_read_apart_and_flagged():
    """Rules §3 (a set is cards of one rank): the KD at the fan's end, a neighbouring
    meld's corner or a lay-off that breaks the set, is shown as a card of its own."""
    from desktop.meld_reading import judge_group

    reading = judge_group("A", group(["KD", "4H", "4C", "4D"]), RULES)
    assert reading.cards == ("4H", "4C", "4D") and reading.verdict.legal
    assert reading.set_aside == ("KD",) and reading.set_aside_slots == (0,)
    assert any("KD lies at the end of meld 4H 4C 4D" in f for f in reading.flags)
    layout = build_layout(fan(["KD", "4H", "4C", "4D"], 300, 450), SIZE)
    table = read_table(layout, RULES)
    assert [m.cards for m in table.melds["A"]] == [("4H", "4C", "4D")]
    assert "cards on team A's side in no meld: KD" in table.flags
    # A wild at the other end stays in the meld; the natural stray is read apart.
    wild_end = judge_group("A", group(["2C", "4H", "5H", "6H", "9S"]), RULES)
    assert wild_end.cards == ("2C", "4H", "5H", "6H") and wild_end.set_aside == ("9S",)


@pytest.mark.parametrize(
    "cards",
    [
        ["4H", "5H", "6H", "JK", "2D"],  # a second wild laid on a meld is a fault to report
        ["2C", "4H", "5H", "6H", "2D"],  # two wilds (§3.3): either end could be the stray
        ["3H", "4H", "9S"],  # three cards: nothing left to be a meld
        ["KD", "4H", "4C", "5D"],  # neither end alone makes it legal
    ],
)
def test_an_illegal_meld_stays_whole_when_no_single_end_card_explains_it(cards):
    from desktop.meld_reading import judge_group

    reading = judge_group("A", group(cards), RULES)
    assert not reading.verdict.legal and reading.set_aside == ()
    assert sorted(reading.cards) == sorted(cards)


def test_a_card_inside_a_run_that_breaks_it_is_read_apart_and_flagged():
    """Rules §3 (a run is consecutive cards of one suit): a 9S read among 8S 7S ... 5S,
    where no end card is to blame (a covered index read as another card, new clip 8165),
    is shown as a card of its own; the run left is legal."""
    from desktop.meld_reading import judge_group

    reading = judge_group("A", group(["8S", "7S", "9S", "6S", "5S"]), RULES)
    assert sorted(reading.cards) == ["5S", "6S", "7S", "8S"] and reading.verdict.legal
    assert reading.set_aside == ("9S",) and reading.set_aside_slots == (2,)
    assert any("9S lies inside meld" in f for f in reading.flags)
    layout = build_layout(fan(["8S", "7S", "9S", "6S", "5S"], 300, 450), SIZE)
    table = read_table(layout, RULES)
    assert [sorted(m.cards) for m in table.melds["A"]] == [["5S", "6S", "7S", "8S"]]
    assert "cards on team A's side in no meld: 9S" in table.flags


@pytest.mark.parametrize(
    "cards",
    [
        ["4H", "5H", "JK", "6H", "7H"],  # a wild with no card to stand for: a fault to report
        ["4D", "5D", "9D", "7D"],  # without the 9D a gap is left: nothing explains it
        ["5H", "9S", "6H", "9C", "7H"],  # two cards break it: neither alone is to blame
    ],
)
def test_a_meld_stays_whole_when_no_single_card_inside_explains_its_fault(cards):
    from desktop.meld_reading import judge_group

    reading = judge_group("A", group(cards), RULES)
    assert not reading.verdict.legal and reading.set_aside == ()
    assert sorted(reading.cards) == sorted(cards)


def test_two_cards_at_a_meld_end_that_break_it_are_read_apart_and_flagged():
    """Rules §3 (a run is consecutive cards of one suit): a set's 4C 4D at the end of a
    spades run, read as one fan with it (new clip 8215), break it, and no single card
    explains the fault; without the two the run is legal, so they are shown as cards of
    their own and the run is judged alone."""
    from desktop.meld_reading import judge_group

    reading = judge_group("A", group(["4C", "4D", "6S", "7S", "8S", "9S"]), RULES)
    assert reading.cards == ("6S", "7S", "8S", "9S") and reading.verdict.legal
    assert reading.set_aside == ("4C", "4D") and reading.set_aside_slots == (0, 1)
    assert any("4C 4D lie at the end of meld 6S 7S 8S 9S" in f for f in reading.flags)
    layout = build_layout(fan(["4C", "4D", "6S", "7S", "8S", "9S"], 300, 450), SIZE)
    table = read_table(layout, RULES)
    assert [m.cards for m in table.melds["A"]] == [("6S", "7S", "8S", "9S")]
    assert "cards on team A's side in no meld: 4C 4D" in table.flags


@pytest.mark.parametrize(
    "cards",
    [
        ["6C", "5C", "JK", "3C", "5D", "2H"],  # the 2H may be wild: never read apart
        ["4C", "4D", "6S", "7S"],  # two cards left: not a meld
        ["4C", "9D", "6S", "7S", "8S", "KH"],  # neither end's two leave a legal meld
    ],
)
def test_a_meld_stays_whole_when_no_two_natural_cards_at_one_end_explain_its_fault(cards):
    from desktop.meld_reading import judge_group

    reading = judge_group("A", group(cards), RULES)
    assert not reading.verdict.legal and reading.set_aside == ()
    assert sorted(reading.cards) == sorted(cards)


def test_two_melds_laid_end_to_end_and_read_as_one_fan_are_read_as_two_and_flagged():
    """Rules §3 (a set is cards of one rank): a set of threes and a set of eights on one
    line read as one fan (validation still 000046) is no meld; it parts in one place only
    into two legal melds, so it is read as those two, each flagged."""
    layout = build_layout(fan(["3C", "3S", "3D", "8H", "8S", "8H"], 300, 450), SIZE)
    table = read_table(layout, RULES)
    melds = table.melds["A"]
    assert [sorted(m.cards) for m in melds] == [["3C", "3D", "3S"], ["8H", "8H", "8S"]]
    assert all(m.verdict.legal for m in melds)
    assert all(any("read as two melds laid end to end" in f for f in m.flags) for m in melds)


def test_a_run_a_card_short_is_not_parted_into_two_runs():
    # 7C 2C 9C | JC QC KC are two legal runs, but a 10C between joins them: one run whose
    # 10C the camera did not read (held-out clip 7013), not two runs of clubs end to end.
    layout = build_layout(fan(["7C", "2C", "9C", "JC", "QC", "KC"], 300, 450), SIZE)
    (meld,) = read_table(layout, RULES).melds["A"]
    assert not meld.verdict.legal and len(meld.cards) == 6


def test_a_fan_that_parts_into_two_melds_in_two_places_stays_whole():
    # 3C 3S 3D | JK 8H 8S 8D and 3C 3S 3D JK | 8H 8S 8D: nothing says where the joker lies.
    layout = build_layout(fan(["3C", "3S", "3D", "JK", "8H", "8S", "8D"], 300, 450), SIZE)
    (meld,) = read_table(layout, RULES).melds["A"]
    assert not meld.verdict.legal and len(meld.cards) == 7


def spaced(cards_and_x):
    """A meld group of (card, x) slots on one line, for fans laid at their own steps."""
    return MeldGroup(tuple(Slot(c, 0.9, (x, 500.0), 20.0, ()) for c, x in cards_and_x))


def _two_runs_with_a_wild_between(two_x: float):
    """9S 10S JS QS 24 px apart (the QS at 172), then a 2H at ``two_x``, then 10H JH QH KH
    16 px apart from 240 on: both partings around the 2H make two legal runs (2H as KS or
    as 9H)."""
    spades = [(c, 100.0 + 24 * k) for k, c in enumerate(["9S", "10S", "JS", "QS"])]
    hearts = [(c, 240.0 + 16 * k) for k, c in enumerate(["10H", "JH", "QH", "KH"])]
    return spaced([*spades, ("2H", two_x), *hearts])


def test_a_wild_between_two_runs_on_one_line_goes_to_the_fan_whose_step_it_lies_at():
    """Rules §3 (a run is consecutive cards of one suit; a wild stands for one missing
    card): 9S 10S JS QS 2H | 10H JH QH KH and 9S 10S JS QS | 2H 10H JH QH KH are both two
    legal runs. The 2H lies one spades' step (24 px) past the QS, and 1.5 of the hearts'
    (16 px) before the 10H: it is the spades' (held-out still 000004)."""
    from desktop.meld_neighbours import end_to_end

    parts = end_to_end(_two_runs_with_a_wild_between(two_x=172.0 + 24), RULES)
    assert parts is not None
    assert [p.cards for p in parts] == [
        ("9S", "10S", "JS", "QS", "2H"),
        ("10H", "JH", "QH", "KH"),
    ]
    # one hearts' step before the 10H and two of the spades' past the QS: the hearts'
    parts = end_to_end(_two_runs_with_a_wild_between(two_x=240.0 - 16), RULES)
    assert parts is not None and parts[1].cards == ("2H", "10H", "JH", "QH", "KH")


def test_a_wild_lying_at_neither_fans_step_leaves_the_fan_whole():
    # The 2H 41 px past the QS and 27 px before the 10H: 1.7 steps of either fan, so the
    # steps do not tell, and nothing else says where the 2H belongs.
    from desktop.meld_neighbours import end_to_end

    assert end_to_end(_two_runs_with_a_wild_between(two_x=213.0), RULES) is None


def test_two_runs_remembered_end_to_end_on_one_line_are_read_as_one_meld():
    """Rules §3 (a run is consecutive cards of one suit): 7D 8D 9D 10D JD and 4D 5D 6D,
    remembered as two melds though they lie on one line a fan step apart (new clip 8208),
    are one run; it is read so and flagged."""
    from vision.layout.types import MeldGroup, Slot, TableLayout, ZoneLayout

    def line(cards, x0, meld_id):
        slots = tuple(Slot(c, 0.9, (x0 + 24.0 * i, 400.0), 20.0) for i, c in enumerate(cards))
        return MeldGroup(slots, meld_id=meld_id)

    high = line(["7D", "8D", "9D", "10D", "JD"], 172.0, 1)
    low = line(["4D", "5D", "6D"], 100.0, 2)
    table = read_table(TableLayout(SIZE, {"A": ZoneLayout("A", (high, low))}), RULES)
    (meld,) = table.melds["A"]
    assert meld.cards == ("4D", "5D", "6D", "7D", "8D", "9D", "10D", "JD") and meld.meld_id == 1
    assert any("lie end to end on one line: read as one meld" in f for f in meld.flags)
    # two melds a card apart on the line, or that make no meld together, stay two
    apart = line(["4D", "5D", "6D"], 76.0, 2)
    far = read_table(TableLayout(SIZE, {"A": ZoneLayout("A", (high, apart))}), RULES)
    assert len(far.melds["A"]) == 2
    sets = line(["4C", "4S", "4H"], 100.0, 2)
    two = read_table(TableLayout(SIZE, {"A": ZoneLayout("A", (high, sets))}), RULES)
    assert len(two.melds["A"]) == 2


def test_two_runs_end_to_end_one_with_a_stray_card_at_its_far_end_are_read_as_one_meld():
    """Rules §3 (a run is consecutive cards of one suit): AS 2D 3D 4D and 5D 6D 7D 8D on one
    line a fan step apart (val23 still 000167: a neighbouring meld's AS at the run's head)
    are one run with a stray card at its far end: read as 2D ... 8D, the AS apart, flagged."""
    from vision.layout.types import MeldGroup, Slot, TableLayout, ZoneLayout

    def line(cards, x0, meld_id):
        slots = tuple(Slot(c, 0.9, (x0 + 24.0 * i, 400.0), 20.0) for i, c in enumerate(cards))
        return MeldGroup(slots, meld_id=meld_id)

    low = line(["AS", "2D", "3D", "4D"], 100.0, 1)
    high = line(["5D", "6D", "7D", "8D"], 196.0, 2)
    table = read_table(TableLayout(SIZE, {"A": ZoneLayout("A", (low, high))}), RULES)
    (meld,) = table.melds["A"]
    assert meld.cards == ("2D", "3D", "4D", "5D", "6D", "7D", "8D") and meld.verdict.legal
    assert meld.set_aside == ("AS",)
    assert any("lie end to end on one line: read as one meld" in f for f in meld.flags)
    assert "cards on team A's side in no meld: AS" in table.flags
    # the stray at the join (2D 3D 4D AS | 5D 6D 7D 8D) is no run's end: the two stay apart
    joined_at_stray = line(["2D", "3D", "4D", "AS"], 100.0, 1)
    two = read_table(TableLayout(SIZE, {"A": ZoneLayout("A", (joined_at_stray, high))}), RULES)
    assert len(two.melds["A"]) == 2
    # two melds each with a stray: nothing is joined
    both = line(["5D", "6D", "7D", "KC"], 196.0, 2)
    apart = read_table(TableLayout(SIZE, {"A": ZoneLayout("A", (low, both))}), RULES)
    assert len(apart.melds["A"]) == 2


def test_a_suit_read_from_the_run_is_said_so():
    # The 7's index was covered: its suit was taken from the run (vision.layout.suits).
    slots = list(group(["5H", "6H", "7H", "8H"]).slots)
    slots[2] = Slot("7H", 0.8, slots[2].center_xy, 20.0, (), True, suit_from_meld=True)
    layout = build_layout([], SIZE)
    zones = dict(layout.zones)
    zones["A"] = type(zones["A"])("A", (MeldGroup(tuple(slots)),))
    reading = read_table(type(layout)(SIZE, zones), RULES)
    (meld,) = reading.melds["A"]
    assert meld.verdict.legal
    assert meld.flags == (
        "team A: the suit of 7H in meld 5H 6H 7H 8H is covered or unclear; read from the run's "
        "other cards",
    )
    assert meld.to_json()["suit_from_run"] == ["7H"]
    plain = read_table(build_layout(fan(["5H", "6H", "7H", "8H"], 400, 500), SIZE), RULES)
    assert plain.melds["A"][0].flags == ()
    assert "suit_from_run" not in plain.melds["A"][0].to_json()


def test_a_suit_guessed_in_a_set_is_said_so():
    # The nine's index showed its rank only: in a set it is read as its likeliest suit
    # (vision.layout.suits), which the verdict does not rest on.
    slots = list(group(["9C", "9H", "9S"]).slots)
    slots[1] = Slot("9H", 0.25, slots[1].center_xy, 20.0, (), True, suit_from_meld=True)
    layout = build_layout([], SIZE)
    zones = dict(layout.zones)
    zones["A"] = type(zones["A"])("A", (MeldGroup(tuple(slots)),))
    (meld,) = read_table(type(layout)(SIZE, zones), RULES).melds["A"]
    assert meld.verdict.legal and meld.verdict.points == 30
    assert meld.to_json()["suit_unseen"] == ["9H"]
    assert "suit_from_run" not in meld.to_json()
    assert (
        "team A: the suit of 9H in meld 9C 9H 9S is covered or unclear; read as its "
        "likeliest; a set's verdict and points do not rest on it"
    ) in meld.flags


def test_a_card_read_in_two_suits_and_taken_in_the_runs_is_said_so():
    # The frames read the three as 3C more often than as 3S (vision.tracking.split_suits)
    slots = list(group(["3S", "4S", "5S", "6S"]).slots)
    slots[0] = Slot("3S", 0.6, slots[0].center_xy, 20.0, read_otherwise="3C")
    layout = build_layout([], SIZE)
    zones = dict(layout.zones)
    zones["A"] = type(zones["A"])("A", (MeldGroup(tuple(slots)),))
    (meld,) = read_table(type(layout)(SIZE, zones), RULES).melds["A"]
    assert meld.verdict.legal
    assert meld.flags == (
        "team A: 3S in meld 3S 4S 5S 6S was read as 3C in more frames; taken in the run's "
        "suit: check its corner",
    )
    assert meld.to_json()["suit_disputed"] == [["3S", "3C"]]


def test_a_meld_resting_on_a_card_read_with_little_confidence_is_said_so():
    # A remembered card's confidence falls when its frames disagree (a joker read as 2D in
    # half of them); video is read from 0.3, so a meld can rest on such a card.
    from desktop.meld_reading import WEAK_CARD

    def read_with(confidence: float):
        slots = list(group(["5H", "6H", "7H", "8H"]).slots)
        slots[1] = Slot("6H", confidence, slots[1].center_xy, 20.0)
        layout = build_layout([], SIZE)
        zones = dict(layout.zones)
        zones["A"] = type(zones["A"])("A", (MeldGroup(tuple(slots)),))
        (meld,) = read_table(type(layout)(SIZE, zones), RULES).melds["A"]
        return meld

    weak = read_with(WEAK_CARD - 0.03)
    assert weak.verdict.legal and weak.weak_card == "6H"
    assert weak.flags == (
        "team A: meld 5H 6H 7H 8H rests on 6H, read with little confidence (0.32): check it",
    )
    assert weak.to_json()["weak_card"] == "6H"
    sure = read_with(WEAK_CARD + 0.05)
    assert sure.flags == () and sure.weak_card is None
    assert "weak_card" not in sure.to_json()


def test_room_for_an_unread_card_in_an_illegal_run_is_said_so():
    """Rules §3 (a run is consecutive): 8D 9D JD with a whole fan step of room between 9D
    and JD may be the 10D unread there, not a fault; the flag says where to look."""
    from desktop.meld_reading import judge_group

    gap = MeldGroup(
        tuple(
            Slot(c, 0.9, (100.0 + 20 * i, 500.0), 20.0)
            for i, c in zip((0, 1, 3), ["8D", "9D", "JD"], strict=True)
        )
    )
    reading = judge_group("A", gap, RULES)
    assert not reading.verdict.legal
    assert reading.flags == (
        "team A: meld 8D 9D JD leaves room for a card between 9D and JD that the camera does "
        "not read: check there before calling the fault",
    )
    assert reading.to_json()["room_between"] == [["9D", "JD"]]
    # Evenly stepped, the same illegal run is a fault as read.
    assert judge_group("A", group(["8D", "9D", "JD"]), RULES).flags == ()


def test_room_for_an_unread_card_in_a_legal_meld_is_said_so():
    """Rules §3: a set read one card short is still a legal set, so the room a card would
    take is the only sign that the camera missed it; the flag asks to check, with no
    fault to call."""
    from desktop.meld_reading import judge_group

    roomy = MeldGroup(
        tuple(
            Slot(c, 0.9, (100.0 + 20 * i, 500.0), 20.0)
            for i, c in zip((0, 1, 3), ["8D", "8S", "8C"], strict=True)
        )
    )
    reading = judge_group("A", roomy, RULES)
    assert reading.verdict.legal
    assert reading.flags == (
        "team A: meld 8D 8S 8C leaves room for a card between 8S and 8C that the camera does "
        "not read: check there",
    )
    assert reading.to_json()["room_between"] == [["8S", "8C"]]
    assert judge_group("A", group(["8D", "8S", "8C"]), RULES).flags == ()


def loose_at(card, x, y=500.0):
    return Slot(card, 0.9, (x, y), 20.0)


@pytest.mark.parametrize(
    ("loose", "said"),
    [
        # the run's first card one step before its head (its index never joined the fan)
        ([loose_at("4H", 80.0)], ("4H", "5H")),
        # two steps before it, a card between that no frame read (3H, JK, 5H ...)
        ([loose_at("3H", 60.0)], ("3H", "5H")),
        # beyond the top card, as the run goes on
        ([loose_at("8H", 160.0)], ("8H", "7H")),
    ],
)
def test_a_loose_card_in_line_with_a_melds_end_that_the_meld_would_take_is_said_so(loose, said):
    """Rules §3 (a run is one suit in sequence, a wild may stand for a card): a run read
    without its first card is still legal, so a card in no meld lying on its line just
    beyond an end, which the run would take there, is pointed out for the players."""
    from desktop.meld_reading import judge_group

    reading = judge_group("A", group(["5H", "6H", "7H"]), RULES, loose)
    card, end = said
    assert reading.loose_in_line == (card,)
    assert reading.flags == (
        f"team A: {card} lies in line with meld 5H 6H 7H, beyond {end}, in no meld: check "
        "whether the meld holds it",
    )
    assert reading.to_json()["loose_in_line"] == [card]


@pytest.mark.parametrize(
    "loose",
    [
        [loose_at("4S", 80.0)],  # the run would not take it: another suit
        [loose_at("4H", 80.0, y=530.0)],  # off the run's line (1.5 index heights)
        [loose_at("4H", 20.0)],  # four steps away: no longer the meld's end
        [loose_at("9H", 160.0)],  # one step on, but a 9 needs the 8 first
    ],
)
def test_a_loose_card_the_meld_would_not_take_where_it_lies_is_not_pointed_out(loose):
    """Rules §3: only a card that would make the meld legal where it lies is its own."""
    from desktop.meld_reading import judge_group

    reading = judge_group("A", group(["5H", "6H", "7H"]), RULES, loose)
    assert reading.loose_in_line == () and reading.flags == ()
    assert "loose_in_line" not in reading.to_json()


def test_read_table_points_out_a_zones_loose_card_in_line_with_its_meld():
    """The table reading hands each meld its zone's loose cards: a card two steps before
    a run's head (an unread card may lie between) is pointed out in the run's flags and in
    the table's."""
    from vision.layout.types import TableLayout, ZoneLayout

    zones = {"A": ZoneLayout("A", (group(["5H", "6H", "7H"]),), (loose_at("3H", 60.0),))}
    reading = read_table(TableLayout(SIZE, zones), RULES)
    (meld,) = reading.melds["A"]
    assert meld.cards == ("5H", "6H", "7H") and meld.loose_in_line == ("3H",)
    assert any("3H lies in line with meld 5H 6H 7H" in f for f in reading.flags)


def line_of(cards, x0, step, y=500.0):
    return MeldGroup(tuple(Slot(c, 0.9, (x0 + step * i, y), 20.0) for i, c in enumerate(cards)))


def test_a_loose_card_a_fan_step_beyond_a_legal_melds_end_is_read_as_its_card():
    """Rules §3 (a run is one suit in sequence): a run's first card laid a little apart,
    in no meld, one fan step before its head (val14 still 000106 holds such a set), is
    read as the run's card, and the players are asked to check it."""
    from vision.layout.types import TableLayout, ZoneLayout

    zones = {"A": ZoneLayout("A", (group(["5H", "6H", "7H"]),), (loose_at("4H", 80.0),))}
    reading = read_table(TableLayout(SIZE, zones), RULES)
    (meld,) = reading.melds["A"]
    assert meld.cards == ("4H", "5H", "6H", "7H") and meld.verdict.legal
    assert meld.loose_in_line == ()
    assert any(
        "4H lay in line with meld 4H 5H 6H 7H, a fan step beyond 5H" in f for f in meld.flags
    )
    assert not any("in no meld:" in f and "cards on team" in f for f in reading.flags)
    assert judged_groups(zones["A"], RULES)[0].cards == ("4H", "5H", "6H", "7H")


def test_a_card_seen_whole_is_taken_by_the_corner_beside_the_fan():
    """Rules §3.1 (a set is cards of one rank): a 10H seen whole at the end of a set of tens
    (val23 still 000191) is one slot centred between its two top corners, 2.2 fan steps
    beyond the set's end; its near corner lies a step beyond, where a fanned card's index
    lies, so the set takes it."""
    from tests.vision.layout.fans import det
    from vision.layout.types import TableLayout, ZoneLayout

    tens = line_of(["10C", "10S", "10C"], 460.0, 30.0)
    corners = (det("10H", 550.0, 500.0), det("10H", 626.0, 500.0))
    whole = Slot("10H", 0.9, (588.0, 500.0), 20.0, corners)
    zones = {"A": ZoneLayout("A", (tens,), (whole,))}
    (meld,) = read_table(TableLayout(SIZE, zones), RULES).melds["A"]
    assert sorted(meld.cards) == ["10C", "10C", "10H", "10S"]
    # read at one corner only, the card is placed at its centre, too far to be taken
    alone = Slot("10H", 0.9, (588.0, 500.0), 20.0, corners[:1])
    zones = {"A": ZoneLayout("A", (tens,), (alone,))}
    (meld,) = read_table(TableLayout(SIZE, zones), RULES).melds["A"]
    assert sorted(meld.cards) == ["10C", "10C", "10S"]


def test_a_card_seen_whole_beside_a_fan_of_cards_lying_sideways_is_taken_between_its_corners():
    """Rules §3 (a run is one suit in sequence): in a run of cards lying on their sides each
    card shows two indices across the fan, and its slot lies between them; a 5S seen whole
    at the run's head (val23 still 000044) lies there between its two near corners, though
    neither corner lies on the run's line."""
    from tests.vision.layout.fans import det
    from vision.layout.types import TableLayout, ZoneLayout

    spades = line_of(["6S", "7S", "8S"], 461.0, 35.0, y=530.0)
    corners = tuple(det("5S", x, y) for x in (318.0, 418.0) for y in (498.0, 563.0))
    whole = Slot("5S", 0.9, (368.0, 530.0), 20.0, corners)
    zones = {"A": ZoneLayout("A", (spades,), (whole,))}
    (meld,) = read_table(TableLayout(SIZE, zones), RULES).melds["A"]
    assert meld.cards == ("5S", "6S", "7S", "8S")
    # one corner alone (the card read at its far edge only) lies off the line: not taken
    alone = Slot("5S", 0.9, (418.0, 498.0), 20.0, corners[2:3])
    zones = {"A": ZoneLayout("A", (spades,), (alone,))}
    (meld,) = read_table(TableLayout(SIZE, zones), RULES).melds["A"]
    assert meld.cards == ("6S", "7S", "8S")


def test_a_hands_memory_tries_a_card_seen_whole_at_its_corners_only():
    """Rules §3.1 (a set is cards of one rank; a double deck holds two of each): a hand's
    memory may keep a QH seen whole both as the set's last slot and apart from it, at the
    same place (val23 hand 000078). One of its corners' midpoints lies a fan step beyond the
    set: a still tries that place (a card lying sideways), a remembered table does not, so
    the set does not take a second QH."""
    from tests.vision.layout.fans import det
    from vision.layout.types import TableLayout, ZoneLayout

    queens = MeldGroup(
        tuple(
            Slot(c, 0.9, (474.0, y), 40.0) for c, y in (("QS", 358.0), ("QS", 391.0), ("QH", 421.0))
        ),
        (0.0, 1.0),
    )
    corners = tuple(det("QH", x, y) for x, y in ((453, 421), (496, 420), (500, 484), (459, 486)))
    again = Slot("QH", 0.9, (474.0, 420.0), 40.0, corners)
    table = TableLayout(SIZE, {"A": ZoneLayout("A", (queens,), (again,))})
    (remembered,) = read_table(table, RULES, ledger=()).melds["A"]
    assert sorted(remembered.cards) == ["QH", "QS", "QS"]
    (still,) = read_table(table, RULES).melds["A"]
    assert sorted(still.cards) == ["QH", "QH", "QS", "QS"]


@pytest.mark.parametrize(
    ("melds", "loose"),
    [
        # a wild fits any run's end: where it lies says nothing of whose it is
        ((group(["5H", "6H", "7H"]),), loose_at("JK", 80.0)),
        # an illegal meld takes nothing
        ((group(["5H", "6H", "9S"]),), loose_at("4H", 80.0)),
        # the run would not take it
        ((group(["5H", "6H", "7H"]),), loose_at("4S", 80.0)),
        # two melds' ends have it: nothing says whose it is
        (
            (group(["5H", "6H", "7H"]), line_of(["3H", "2H", "AH"], 60.0, -20.0)),
            loose_at("4H", 80.0),
        ),
    ],
)
def test_a_loose_card_in_line_is_left_in_no_meld_when_nothing_says_it_is_the_melds(melds, loose):
    from vision.layout.types import TableLayout, ZoneLayout

    zones = {"A": ZoneLayout("A", melds, (loose,))}
    reading = read_table(TableLayout(SIZE, zones), RULES)
    assert [sorted(m.cards) for m in reading.melds["A"]] == [sorted(m.cards) for m in melds]
    assert f"cards on team A's side in no meld: {loose.card}" in reading.flags


def test_a_card_that_breaks_one_meld_and_fits_the_next_on_its_line_is_that_melds():
    """Rules §3 (a run is one suit in sequence): two fans laid end to end, the spade run's
    9S read as the diamond run's last card, is read in the spade run it fits."""
    from vision.layout.types import TableLayout, ZoneLayout

    diamonds = line_of(["AD", "2H", "3D", "4D", "5D", "6D", "7D", "8D", "9S"], 100.0, 22.0)
    spades = line_of(["8S", "7S", "6S", "5S", "4S", "3S"], 100.0 + 9 * 22.0, 16.0)
    layout = TableLayout(SIZE, {"A": ZoneLayout("A", (diamonds, spades))})
    table = read_table(layout, RULES)
    assert [m.cards for m in table.melds["A"]] == [
        ("AD", "2H", "3D", "4D", "5D", "6D", "7D", "8D"),
        ("3S", "4S", "5S", "6S", "7S", "8S", "9S"),
    ]
    assert all(m.verdict.legal for m in table.melds["A"])
    assert not any("in no meld" in f or "does not fit" in f for f in table.flags)


@pytest.mark.parametrize(
    ("spades_x0", "spades_y", "spades"),
    [
        (100.0 + 12 * 22.0, 500.0, ["8S", "7S", "6S"]),  # three steps on: not the next card
        (100.0 + 9 * 22.0, 530.0, ["8S", "7S", "6S"]),  # off the line: a meld beside it
        (100.0 + 9 * 22.0, 500.0, ["7S", "6S", "5S"]),  # on the line, but 9S does not fit
    ],
)
def test_a_card_read_apart_stays_apart_unless_it_lies_next_on_a_meld_it_fits(
    spades_x0, spades_y, spades
):
    from vision.layout.types import TableLayout, ZoneLayout

    diamonds = line_of(["3D", "4D", "5D", "6D", "9S"], 100.0 + 4 * 22.0, 22.0)
    other = line_of(spades, spades_x0, 16.0, spades_y)
    layout = TableLayout(SIZE, {"A": ZoneLayout("A", (diamonds, other))})
    table = read_table(layout, RULES)
    assert table.melds["A"][0].cards == ("3D", "4D", "5D", "6D")
    assert table.melds["A"][0].set_aside == ("9S",)
    assert "9S" not in table.melds["A"][1].cards


def test_a_card_read_in_the_next_meld_on_its_line_is_not_told_added_to_the_first():
    """A card the memory put at the end of one meld, read in the meld it fits beside it,
    is not announced as a card added to the meld it breaks."""
    from dataclasses import replace

    from vision.layout.types import TableLayout, ZoneLayout
    from vision.tracking import EventKind, TrackEvent

    diamonds = replace(line_of(["3D", "4D", "5D", "6D", "9S"], 100.0, 22.0), meld_id=1)
    spades = replace(line_of(["8S", "7S", "6S"], 100.0 + 5 * 22.0, 16.0), meld_id=2)
    referee = Referee(RULES)
    state = TableLayout(SIZE, {"A": ZoneLayout("A", (diamonds, spades))})
    referee.memory.state = lambda: state  # type: ignore[method-assign]
    added = TrackEvent(1.0, EventKind.CARDS_ADDED, "A", 1, ("6D", "9S"), (3, 4))
    events = referee.apply([added], 1.0)
    assert [e["cards"] for e in events if e["type"] == "card_added"] == [["6D"]]
    assert [m.cards for m in referee.reading().melds["A"]] == [
        ("3D", "4D", "5D", "6D"),
        ("6S", "7S", "8S", "9S"),
    ]


def test_a_held_last_frame_is_read_and_told_at_its_own_time():
    """A folder's last photo is the table as the hand ends: a card it alone shows is read
    once the frame is held, and told at the photo's time. Without the hold the memory has
    seen the card once, too few times to believe it."""
    params = MemoryParams(persist_frames=3, persist_s=0.8)
    photos = [fan(["4H", "5H", "6H"], 300, 450)] * 3 + [fan(["4H", "5H", "6H", "7H"], 300, 450)]
    unheld, held = Referee(RULES, params=params), Referee(RULES, params=params)
    for ref in (unheld, held):
        run_frames(ref, photos, fps=1.0)
    assert [list(m.cards) for m in unheld.reading().melds["A"]] == [["4H", "5H", "6H"]]
    events = held.hold_last_frame()
    assert [list(m.cards) for m in held.reading().melds["A"]] == [["4H", "5H", "6H", "7H"]]
    assert [(e["type"], e["cards"], e["t"]) for e in events] == [("card_added", ["7H"], 3.0)]
    assert held.events[-1] is events[0]
    assert held.hold_last_frame() == []  # held once


def test_holding_before_any_frame_does_nothing():
    ref = Referee(RULES)
    assert ref.hold_last_frame() == [] and ref.reading().melds.get("A", ()) == ()


def _with_rivals(cards, rivals_at, far_at=None):
    """A group whose slot k was read as ``cards[k]`` with ``rivals_at[k]`` weighed nearly
    as much (``CardDetection.rivals``) and ``far_at[k]`` weighed less (``far_rivals``)."""
    from vision.types import CardDetection

    far_at = far_at or {}
    slots = []
    for i, card in enumerate(cards):
        x = 100.0 + 20 * i
        det = CardDetection(
            card,
            0.6,
            (x - 6, 490.0, x + 6, 510.0),
            rivals=rivals_at.get(i, ()),
            far_rivals=far_at.get(i, ()),
        )
        slots.append(Slot(card, 0.6, (x, 500.0), 20.0, (det,)))
    return MeldGroup(tuple(slots))


def test_a_card_whose_near_rival_alone_makes_the_meld_legal_is_read_as_it_and_flagged():
    """Rules §3 (a run is consecutive cards of one suit): a covered 9H read 6H, the
    classifier weighing 9H nearly as much, makes 7H 8H 6H 10H illegal; the one rival that
    makes it legal is read, and the players are asked to check it."""
    from desktop.meld_reading import judge_group

    reading = judge_group("A", _with_rivals(["7H", "8H", "6H", "10H"], {2: ("9H",)}), RULES)
    assert reading.cards == ("7H", "8H", "9H", "10H") and reading.verdict.legal
    assert reading.set_aside == ()
    assert (
        "team A: 9H in meld 7H 8H 9H 10H was read as 6H, with 9H close behind, and only 9H "
        "makes the meld legal: read as 9H; check it"
    ) in reading.flags


def test_a_far_rival_is_taken_only_where_no_near_rival_makes_the_meld_legal():
    """Rules §3: a covered 9S read 8S in 6S 7S 8S 8S 10S, the classifier weighing 9S far
    less (a still's far rival): no near rival fits, so 9S is read, and the players are told
    it was further behind. Where a near rival fits, a far one is never tried."""
    from desktop.meld_reading import judge_group

    far = judge_group("A", _with_rivals(["6S", "7S", "8S", "8S", "10S"], {}, {3: ("9S",)}), RULES)
    assert far.cards == ("6S", "7S", "8S", "9S", "10S") and far.verdict.legal
    assert far.rival_taken == ("8S", "9S")
    assert any("with 9S further behind, and only 9S makes the meld legal" in f for f in far.flags)
    near_first = judge_group(
        "A", _with_rivals(["7H", "8H", "6H", "10H"], {2: ("9H",)}, {1: ("6H",)}), RULES
    )
    assert near_first.cards == ("7H", "8H", "9H", "10H") and near_first.rival_taken == ("6H", "9H")


def test_no_rival_is_taken_when_two_would_do_or_none_does():
    """A set KS KD read with a QC whose rivals are KC and KH: either makes it legal, so
    nothing says which; it stays illegal. A rival that fits nothing changes nothing (the
    9S inside the spades run is still read apart, rule N)."""
    from desktop.meld_reading import judge_group

    two = judge_group("A", _with_rivals(["KS", "KD", "QC"], {2: ("KC", "KH")}), RULES)
    assert two.cards == ("KS", "KD", "QC") and not two.verdict.legal
    none = judge_group("A", _with_rivals(["8S", "7S", "9S", "6S", "5S"], {2: ("QD",)}), RULES)
    assert none.set_aside == ("9S",) and none.verdict.legal


def test_a_legal_meld_keeps_its_cards_whatever_its_rivals():
    from desktop.meld_reading import judge_group

    reading = judge_group("A", _with_rivals(["7H", "8H", "9H"], {1: ("8D",), 2: ("6H",)}), RULES)
    assert reading.cards == ("7H", "8H", "9H")
    assert not any("read as" in f for f in reading.flags)


def test_read_table_reads_a_card_as_its_fitting_rival_from_the_readers_detections():
    """The rival travels from the reader's detection through the layout to the referee."""
    from dataclasses import replace

    dets = fan(["7H", "8H", "9H", "10H"], 300, 450, second_index=False)
    dets = [replace(d, card="6H", rivals=("9H",)) if d.card == "9H" else d for d in dets]
    table = read_table(build_layout(dets, SIZE), RULES)
    assert [m.cards for m in table.melds["A"]] == [("7H", "8H", "9H", "10H")]
    assert any("read as 9H" in f for f in table.flags)


def _zone_of_loose(*slots):
    from vision.layout.types import TableLayout, ZoneLayout

    return TableLayout(SIZE, {"A": ZoneLayout("A", (), tuple(slots))})


def test_cards_in_no_fan_that_lie_together_and_make_a_meld_are_read_as_one_and_flagged():
    """Rules §3.1 (a set is three or more cards of one rank): a column of jacks fanned from
    its far end (held-out still 000022), each card read but none joined into a fan, is read
    as the set, and the players are asked to check it."""
    column = [Slot("JC", 0.8, (598.0, 79.0), 34.0), Slot("JD", 0.8, (589.0, 238.0), 34.0)]
    column.append(Slot("JC", 0.8, (586.0, 284.0), 34.0))
    reading = read_table(_zone_of_loose(*column), RULES)
    (meld,) = reading.melds["A"]
    assert sorted(meld.cards) == ["JC", "JC", "JD"] and meld.verdict.legal
    # a hand's memory builds its melds fan by fan: the cards it keeps in no meld stay so
    assert read_table(_zone_of_loose(*column), RULES, ledger=()).melds["A"] == ()
    assert any("read from cards lying together in no fan" in f for f in meld.flags)
    assert meld.to_json()["gathered"] is True
    assert not any("in no meld" in f for f in reading.flags)


def test_cards_in_no_fan_lie_together_by_their_nearest_corners():
    """Rules §3.1: the same column of jacks as the model read it (held-out still 000022),
    index height 30 px, the top JC's slot centred at its far corners: 159 px from the JD,
    past the reach of five index heights, but its near corner 1.5 index heights from it,
    within a fan's step. The three lie together, and make the set."""
    from vision.types import CardDetection

    def corner(card: str, x: float, y: float) -> CardDetection:
        return CardDetection(card, 0.8, (x - 15, y - 5, x + 15, y + 5))

    top = Slot("JC", 0.8, (598.0, 79.0), 30.0, (corner("JC", 598, 79), corner("JC", 595, 193)))
    column = [top, Slot("JD", 0.8, (589.0, 238.0), 30.0), Slot("JC", 0.8, (586.0, 284.0), 30.0)]
    (meld,) = read_table(_zone_of_loose(*column), RULES).melds["A"]
    assert sorted(meld.cards) == ["JC", "JC", "JD"] and meld.verdict.legal
    # seen at its far corners only, the top card lies apart, and two cards make no meld
    alone = replace(top, detections=(corner("JC", 598, 79),))
    assert read_table(_zone_of_loose(alone, *column[1:]), RULES).melds["A"] == ()


def test_loose_cards_seen_whole_lying_apart_are_not_gathered():
    """Rules §3.1: a 9D, a 9S and a 2S lying loose, each seen at two corners, the nearest
    corners 2.4 and 3.0 index heights apart (val23 still 000174, a table with no meld):
    further apart than a fan lays cards, so no set is read from them."""
    from vision.types import CardDetection

    def seen(card: str, a: tuple[float, float], b: tuple[float, float]) -> Slot:
        boxes = tuple(CardDetection(card, 0.8, (x - 21, y - 7, x + 21, y + 7)) for x, y in (a, b))
        return Slot(card, 0.8, a, 42.6, boxes)

    cards = [
        seen("9D", (429.0, 279.0), (677.0, 214.0)),
        seen("9S", (671.0, 317.0), (815.0, 416.0)),
        seen("2S", (695.0, 462.0), (577.0, 679.0)),
    ]
    assert read_table(_zone_of_loose(*cards), RULES).melds["A"] == ()


def test_a_run_gathered_from_cards_in_no_fan_is_read_in_order_along_its_line():
    """Rules §3 (a run is one suit in sequence): the cards are read in the order they lie."""
    from vision.layout.types import TableLayout, ZoneLayout

    loose = [loose_at("7H", 300.0), loose_at("5H", 200.0), loose_at("6H", 250.0, 520.0)]
    (meld,) = read_table(_zone_of_loose(*loose), RULES).melds["A"]
    assert meld.cards == ("5H", "6H", "7H") and meld.verdict.legal
    # a meld read from a fan carries no such mark
    (fanned,) = read_table(
        TableLayout(SIZE, {"A": ZoneLayout("A", (group(["5H", "6H", "7H"]),), ())}), RULES
    ).melds["A"]
    assert "gathered" not in fanned.to_json() and not fanned.flags


def test_a_neighbours_card_lying_among_cards_in_no_fan_is_left_out_of_the_meld_they_make():
    """Rules §3 (a run is one suit in sequence): a column of clubs 10C-AC in no fan with a
    neighbouring meld's 9S beside the QC (val23 still 000153) is read as the run, the 9S
    left in no meld."""
    column = [loose_at(card, 600.0, 300.0 + 30 * k) for k, card in enumerate(["10C", "JC"])]
    column += [loose_at("QC", 600.0, 360.0), loose_at("9S", 590.0, 362.0)]
    column += [loose_at(card, 600.0, 390.0 + 30 * k) for k, card in enumerate(["KC", "AC"])]
    reading = read_table(_zone_of_loose(*column), RULES)
    (meld,) = reading.melds["A"]
    assert meld.cards == ("10C", "JC", "QC", "KC", "AC") and meld.verdict.legal
    assert "cards on team A's side in no meld: 9S" in reading.flags


def test_cards_in_no_fan_stay_loose_when_more_than_one_card_could_be_left_out():
    """Rules §3 and §3.1: 7D 7H 8H JK lying in that order make a set without the 8H and a
    run without the 7D; nothing says which, so all stay in no meld."""
    loose = [loose_at(card, 200.0 + 30 * k) for k, card in enumerate(["7D", "7H", "8H", "JK"])]
    reading = read_table(_zone_of_loose(*loose), RULES)
    assert reading.melds["A"] == ()
    assert "cards on team A's side in no meld: 7D 7H 8H JK" in reading.flags


@pytest.mark.parametrize(
    "loose",
    [
        # together, but no meld
        (loose_at("5H", 200.0), loose_at("9S", 240.0), loose_at("KD", 280.0)),
        # a run's cards, but each lies far from the others (over 5 index heights)
        (loose_at("5H", 100.0), loose_at("6H", 250.0), loose_at("7H", 400.0)),
        # two cards make no meld
        (loose_at("5H", 200.0), loose_at("6H", 240.0)),
        # a second wild is the players' fault to report, never a card to leave out
        tuple(loose_at(c, 200.0 + 30 * k) for k, c in enumerate(["3H", "JK", "5H", "2C"])),
    ],
)
def test_cards_in_no_fan_stay_loose_unless_all_lying_together_make_a_meld(loose):
    reading = read_table(_zone_of_loose(*loose), RULES)
    assert reading.melds["A"] == ()
    assert f"cards on team A's side in no meld: {' '.join(s.card for s in loose)}" in (
        reading.flags
    )


def _set_with_a_third_ks(least_sure_rival, next_rival):
    """KS KS KS KD fanned on team A's side, its last KS the least sure (0.4), read with
    ``least_sure_rival`` close behind, and the KS before it (0.5) with ``next_rival``. Two
    copies with a rival that would make the set legal: rule RV (one rival that alone fits)
    cannot say which to take."""
    from dataclasses import replace

    dets = fan(["KS", "KS", "KS", "KD"], 300, 450, second_index=False)
    spades = [k for k, d in enumerate(dets) if d.card == "KS"]
    doubted = ((spades[-1], 0.4, least_sure_rival), (spades[-2], 0.5, next_rival))
    for k, confidence, rival in doubted:
        dets[k] = replace(dets[k], confidence=confidence, rivals=(rival,))
    return dets


def test_a_still_meld_with_a_third_copy_reads_its_least_sure_copy_as_its_close_second():
    """Rules §1 (two decks: at most two of each card): a still's set KS KS KS KD cannot be;
    its least sure KS, read with KC close behind, is read as KC and the players are asked
    to check it. The ledger then has nothing left to report."""
    table = read_table(build_layout(_set_with_a_third_ks("KC", "KH"), SIZE), RULES)
    (meld,) = table.melds["A"]
    assert sorted(meld.cards) == ["KC", "KD", "KS", "KS"] and meld.verdict.legal  # not KH
    assert (
        f"team A: meld {' '.join(meld.cards)} was read with more copies of KS than the deck "
        "holds: one read as KC, its close second; check it"
    ) in meld.flags
    assert table.ledger == ()
    assert table.to_json()["zones"]["A"]["melds"][0]["copy_beyond_deck"] == [["KS", "KC"]]


def test_a_third_copy_stays_flagged_when_its_close_second_has_no_free_copy():
    """Both KC lie on the table already (team B's KC KC KH): the third KS cannot be a KC
    either, whichever copy it is, so nothing is read otherwise and the ledger's flag stays."""
    dets = _set_with_a_third_ks("KC", "KC") + fan(["KC", "KC", "KH"], 300, 60, second_index=False)
    table = read_table(build_layout(dets, SIZE), RULES)
    (meld,) = table.melds["A"]
    assert "KC" not in meld.cards and "KH" not in meld.cards  # (rule N reads one KS apart)
    assert not any("than the deck holds" in f for f in table.flags)
    assert [p.card for p in table.ledger] == ["KS"] and table.ledger[0].resolved_as is None
    assert any("3 copies of KS" in f for f in table.flags)


def test_a_hands_memory_settles_its_own_ledger_so_its_table_is_not_read_otherwise():
    """With the memory's ledger given, read_table changes no card (the memory weighs each
    card's frames; a still has only the reader's second choice)."""
    layout = build_layout(_set_with_a_third_ks("KC", "KH"), SIZE)
    table = read_table(layout, RULES, ledger=())
    (meld,) = table.melds["A"]
    assert "KC" not in meld.cards and "KH" not in meld.cards
    assert not any("than the deck holds" in f for f in table.flags)


def test_cards_at_a_melds_end_that_continue_the_meld_laid_end_to_end_with_it_go_to_it():
    """Rules §3 (a run is consecutive cards of one suit): a fan read as 5D 6D 7D 8D JS 10S,
    lying end to end with 9S 8S 7S 6S a fan step on (held-out still 000064: a spades run's
    top cards read into the diamonds run before it), is 5D 6D 7D 8D and 6S ... JS: no
    single end card explains the first meld's fault, the two at its end do, and they
    continue the spades run on its line."""
    from vision.layout.types import TableLayout, ZoneLayout

    def line(cards, x0, meld_id):
        slots = tuple(Slot(c, 0.9, (x0 + 24.0 * i, 400.0), 20.0) for i, c in enumerate(cards))
        return MeldGroup(slots, meld_id=meld_id)

    def read(first, second):
        zone = ZoneLayout("A", (line(first, 100.0, 1), line(second, 100.0 + 24 * len(first), 2)))
        return sorted(m.cards for m in read_table(TableLayout(SIZE, {"A": zone}), RULES).melds["A"])

    assert read(["5D", "6D", "7D", "8D", "JS", "10S"], ["9S", "8S", "7S", "6S"]) == [
        ("5D", "6D", "7D", "8D"),
        ("6S", "7S", "8S", "9S", "10S", "JS"),
    ]
    # one card at the end does it alone
    assert read(["5D", "6D", "7D", "8D", "10S"], ["9S", "8S", "7S"]) == [
        ("5D", "6D", "7D", "8D"),
        ("7S", "8S", "9S", "10S"),
    ]
    # two cards that do not continue the neighbour are not taken into it (they are read
    # apart from the meld they lie in, as before)
    assert read(["5D", "6D", "7D", "8D", "QS", "KS"], ["9S", "8S", "7S", "6S"]) == [
        ("5D", "6D", "7D", "8D"),
        ("6S", "7S", "8S", "9S"),
    ]


def test_a_still_reads_a_runs_first_cards_laid_apart_one_fan_step_after_another():
    """Rules §3 (a run is consecutive cards of one suit): a run's first two cards laid a
    little apart from its fan, each a fan step before the next (val23 still 000153: 10C JC
    before QC KC AC), are the run's in a still: it takes the JC in line with its head, then
    the 10C in line with the JC. A hand's memory takes one card a meld, as before."""
    from vision.layout.types import TableLayout, ZoneLayout

    clubs = line_of(["QC", "KC", "AC"], 140.0, 20.0)
    loose = (loose_at("10C", 100.0), loose_at("JC", 120.0))
    table = TableLayout(SIZE, {"A": ZoneLayout("A", (clubs,), loose)})
    still = read_table(table, RULES)
    (meld,) = still.melds["A"]
    assert meld.cards == ("10C", "JC", "QC", "KC", "AC")
    # each taken card is said, with the card it lay beyond, for the players to check
    assert any("10C lay in line with meld" in f and "beyond JC" in f for f in meld.flags)
    assert any("JC lay in line with meld" in f and "beyond QC" in f for f in meld.flags)
    (remembered,) = read_table(table, RULES, ledger=()).melds["A"]
    assert remembered.cards == ("JC", "QC", "KC", "AC")
    # a card two steps on from the taken one is not in line with it: it stays apart
    far = (loose_at("9C", 60.0), loose_at("JC", 120.0))
    table = TableLayout(SIZE, {"A": ZoneLayout("A", (clubs,), far)})
    (meld,) = read_table(table, RULES).melds["A"]
    assert meld.cards == ("JC", "QC", "KC", "AC")


def test_a_card_in_line_with_two_melds_ends_is_the_one_it_fits():
    """Rules §3 and §3.1 (a run is one suit in sequence, a set one rank): between a set of
    sixes and a clubs run laid end to end, a KC and a 6S lie in no meld, each a fan step
    beyond both melds' ends (val23 still 000101). The set could not hold the KC, nor the run
    the 6S: each card is the meld it fits. Where both melds would take a card, nothing says
    whose it is (``test_a_loose_card_in_line_is_left_in_no_meld_when_nothing_says_...``)."""
    from vision.layout.types import TableLayout, ZoneLayout

    sixes = line_of(["6C", "6H", "6D", "6H"], 100.0, 20.0)
    clubs = line_of(["QC", "JC", "10C", "9C"], 215.0, 20.0)
    loose = (loose_at("6S", 185.0), loose_at("KC", 190.0))
    reading = read_table(TableLayout(SIZE, {"A": ZoneLayout("A", (sixes, clubs), loose)}), RULES)
    assert sorted(sorted(m.cards) for m in reading.melds["A"]) == [
        ["10C", "9C", "JC", "KC", "QC"],
        ["6C", "6D", "6H", "6H", "6S"],
    ]
    assert not any("in no meld:" in f and "cards on team" in f for f in reading.flags)
    # a hand's memory keeps stray readings in no meld: there any end beside a card holds it
    # back (new clip 8183: a second 4D taken into a set of fours)
    table = TableLayout(SIZE, {"A": ZoneLayout("A", (sixes, clubs), loose)})
    remembered = read_table(table, RULES, ledger=())
    assert sorted(sorted(m.cards) for m in remembered.melds["A"]) == [
        ["10C", "9C", "JC", "QC"],
        ["6C", "6D", "6H", "6H"],
    ]
