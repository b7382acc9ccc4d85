"""``arbitro rules``: the rules engine from the command line, JSON in and JSON out.

``check`` judges one meld given as cards; ``play``, ``close`` and ``score`` read an object
shaped like the ``input`` of an ``extend``, ``close`` or ``score`` vector of
rules-vectors.json (a file, or ``-`` for standard input) and print one shaped like its
``expected`` (plus ``faults`` for play and close). Bad input: one line on stderr, exit 2.
Only the standard library and ``engine`` are imported, so the command starts fast.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, NoReturn

import engine

EXIT_BAD_INPUT = 2


class _OneLineParser(argparse.ArgumentParser):
    """Usage errors as one line on stderr (exit 2), like every other bad input."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {message}\n")


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "rules",
        help="judge melds, plays and closings; score hands and matches (JSON out)",
        description="The Burraco rules engine: JSON in, JSON out. Bad input exits 2.",
    )
    # the "rules" parser itself is made by the dispatcher, with its parser class
    parser.error = _OneLineParser.error.__get__(parser)
    parser.set_defaults(func=run)
    commands = parser.add_subparsers(
        dest="rules_command", required=True, parser_class=_OneLineParser
    )
    check = commands.add_parser("check", help="judge one meld given as cards, e.g. 2H 3H 4H")
    check.add_argument("cards", nargs="+", metavar="CARD", help="QH, 10S, JK ... in table order")
    check.add_argument(
        "--any-order", action="store_true", help="cards in any order: judge the best reading"
    )
    for name, what in (
        ("play", "judge a play on a team's melds (an extend vector's input)"),
        ("close", "judge the end of a turn (a close vector's input)"),
        ("score", "score a hand or a match (a score vector's input)"),
    ):
        command = commands.add_parser(name, help=what)
        command.add_argument("file", metavar="FILE|-", help="JSON file, or - for stdin")
    for command in commands.choices.values():
        command.add_argument(
            "--preset",
            choices=sorted(engine.PRESETS),
            help="rule set (default: the input's variant, else pagat)",
        )
        command.add_argument(
            "--rules-file", metavar="FILE", help="custom rules: JSON of Rules.to_dict()"
        )


def run(args: argparse.Namespace) -> int:
    try:
        result = _answer(args)
    except (engine.RulesError, json.JSONDecodeError, OSError, UnicodeDecodeError) as error:
        message = " ".join(str(error).split()) or type(error).__name__
        print(f"arbitro rules {args.rules_command}: {message}", file=sys.stderr)
        return EXIT_BAD_INPUT
    print(json.dumps(result))
    return 0


def _answer(args: argparse.Namespace) -> dict[str, Any]:
    rules = _chosen_rules(args)
    if args.rules_command == "check":
        cards = engine.parse_cards(args.cards)
        meld_rules = rules or engine.PAGAT
        engine.check_card_count(cards, meld_rules.decks, meld_rules.jokers)
        return engine.judge_meld(cards, meld_rules, any_order=args.any_order).to_json()
    data = _read_json(args.file)
    if args.rules_command == "play":
        play = engine.Play.from_json(data)
        variant = data.get("variant") if isinstance(data, dict) else None
        chosen = rules or (engine.get_preset(variant) if isinstance(variant, str) else None)
        return engine.judge_play_input(play, chosen or engine.PAGAT).to_json()
    if args.rules_command == "close":
        return engine.judge_close(engine.CloseSituation.from_json(data), rules).to_json()
    if isinstance(data, dict) and "matchBefore" in data:
        match = engine.MatchInput.from_json(data)
        return engine.score_match_input(match, rules or engine.PAGAT).to_json()
    return engine.score_hand(engine.HandInput.from_json(data), rules).to_json()


def _chosen_rules(args: argparse.Namespace) -> engine.Rules | None:
    if args.rules_file:
        return engine.Rules.from_dict(_read_json(args.rules_file))
    return None if args.preset is None else engine.get_preset(args.preset)


def _read_json(path: str) -> Any:
    if path == "-":
        text = sys.stdin.read()
    else:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        where = "stdin" if path == "-" else path
        message = f"{where} is not valid JSON: {error.msg}"
        raise json.JSONDecodeError(message, error.doc, error.pos) from None
