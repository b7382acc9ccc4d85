"""``arbitro read``: read a whole table from an image, a video, a folder, a camera or the
demo, judge every meld, and print the reading (``--json``: one object).

    arbitro read [--json] [--events] [--preset NAME] [--zones FILE]
                 [--closed-by A|B|none] [--pozzetto A=taken,B=not_taken]
                 [--hand A=4D,JK] [--hand B=photo.jpg] SOURCE

A still image is read as it is; a video, a folder or a camera through the hand's memory,
and the state at the end is printed (``--events``: with the timestamped events).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

EXIT_BAD_INPUT = 2
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp", ".webp", ".tif", ".tiff")


class BadInput(Exception):
    """A problem the user can fix; the message is the one line printed."""


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = subparsers.add_parser(
        "read", help="read a table: melds, verdicts, ledger, score",
        description="Read every meld on the table and judge it; print the table's reading.",
    )  # fmt: skip
    p.add_argument(
        "source", metavar="SOURCE", help="image, video, folder, camera (0, cam:NAME) or demo"
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--events", action="store_true", help="also give the timestamped events")
    p.add_argument("--preset", default="pagat", help="rule preset (default pagat)")
    p.add_argument("--zones", type=Path, default=None, help="zone calibration JSON")
    p.add_argument(
        "--closed-by", default=None, help="team that closed: A, B, or none (stock ran out)"
    )
    p.add_argument(
        "--pozzetto", default="", help="each pozzetto: A=taken,B=not_taken (or taken_unseen)"
    )
    p.add_argument(
        "--hand", action="append", default=[], help="a partner's cards: A=4D,JK or A=IMAGE"
    )
    p.add_argument("--models", type=Path, default=None, help="models folder (default: shipped)")
    p.add_argument(
        "--sample-fps", type=float, default=10.0, help="frames per second read from a video"
    )
    p.add_argument("--frames", type=int, default=0, help="stop after this many frames (0: all)")
    p.set_defaults(func=run)


def make_reader(models_dir: Path | None) -> Any:
    """The card reader (tests replace this with a stub)."""
    from vision.detector import load_reader

    return load_reader(models_dir)


def _options(args: argparse.Namespace) -> dict[str, Any]:
    from desktop.reading_score import POZZETTO_STATES, hand_cards, parse_hand, parse_team_values
    from engine import RulesError, get_preset

    try:
        rules = get_preset(args.preset)
    except RulesError as error:
        raise BadInput(str(error)) from error
    closed_by = args.closed_by
    if closed_by is not None:
        closed_by = closed_by.strip()
        closed_by = None if closed_by.lower() in ("none", "stock") else closed_by.upper()
        if closed_by not in (None, "A", "B"):
            raise BadInput(f"--closed-by: expected A, B or none, got {args.closed_by!r}")
    try:
        pozzetto = parse_team_values(args.pozzetto, "--pozzetto", POZZETTO_STATES)
        hands_raw = [parse_hand(h) for h in args.hand]
    except ValueError as error:
        raise BadInput(str(error)) from error
    hands: dict[str, list[Any]] = {}
    for team, value in hands_raw:
        if value.lower().endswith(IMAGE_SUFFIXES):
            if not Path(value).is_file():
                raise BadInput(f"--hand: no such image {value}")
            hands.setdefault(team, []).append(Path(value))
        else:
            try:
                hands.setdefault(team, []).append(hand_cards(value))
            except ValueError as error:
                raise BadInput(str(error)) from error
    zones = None
    if args.zones is not None:
        from vision.layout.zones import ZoneMap

        try:
            zones = ZoneMap.load(args.zones)
        except ValueError as error:
            raise BadInput(str(error)) from error
    scoring = closed_by is not None or args.closed_by is not None
    return {"rules": rules, "closed_by": closed_by, "scoring": scoring,
            "pozzetto": pozzetto, "hands": hands, "zones": zones}  # fmt: skip


def _read_frame(reader: Any, image_bgr: Any) -> tuple[list[Any], Any]:
    """Card readings of one frame for the hand's memory (at the reader's tracking
    threshold), and the card backs when the reader reports them (for the piles)."""
    if hasattr(reader, "read_for_memory"):
        reading = reader.read_for_memory(image_bgr)
        return list(reading.detections), list(reading.backs_xyxy)
    return reader.detect(image_bgr), None


def _read(args: argparse.Namespace, opts: dict[str, Any]) -> dict[str, Any]:
    from desktop.reading_referee import Referee
    from desktop.reading_score import read_hand_photo, score_reading
    from desktop.session_frames import read_photo
    from vision.detector import ModelMissingError
    from vision.sources import FolderSource, ImageSource, SourceError, open_source

    try:
        source = open_source(args.source, sample_fps=args.sample_fps)
        reader = make_reader(args.models)
    except (SourceError, ModelMissingError) as error:
        raise BadInput(str(error)) from error
    rules = opts["rules"]
    referee = Referee(rules, opts["zones"])
    picture: list[str] = []  # a still's picture checks: why its reading may fall short
    try:
        with source:
            if isinstance(source, ImageSource):
                frame = next(iter(source))
                photo = read_photo(reader, frame.image_bgr, opts["zones"], rules)
                reading, picture = photo.table, list(photo.picture)
            else:
                count = 0
                try:
                    for frame in source:
                        h, w = frame.image_bgr.shape[:2]
                        dets, backs = _read_frame(reader, frame.image_bgr)
                        referee.update(dets, (w, h), frame.t_monotonic, backs)
                        count += 1
                        if args.frames and count >= args.frames:
                            break
                except KeyboardInterrupt:
                    pass  # a camera runs until stopped; report what was seen
                if isinstance(source, FolderSource):
                    referee.hold_last_frame()  # the last photo is the table as it ends
                else:
                    referee.finish()  # re-reads still waiting are told
                reading = referee.reading()
    except SourceError as error:
        raise BadInput(str(error)) from error
    hands: dict[str, list[list[str]]] = {}
    photo_flags: list[str] = []  # cards read from a photo are the model's: say so
    for team, items in opts["hands"].items():
        hands[team] = []
        for item in items:
            cards = item if isinstance(item, list) else read_hand_photo(reader, item)
            if not isinstance(item, list):
                photo_flags.append(
                    f"team {team}: {len(cards)} cards read from {item.name} "
                    f"({' '.join(cards) or 'none'}): check them"
                )
            hands[team].append(cards)
    out = reading.to_json(with_events=args.events)
    out["picture"] = picture
    if opts["scoring"]:
        score, flags = score_reading(reading, rules, opts["closed_by"], opts["pozzetto"], hands)
        out["score"] = score
        out["flags"].extend(photo_flags + flags)
    return out


def _print_text(out: dict[str, Any], with_events: bool) -> None:
    if with_events:
        for ev in out.get("events", []):
            rest = {k: v for k, v in ev.items() if k not in ("t", "type")}
            print(f"{ev['t']:8.2f}s  {ev['type']:<18} {json.dumps(rest)}")
    for team, zone in out["zones"].items():
        print(f"team {team}: {len(zone['melds'])} meld(s)")
        for m in zone["melds"]:
            state = "legal" if m["legal"] else "ILLEGAL " + ",".join(m["faults"])
            extra = f" {m['type']}" if m["type"] else ""
            if m["burraco"]:
                extra += f", {m['burraco']} burraco"
            points = "" if m["points"] is None else f", {m['points']} pts"
            print(
                f"  {' '.join(m['cards']):<44} {state}{extra}{points} (conf {m['confidence']:.2f})"
            )
    if out["discard"]:
        print("discard: " + " ".join(out["discard"]))
    for flag in out["flags"]:
        print("flag: " + flag)
    for advice in out.get("picture", ()):
        print("picture: " + advice)
    if out["score"] is not None:
        for team, parts in out["score"].items():
            print(f"score {team}: " + ", ".join(f"{k} {v}" for k, v in parts.items()))


def run(args: argparse.Namespace) -> int:
    try:
        opts = _options(args)
        out = _read(args, opts)
    except BadInput as error:
        print(f"arbitro read: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.json:
        print(json.dumps(out))
    else:
        _print_text(out, args.events)
    return 0
