"""Command line: `python -m jaipur new|legal|apply|next|view|replay|bench|move|arena|play` (JSON on stdout)."""

from __future__ import annotations

import argparse
import importlib.util
import secrets
import sys
from collections.abc import Sequence
from typing import NoReturn

from .cli_io import emit, fail, quiet_broken_pipe, read_position, read_record, read_text
from .errors import JaipurError
from .position import position_to_json
from .record import record_to_json, replay
from .rules import apply, legal_moves, new_match, next_round
from .view import view

__all__ = ["build_parser", "emit", "fail", "main", "read_position", "read_record", "read_text"]


def cmd_new(args: argparse.Namespace) -> None:
    """Print the opening position of a new match."""
    seed = args.seed if args.seed is not None else secrets.randbelow(1 << 32)
    emit(position_to_json(new_match(seed, args.mode)))


def cmd_legal(args: argparse.Namespace) -> None:
    """Print the sorted legal moves."""
    emit(legal_moves(read_position(args.position)))


def cmd_apply(args: argparse.Namespace) -> None:
    """Print the position after the moves."""
    position = read_position(args.position)
    for move in args.moves:
        position = apply(position, move)
    emit(position_to_json(position))


def cmd_next(args: argparse.Namespace) -> None:
    """Print the next round's opening position."""
    emit(position_to_json(next_round(read_position(args.position))))


def cmd_view(args: argparse.Namespace) -> None:
    """Print what one seat may see."""
    emit(view(read_position(args.position), args.seat))


def cmd_replay(args: argparse.Namespace) -> None:
    """Print the game move by move."""
    record = read_record(args.record)
    positions = replay(record)
    steps = [
        {"ply": i, "move": record.moves[i - 1] if i else None, "position": position_to_json(p)}
        for i, p in enumerate(positions)
    ]
    emit({"format": "jaipur-replay/1", "record": record_to_json(record), "steps": steps})


def cmd_bench(args: argparse.Namespace) -> None:
    """Measure the engine's speed."""
    from .bench import run_bench

    figures = run_bench(repetitions=args.repetitions)
    if args.json:
        emit(figures)
    else:
        for key, value in figures.items():
            print(f"{key:>24}: {value}")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every command."""
    parser = argparse.ArgumentParser(prog="python -m jaipur", description="Jaipur rules engine and bots.")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("new", help="opening position of a new match")
    p.add_argument("--seed", type=int)
    p.add_argument("--mode", choices=["standard", "single-round"], default="standard")
    p.set_defaults(func=cmd_new)

    p = sub.add_parser("legal", help="sorted list of legal moves")
    p.add_argument("--position", default="-")
    p.set_defaults(func=cmd_legal)

    p = sub.add_parser("apply", help="position after the moves (may cross rounds)")
    p.add_argument("--position", default="-")
    p.add_argument("moves", nargs="+")
    p.set_defaults(func=cmd_apply)

    p = sub.add_parser("next", help="after a round ends: the next round")
    p.add_argument("--position", default="-")
    p.set_defaults(func=cmd_next)

    p = sub.add_parser("view", help="what one seat may see")
    p.add_argument("--position", default="-")
    p.add_argument("--seat", type=int, required=True)
    p.set_defaults(func=cmd_view)

    p = sub.add_parser("replay", help="the game move by move")
    p.add_argument("record")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("bench", help="engine speed")
    p.add_argument("--json", action="store_true")
    p.add_argument("--repetitions", type=int, default=5)
    p.set_defaults(func=cmd_bench)

    if importlib.util.find_spec("jaipur.bots") and importlib.util.find_spec("jaipur.bots.cli"):
        from .bots.cli import register

        register(sub)
    from .cli_friend import register as register_friend

    register_friend(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()

    def bad_usage(message: str) -> NoReturn:
        code = "bad-move" if "moves" in message else "bad-input"
        emit({"error": {"code": code, "message": f"{message[:1].upper()}{message[1:]} (see python -m jaipur --help)."}})
        raise SystemExit(2)

    parser.error = bad_usage  # type: ignore[method-assign]
    for action in parser._subparsers._group_actions if parser._subparsers else []:  # noqa: SLF001
        for subparser in getattr(action, "choices", {}).values():
            subparser.error = bad_usage
    try:
        args = parser.parse_args(argv)
        try:
            args.func(args)
        except JaipurError as exc:
            fail(exc)
        sys.stdout.flush()
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader went away (`| head`): nothing more to say
        return quiet_broken_pipe()
    return 0


if __name__ == "__main__":
    sys.exit(main())
