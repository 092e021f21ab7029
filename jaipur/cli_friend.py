"""`python -m jaipur friend`: a game with a friend in the terminal, dealt fairly, one message a line.

Standard output carries only the messages to send to the friend, one a line (the text after `#` in a link,
or a whole link with `--link`); a long message (one that deals: about 19,000 characters) is printed as its
parts, several lines to send all (`part=k.n.…`, each under 4,000 characters). Everything for the player (the
table, prompts, what happened) goes to standard error. Standard input takes the friend's messages (a link, the
part after `#`, or the base64url; the parts of a long one in any order, one a line or several on a line) and,
on the player's turn, a move in notation (`TD`, `TM`, `XDG-LM`, `S3L`) or a word: `legal`, `table`, `quit`,
`again` (print the message to send once more). A page and a terminal, or two terminals, play each other: each
passes on what the other printed.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any, TextIO

from . import safejson
from .cli_io import write_line
from .errors import BadMoveError, JaipurError
from .fair import Cheated, FairError, FriendGame, Refused, wire
from .notation import parse_move
from .rng import Rng
from .types import View
from .web.store.parts import gather

MAX_STATE = 2_000_000
"""The longest state file read (characters): a whole match is about 60,000."""
EPILOG = """\
How a game goes: the inviter runs `python -m jaipur friend --invite --name Ava` and sends the line it
prints to the friend, who runs `python -m jaipur friend --name Bo` and pastes it; from then on each side
pastes what the other printed (a long message, one that deals, is several lines: send them all, paste them
in any order), and plays its moves when it is its turn. With --state FILE the game is
kept in FILE after every step (with this side's secret keys: keep it private) and resumed from it.
With --bot LEVEL a bot (novice, trader, maharaja) plays this side's moves. Exit status: 0 when the
match is over (or standard input ends), 2 when a message shows the friend cheated or a file is bad."""


def register(subparsers: Any) -> None:
    """Add `friend` to the command line's subparsers."""
    p = subparsers.add_parser(
        "friend", help="play a friend, dealt fairly with no server, one message a line",
        description=__doc__.split("\n\n")[1] if __doc__ else None, epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--invite", action="store_true", help="start a new game: print the invitation to send")
    p.add_argument("--name", default="", help="your name as your friend sees it (at most 24 characters)")
    p.add_argument("--mode", default="standard", choices=["standard", "single-round"], help="the match's mode")
    p.add_argument("--bot", default=None, help="let a bot play your moves (novice, trader, maharaja)")
    p.add_argument("--state", default=None, help="keep the game in this file and resume it from there")
    p.add_argument("--link", default=None, help="print whole links: this page URL, then #friend=…")
    p.add_argument("--check", default=None, metavar="FILE",
                   help="check a game's transcript (its messages, one a line, or a JSON file with 'messages', as the "
                        "page downloads it or --state keeps it) with no secret: print each round's result, or the "
                        "first message that is not valid (exit 2)")
    p.set_defaults(func=cmd_friend)


def cmd_friend(args: argparse.Namespace) -> None:
    """Play one side of a friend game in the terminal (or check a transcript, `--check`)."""
    if args.check:
        code = check_file(args.check, sys.stdout, sys.stderr)
    else:
        code = Terminal(args, sys.stdin, sys.stdout, sys.stderr).run()
    if code:
        raise SystemExit(code)


def check_file(path: str, stdout: TextIO, stderr: TextIO) -> int:
    """`--check FILE`: the transcript checked with no secret; 0 when every message holds, 2 when not or unreadable."""
    from .fair.verify import check_transcript, read_transcript

    try:
        with open(path, encoding="utf-8") as f:
            text = f.read(4_000_001)
        report = check_transcript(read_transcript(text))
    except OSError as exc:
        write_line(f"Cannot read {path}: {exc.strerror or exc}.", stderr)
        return 2
    except (FairError, UnicodeDecodeError) as exc:
        write_line(f"{path} is not a friend game's transcript: {getattr(exc, 'message', exc)}", stderr)
        return 2
    for line in report.lines():
        write_line(line, stdout)
    return 0 if report.problem is None else 2


class Terminal:
    """One side of a friend game driven by lines of text."""

    def __init__(self, args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> None:
        self.args = args
        self.stdin, self.stdout, self.stderr = stdin, stdout, stderr
        self.game: FriendGame | None = None
        self.sent = ""
        self.parts = wire.Parts()               # the parts of a long message pasted so far (any order)
        self.joined: list[str] = []             # the tags of the long messages joined lately
        self.rng = Rng(0x5EED)
        self.bot: Any = None
        if args.bot:
            from .bots import get_bot
            self.bot = get_bot(args.bot)

    def say(self, text: str) -> None:
        """A line for the player (standard error)."""
        write_line(text, self.stderr)
        self.stderr.flush()

    def run(self) -> int:
        """Play until the match is over or input ends; the exit status."""
        try:
            self.game = self._load()
        except FairError as exc:
            return self._fail(exc)
        if self.game is not None and self.game.outgoing_text():   # printed when it was made: not again on resume
            self.sent = self.game.outgoing_text()
            self.say("Your last message still waits for your friend's answer (type `again` to print it once more).")
        if self.game is None and self.args.invite:
            self.game = FriendGame.invite(self.args.name or "Friend", self.args.mode)
            self.say("Invitation made: send the line below to your friend, then paste their answer here.")
        self._after_change()
        while True:
            game = self.game
            if game is not None and game.invalid is not None:
                return self._fail(game.invalid)
            if game is not None and game.status == "over" and not game.outgoing():
                return 0
            if game is not None and game.move_due() and self.bot is not None:
                self._play(self.bot.choose(game.view(), self.rng))
                continue
            line = self._read()
            if line is None:
                self.say("Goodbye: the game is kept as it is." if self.args.state else "Goodbye.")
                return 0
            if not line:
                continue
            done = self._take(line)
            if done is not None:
                return done

    def _read(self) -> str | None:
        game = self.game
        prompt = "Your move (or paste your friend's message): " if game and game.move_due() else (
            "Paste your friend's message: ")
        self.stderr.write(prompt)
        self.stderr.flush()
        try:
            line = self.stdin.readline()
        except UnicodeDecodeError:
            return None
        return line.strip() if line else None

    def _take(self, line: str) -> int | None:
        """One line of input: a word, a move on this side's turn, or a message."""
        game = self.game
        word = line.lower()
        if word in ("quit", "exit", "q"):
            self.say("Goodbye: the game is kept as it is." if self.args.state else "Goodbye.")
            return 0
        if game is not None and word in ("table", "t"):
            self._show()
            return None
        if game is not None and word in ("legal", "moves"):
            self.say("Legal moves: " + (" ".join(game.legal_moves()) or "none now"))
            return None
        if game is not None and word in ("again", "resend"):
            if game.outgoing_text():
                self._print(game.outgoing_text())
            else:
                self.say("Nothing waits to be sent: your friend has your last message.")
            return None
        if wire.part_texts(line):
            whole = self._gather(line)
            if whole is None:
                return None
            line = whole
        if len(line) < 24 and game is not None:   # a message is far longer: this is a move, or meant to be one
            try:
                parse_move(line)
            except BadMoveError as exc:
                self.say(f"'{line}' is not a move: {exc.message} Moves are written like TD, TM, XDG-LM, S3L; "
                         "type legal to list yours.")
                return None
            else:
                if not game.move_due():
                    self.say("It is not your turn: wait for your friend's message.")
                    return None
                self._play(line)
                return None
        try:
            if game is None:
                invitation = FriendGame.read_invitation(line)
                assert invitation.invite is not None
                self.say(f"{invitation.invite.name} invites you to a {invitation.invite.mode} match of Jaipur.")
                self.game = FriendGame.accept(line, self.args.name or "Friend")
                self.say("Your answer: send the line below back to your friend.")
            else:
                game.receive(line)
        except Refused as exc:
            self.say(f"That message was not used: {exc.message}")
            return None
        except Cheated as exc:
            return self._fail(exc)
        self._after_change()
        return None

    def _gather(self, line: str) -> str | None:
        """Parts of a long message pasted (one a line, or several on one): the whole message once its last part is
        in (any order), else None, said: how many parts are still missing, or why one was refused."""
        got, self.joined = gather(self.parts, self.joined, line)
        if got.problem is not None:
            self.say(f"That part was not used: {got.problem.message} The parts pasted before are kept.")
        if len(got.texts) > 1:
            self.say("Several whole messages were pasted at once: only the first is taken; paste the others again.")
        if got.texts:
            return got.texts[0]
        if got.again:
            self.say("That part belongs to a message that came whole already: nothing more to paste.")
        elif got.missing:
            rest = f"the {got.missing} others (any order)" if got.missing > 1 else "the last one"
            self.say(f"{got.have} of {got.total} parts in: paste {rest}.")
        return None

    def _play(self, move: str) -> None:
        game = self.game
        assert game is not None
        try:
            game.play(move)
        except JaipurError as exc:
            self.say(f"That move is not allowed: {exc.message}")
            return
        self.say(f"You played {move}.")
        self._after_change()

    def _after_change(self) -> None:
        """Save, show the table when it is this side's turn, and print what to send."""
        game = self.game
        if game is None:
            return
        self._save()
        if game.invalid is not None:
            return
        if game.move_due() or game.status == "over":
            self._show()
        out = game.outgoing_text()
        if out and out != self.sent:
            self.sent = out
            n = self._print(out)
            if game.status != "over":
                self.say("Send the line above to your friend." if n == 1 else
                         f"Send the {n} lines above to your friend, all of them, one after the other: the message is "
                         "too long for one line, and your friend pastes them in any order.")

    def _print(self, out: str) -> int:
        """A message to send, on standard output (as a link with --link): one line, or, when it is long, its parts,
        one a line (a terminal cuts a pasted line at 4,095 characters; a part is under 3,900); how many lines."""
        lines = wire.split(out)
        for line in lines:
            write_line(f"{self.args.link}#{line}" if self.args.link else line, self.stdout)
        self.stdout.flush()
        return len(lines)

    def _show(self) -> None:
        game = self.game
        assert game is not None
        v = game.view()
        if v is None:
            self.say("Waiting for the deal.")
            return
        self.say(table_text(v, ("You", game.names[game.other] or "Friend")))
        for position in game.results()[-1:]:
            res = position.result
            assert res is not None
            me, them = res["scores"][game.seat], res["scores"][game.other]
            self.say(f"Round {position.round}: you {me}, {game.names[game.other] or 'your friend'} {them}.")
        if game.status == "over":
            last = game.results()[-1].result
            assert last is not None
            winner = last["match_winner"]
            self.say("You win the match!" if winner == game.seat else (
                "The match is drawn." if winner == "draw" else "Your friend wins the match."))
        elif game.move_due():
            self.say("Your turn.")

    def _load(self) -> FriendGame | None:
        path = self.args.state
        if not path or not Path(path).is_file():
            return None
        try:
            data = safejson.loads(Path(path).read_text(encoding="utf-8"), f"The state file {path}",
                                  max_chars=MAX_STATE)
        except (OSError, ValueError) as exc:
            raise FairError(f"The state file {path} cannot be read: {exc}.", "friend-bad-save") from None
        game = FriendGame.from_json(data)
        self.say(f"Resumed the game with {game.names[game.other] or 'your friend'} from {path}.")
        return game

    def _save(self) -> None:
        """Keep the game in the state file, readable by this user only (it holds this side's secret keys)."""
        if self.args.state and self.game is not None:
            fd = os.open(self.args.state, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            os.chmod(self.args.state, 0o600)   # a file made before with wider rights is narrowed too
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(json.dumps(self.game.to_json()))

    def _fail(self, exc: FairError) -> int:
        self.say(exc.message)
        write_line(json.dumps(exc.to_json(), ensure_ascii=False), self.stderr)
        return 2


def table_text(v: View, names: tuple[str, str]) -> str:
    """The table in a few lines, with what is still on its way."""
    from .bots.cli import table_text as plain

    text = plain(v, names)
    coming = v.get("coming")
    if coming and coming["market"]:
        text += f"\n  ({coming['market']} market card{'s' if coming['market'] > 1 else ''} coming with the next message)"
    if coming and coming["herd"]:
        text += "\n  (your friend's dealt camels are shown with their next message)"
    return text
