"""`python -m jaipur.puzzlebook make|check`: the puzzle collection made again, and a puzzle's verdict (with its
page link: the command line may use the web's link writer, the study tools may not)."""

from __future__ import annotations

import argparse
import json
import sys

from ..errors import JaipurError
from ..position import position_from_json
from ..web.links.linkwriter import make_link
from .puzzlebook import MARGIN, PLAYOUTS, judge, make


def main(argv: list[str] | None = None) -> None:
    """`python -m jaipur.puzzlebook make --seeds A:B --per-level N`: write the collection as JSON on stdout."""
    parser = argparse.ArgumentParser(prog="python -m jaipur.puzzlebook")
    sub = parser.add_subparsers(dest="command", required=True)
    mk = sub.add_parser("make", help="search seeded games for puzzles and print the collection")
    mk.add_argument("--seeds", default="0:2000", help="first:last seed (last excluded)")
    mk.add_argument("--per-level", type=int, default=8)
    mk.add_argument("--playouts", type=int, default=PLAYOUTS)
    ck = sub.add_parser("check", help="the verifier's verdict on a puzzle: a position and its solution (JSON out)")
    ck.add_argument("--position", required=True, metavar="FILE", help="position JSON file ('-' for standard input)")
    ck.add_argument("--solution", required=True, help="the move that solves it, e.g. S4L")
    ck.add_argument("--playouts", type=int, default=PLAYOUTS)
    ck.add_argument("--seed", type=int, default=0)
    ck.add_argument("--link", metavar="BASE", help="also print the puzzle's page link on this base (index.html)")
    args = parser.parse_args(argv)
    if args.command == "check":
        raise SystemExit(_check(args))
    first, last = (int(x) for x in args.seeds.split(":"))
    entries = make(first, last, args.per_level, args.playouts, progress=sys.stderr)
    command = f"python -m jaipur.puzzlebook make --seeds {args.seeds} --per-level {args.per_level} --playouts {args.playouts}"
    print(json.dumps({"format": "jaipur-puzzles/1", "made_by": command, "margin": MARGIN,
                      "puzzles": [e.to_json() for e in entries]}, indent=1, ensure_ascii=False))


def _check(args: argparse.Namespace) -> int:
    """`check`: print the verdict (and the link) as JSON; exit 0 when accepted, 1 when another move is as good,
    2 with the engine's message on bad input."""
    try:
        text = sys.stdin.read() if args.position == "-" else open(args.position, encoding="utf-8").read()
        position = position_from_json(text)
        verdict = judge(position, args.solution.strip(), args.playouts, args.seed)
        out = verdict.to_json()
        if args.link:
            out["link"] = make_link(args.link, position, solution=[verdict.solution])
    except OSError as exc:
        print(json.dumps({"error": {"code": "bad-position", "message": str(exc)}}))
        return 2
    except JaipurError as exc:
        print(json.dumps({"error": {"code": exc.code, "message": exc.message}}, ensure_ascii=False))
        return 2
    print(json.dumps(out, ensure_ascii=False))
    return 0 if verdict.accepted else 1


if __name__ == "__main__":
    main()
