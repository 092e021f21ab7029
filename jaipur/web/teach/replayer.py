"""The replay viewer's state for `#record=`: frames, stepping, rounds, whose eyes, and words for each move.

A *frame* is one picture of the table: the start, the position after each move,
and, when a round has ended, the freshly dealt next round (so a round's start
can be shown before its first move). `index` points at the current frame.

`seen_from` is 0 or 1 (the table as that seat saw it: `jaipur.view`, nothing
hidden from that seat is shown) or `"all"`: both hands and every bonus token's
value revealed. "all" is meant for replays of finished games; a record link
already carries the seed and every move, so it hides nothing from whoever reads
it. The deck order and the seed are never put in a view, even in "all".

Autoplay is a timer in the UI that calls `autoplay_step()` until it returns False.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...cards import letters_of
from ...position import Position
from ...record import Record, replay
from ...rules import next_round
from ...view import view
from ..draw.model import LogEntry, ReplayedMove, describe, round_end, round_start
from ..draw.panels import ReplayInfo

SEEN_FROM = (0, 1, "all")


@dataclass(frozen=True)
class Frame:
    """One picture of the replay: the position, how many moves were played, and the move just played."""

    position: Position
    ply: int
    move: int | None  # index into record.moves of the move that led here; None for a start or a new deal


class Replayer:
    """Replay a record frame by frame; raises BadRecordError (from jaipur.replay) when it does not replay."""

    def __init__(self, record: Record, seen_from: int | str = 0) -> None:
        """Build every frame of the record and stand at the start."""
        self.record = record
        self.positions = replay(record)
        frames = [Frame(self.positions[0], 0, None)]
        for i in range(len(record.moves)):
            before = self.positions[i]
            if before.round_over:
                frames.append(Frame(next_round(before), i, None))
            frames.append(Frame(self.positions[i + 1], i + 1, i))
        self.frames = frames
        self.index = 0
        self.seen_from: int | str = seen_from if seen_from in SEEN_FROM else 0

    # ------------------------------------------------------------ where we are
    @property
    def position(self) -> Position:
        """The current frame's position."""
        return self.frames[self.index].position

    @property
    def at_start(self) -> bool:
        return self.index == 0

    @property
    def at_end(self) -> bool:
        return self.index == len(self.frames) - 1

    # ------------------------------------------------------------ moving
    def go_to(self, index: int) -> bool:
        """Stand at frame `index` (clamped); True when the frame changed."""
        target = max(0, min(len(self.frames) - 1, index))
        changed = target != self.index
        self.index = target
        return changed

    def forward(self) -> bool:
        """One frame on; False at the end."""
        return self.go_to(self.index + 1)

    def back(self) -> bool:
        """One frame back; False at the start."""
        return self.go_to(self.index - 1)

    def to_start(self) -> bool:
        """The first frame."""
        return self.go_to(0)

    def to_end(self) -> bool:
        """The last frame."""
        return self.go_to(len(self.frames) - 1)

    def autoplay_step(self) -> bool:
        """One step of autoplay: a frame on; False (stop the timer) once at the end."""
        return self.forward()

    def round_starts(self) -> list[int]:
        """The frame index where each round starts (the first is 0), in round order."""
        return [i for i, f in enumerate(self.frames) if f.move is None]

    def rounds(self) -> list[int]:
        """The round numbers the replay holds, in order (parallel to `round_starts`)."""
        return [self.frames[i].position.round for i in self.round_starts()]

    def jump_to_round(self, n: int) -> bool:
        """Stand at the start of round `n`; False when the replay has no such round."""
        for i in self.round_starts():
            if self.frames[i].position.round == n:
                self.go_to(i)
                return True
        return False

    def jump_to_move(self, index: int) -> bool:
        """Stand where move `index` of the record is about to be played (the frame before it); False when the
        record has no such move."""
        for i, f in enumerate(self.frames):
            if f.move == index:
                self.go_to(i - 1)
                return True
        return False

    def set_seen_from(self, seen_from: int | str) -> bool:
        """Show the table as seat 0 or 1 saw it, or `"all"`; False for anything else."""
        if seen_from not in SEEN_FROM or isinstance(seen_from, bool):
            return False
        self.seen_from = seen_from
        return True

    def toggle_seen_from(self) -> int | str:
        """Cycle 0 -> 1 -> "all" -> 0 and return the new value."""
        self.seen_from = SEEN_FROM[(SEEN_FROM.index(self.seen_from) + 1) % len(SEEN_FROM)]
        return self.seen_from

    # ------------------------------------------------------------ what to show
    def last_move(self, index: int | None = None) -> ReplayedMove | None:
        """The move that led to frame `index` (default: the current one) as a log entry
        (`jaipur.web.draw.model.describe`) plus `ply` and `name`; None at a start or a deal."""
        frame = self.frames[self.index if index is None else index]
        if frame.move is None:
            return None
        i = frame.move
        before = self.positions[i]
        if before.round_over:
            before = next_round(before)
        move = self.record.moves[i]
        moved = describe(before, move, self.positions[i + 1])
        entry: ReplayedMove = {**moved, "ply": i + 1, "name": self.record.players[moved["seat"]]}
        return entry

    def log(self) -> list[LogEntry]:
        """The log up to the current frame, in the table's entry format (round-start, moves, round-end)."""
        out: list[LogEntry] = []
        for k in range(self.index + 1):
            frame = self.frames[k]
            p = frame.position
            if frame.move is None:
                out.append(round_start(p))
            else:
                entry = self.last_move(k)
                if entry is not None:
                    out.append(entry)
            if p.round_over:
                out.append(round_end(p))
        return out

    def seen(self, p: Position) -> dict[str, Any]:
        """A position as `seen_from` sees it: `jaipur.view` from the chosen seat; with `"all"`, also
        `hands`, `opponent_hand` and every bonus value (`revealed: true`)."""
        seat = 0 if self.seen_from == "all" else int(self.seen_from)
        v: dict[str, Any] = dict(view(p, seat))
        if self.seen_from == "all":
            v["revealed"] = True
            v["hands"] = [letters_of(h) for h in p.hands]
            v["opponent_hand"] = v["hands"][1 - seat]
            v["taken"] = [
                {"goods": [[g, val] for g, val in p.taken_goods[s]], "bonus": [[size, val] for size, val in p.taken_bonus[s]]}
                for s in (0, 1)
            ]
        return v

    def played(self, at: int) -> tuple[Position, str, Position] | None:
        """The move shown by going from frame `at` to the current frame: (before, move, after) when that
        was one step on onto a move's frame, else None (a jump, a step back, a new deal)."""
        frame = self.frames[self.index]
        if self.index != at + 1 or frame.move is None:
            return None
        return self.frames[at].position, self.record.moves[frame.move], frame.position

    def current_view(self) -> dict[str, Any]:
        """The current frame as a view (jaipur-view/1 from the chosen seat) plus a `replay` block;
        with `"all"`, also `hands`, `opponent_hand` and every bonus value (`revealed: true`)."""
        v = self.seen(self.position)
        frame = self.frames[self.index]
        info: ReplayInfo = {
            "frame": self.index,
            "frames": len(self.frames),
            "ply": frame.ply,
            "plies": len(self.record.moves),
            "round_starts": self.round_starts(),
            "seen_from": self.seen_from,
            "players": list(self.record.players),
            "at_start": self.at_start,
            "at_end": self.at_end,
            "last": self.last_move(),
        }
        v["replay"] = info
        return v
