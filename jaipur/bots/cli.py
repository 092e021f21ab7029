"""The bots' commands for `python -m jaipur`: `move`, `arena` and `play`."""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from typing import Any, TextIO

from ..cards import BONUS_SIZES, GOODS
from ..cli_io import cap_jobs, check_log, check_movetime, read_position, write_line
from ..errors import BadMoveError, JaipurError, MatchOverError
from ..notation import format_move
from ..position import MATCH_OVER, Position
from ..rng import Rng
from ..rules import apply, legal_moves, new_match, next_round
from ..types import View
from ..view import view
from . import LEVELS, UnknownBotError
from .arena import make_bot, run_arena
from .ponder import Background, Ponderer
from .registry import ARENA_BOTS, check_level
from .suggest import suggest
from .train import add_parser as add_train_parser
from .words import describe


def _position_for_move(path: str) -> Position:
    p = read_position(path)
    if p.status == MATCH_OVER:
        raise MatchOverError("The match is over: there is no move to choose.")
    if p.round_over:
        p = next_round(p)
    return p


def cmd_move(args: argparse.Namespace) -> None:
    """Print the move the bot chooses for the side to move (last line: the move in notation)."""
    check_level(args.bot)
    bot = make_bot(args.bot)
    movetime = check_movetime(args.movetime)
    p = _position_for_move(args.position)
    print(bot.choose(view(p, p.to_move), Rng(args.seed), movetime))


def cmd_arena(args: argparse.Namespace) -> None:
    """Play the two bots against each other and print the tally."""
    for spec in (args.a, args.b):
        check_level(spec, ARENA_BOTS)
    if args.rounds < 1:
        raise UnknownBotError("--rounds must be at least 1.")
    movetime = check_movetime(args.movetime)
    if args.log is not None:
        check_log(args.log)
    jobs = cap_jobs(args.jobs) if args.scheduler is None else max(1, args.jobs)
    summary = run_arena(args.a, args.b, args.rounds, args.seed, movetime, jobs, args.progress,
                        args.log, args.scheduler)
    if args.json:
        write_line(json.dumps(summary, ensure_ascii=False, separators=(",", ":")))
        return
    write_line(f"{summary['a']} vs {summary['b']}: {summary['rounds']} rounds, "
          f"{summary['a_wins']} wins, {summary['b_wins']} losses, {summary['ties']} ties; "
          f"win rate {summary['a_win_rate']:.3f} (95% CI {summary['ci95'][0]:.3f}–{summary['ci95'][1]:.3f}); "
          f"ms per move: {summary['a']} {summary['ms_per_move']['a']['median']}, "
          f"{summary['b']} {summary['ms_per_move']['b']['median']}")
    if "ponder" in summary:
        ponder = summary["ponder"]
        write_line(f"{summary['a']} pondered {ponder['pondered']} visits on {summary['b']}'s turns and kept "
                   f"{ponder['kept']} for the moves that came ({ponder['kept_share']:.1%}).")


# ---------------------------------------------------------------- playing in the terminal

HELP = (
    "Moves: TD takes a diamond (D G S C P L), TM takes all the camels, "
    "XDG-LM exchanges (take D and G, give L and a camel), S3L sells three leather. "
    "Type 'legal' for your legal moves, 'hint' for a suggested move, 'table' to see the table again, "
    "'quit' to leave."
)


def table_text(v: View, names: tuple[str, str]) -> str:
    """The table as one seat sees it, in a few lines of text."""
    seat = v["seat"]
    other = 1 - seat

    def tokens(s: int) -> str:
        goods = sum(val for _, val in v["taken"][s]["goods"])
        bonus = v["taken"][s]["bonus"]
        known = sum(val for _, val in bonus if val is not None)
        hidden = sum(1 for _, val in bonus if val is None)
        text = f"{goods + known} rupees"
        if hidden:
            text += f" + {hidden} hidden bonus token{'s' if hidden > 1 else ''}"
        return text

    piles = "  ".join(f"{g}:{' '.join(map(str, v['goods'][g])) or '-'}" for g in GOODS)
    bonus = ", ".join(f"{size}-card {v['bonus_sizes'][str(size)]}" for size in BONUS_SIZES)
    lines = [
        f"Round {v['round']} - seals {names[0]} {v['seals'][seat]}, {names[1]} {v['seals'][other]} - "
        f"deck {v['deck_size']} cards",
        f"  Market:    {' '.join(v['market'])}",
        f"  Tokens:    {piles}",
        f"  Bonus:     {bonus} left",
        f"  {names[1]}: {v['opponent_hand_size']} cards in hand, {v['herds'][other]} camels, {tokens(other)}",
        f"  {names[0]}:       {' '.join(v['hand']) or '(no cards)'} - {v['herds'][seat]} camels, {tokens(seat)}",
    ]
    return "\n".join(lines)


def _round_text(p: Position, seat: int) -> str:
    res = p.result
    assert res is not None
    scores = res["scores"]
    winner = res["winner"]
    who = "You win" if winner == seat else ("The computer wins" if winner is not None else "Nobody wins")
    text = f"Round {p.round} is over: you {scores[seat]}, computer {scores[1 - seat]}. {who} the round."
    if res["match_winner"] is not None:
        mw = res["match_winner"]
        text += " " + ("You win the match!" if mw == seat else ("The match is drawn." if mw == "draw"
                                                                 else "The computer wins the match."))
    return text


def play(opponent: str, seed: int, seat: int, movetime: float | None, stdin: TextIO, stdout: TextIO) -> int:
    """A standard match in the terminal: you at `seat` against the bot; returns the exit status."""
    bot = make_bot(opponent)
    rng = Rng(seed ^ 0x5EED)
    names = ("You", "Computer")
    p = new_match(seed, "standard")

    def say(text: str) -> None:
        write_line(text, stdout)
        stdout.flush()

    say(f"Jaipur: you against the {opponent} bot (seed {seed}). {HELP}")
    shown = False
    ponderer = bot if isinstance(bot, Ponderer) else None   # the top level thinks while you type
    background: Background | None = None
    while True:
        if background is not None and (p.round_over or p.to_move != seat):
            background.close()
            background = None
        if p.round_over:
            say(_round_text(p, seat))
            if p.status == MATCH_OVER:
                return 0
            p = next_round(p)
            shown = False
            continue
        v = view(p, seat)
        if p.to_move != seat:
            bv = view(p, p.to_move)
            move = bot.choose(bv, rng, movetime)
            say(f"The computer {describe(move, bv)}.")
            p = apply(p, move)
            shown = False
            continue
        if not shown:
            say(table_text(v, names))
            shown = True
        stdout.write("Your move: ")
        stdout.flush()
        if ponderer is not None and background is None:
            background = Background(ponderer, view(p, 1 - seat), Rng(seed ^ 0x90D3 ^ len(p.deck)))
        try:
            line = background.during(stdin.readline) if background is not None else stdin.readline()
        except UnicodeDecodeError:
            say("\nThat input is not UTF-8 text; the match is left unfinished.")
            return 2
        if not line:
            say("\nGoodbye: the match is left unfinished.")
            return 0
        text = line.strip()
        if not text:
            continue
        word = text.lower()
        if word in ("quit", "exit", "q"):
            say("Goodbye.")
            return 0
        if word in ("help", "?", "h"):
            say(HELP)
            continue
        if word in ("legal", "moves"):
            say("Legal moves: " + " ".join(legal_moves(p)))
            continue
        if word in ("hint", "suggest"):
            tip = suggest(v)                   # its reason is a code; str() words it from the English catalogue
            say(f"Suggestion: {tip.move}. {tip.reason}")
            continue
        if word in ("table", "t"):
            say(table_text(v, names))
            continue
        try:
            before = v
            p = apply(p, text)
        except BadMoveError:
            say(f"'{text[:20]}' is not a move. {HELP}")
            continue
        except JaipurError as exc:
            say(f"That move is not allowed: {exc.message}")
            continue
        say(f"You {describe(text, before, you=True)}.")
        if ponderer is not None:
            ponderer.heard(format_move(text))    # the computer's think starts from what it pondered for this move
        shown = False


def cmd_play(args: argparse.Namespace) -> None:
    """Play a match against a bot in the terminal."""
    check_level(args.opponent)
    movetime = check_movetime(args.movetime)
    seed = args.seed if args.seed is not None else secrets.randbelow(1 << 32)
    try:
        status = play(args.opponent, seed, args.seat, movetime, sys.stdin, sys.stdout)
    except KeyboardInterrupt:
        print("\nGoodbye.")
        status = 0
    if status:
        raise SystemExit(status)


def register(subparsers: Any) -> None:
    """Add `move`, `arena` and `play` to the command line's subparsers."""
    p = subparsers.add_parser("move", help="the move a bot chooses for the side to move")
    p.add_argument("--position", default="-", help="position JSON file, or - for standard input")
    p.add_argument("--bot", required=True, help=f"bot level: {', '.join(LEVELS)}")
    p.add_argument("--seed", type=int, default=0, help="seed of the bot's random choices")
    p.add_argument("--movetime", type=float, default=None, help="seconds to think (maharaja; default 1.0)")
    p.set_defaults(func=cmd_move)

    p = subparsers.add_parser("arena", help="two bots play seeded single-round deals, seats swapped")
    p.add_argument("a", help="bot A (a level, optionally with options: maharaja:iterations=200)")
    p.add_argument("b", help="bot B")
    p.add_argument("--rounds", type=int, default=100, help="games to play (deals are played in pairs)")
    p.add_argument("--seed", type=int, default=0, help="seed of the first deal")
    p.add_argument("--movetime", type=float, default=None, help="seconds per move for search bots")
    p.add_argument("--jobs", type=int, default=1, help="processes to play in")
    p.add_argument("--json", action="store_true", help="print one JSON line")
    p.add_argument("--progress", action="store_true", help="report progress on standard error")
    p.add_argument("--log", default=None, help="append each game to this JSON-lines file; resume from it")
    p.add_argument("--scheduler", default=None, help="address of a Dask scheduler to play on (needs jaipur[cluster])")
    p.set_defaults(func=cmd_arena)
    add_train_parser(subparsers)

    p = subparsers.add_parser("play", help="a match in the terminal against a bot")
    p.add_argument("--opponent", default="trader", help=f"bot level: {', '.join(LEVELS)}")
    p.add_argument("--seed", type=int, default=None, help="seed of the deal")
    p.add_argument("--seat", type=int, choices=[0, 1], default=0, help="your seat")
    p.add_argument("--movetime", type=float, default=None, help="seconds the bot thinks (maharaja)")
    p.set_defaults(func=cmd_play)

