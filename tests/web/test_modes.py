"""The page's modes on their own: a match's record is its state (positions, the table's position and the
log are derived from it through play, undo and next round), the thinker's seam (a view in, a move back,
cancel drops it, a broken bot is reported), and every mode answers the controller's protocol."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from jaipur import Record, Rng, legal_moves, new_match, next_round, position_from_json, replay, view
from jaipur.web.app import Controller
from jaipur.web.draw.model import match_log, round_start
from jaipur.web.links.address import read_address
from jaipur.web.modes import MatchMode, Page, Thinker
from jaipur.web.modes.puzzle import PuzzleMode
from jaipur.web.modes.replay import ReplayMode
from jaipur.web.modes.still import StillMode
from jaipur.web.teach.puzzle import Puzzle

from .fakes import FakeBots, FakePage, FakePlatform, full_match

SALE = {"market": "MMGCS", "hands": ["LLLLDG", "CSPP"], "herds": [1, 2], "to_move": 0, "seed": 12}


def booted(query: str) -> tuple[Controller, FakePlatform]:
    pf = FakePlatform()
    c = Controller(pf, read_address(query), FakeBots(), min_think=0)
    c.boot()
    pf.run()
    return c, pf


def derived_from_the_record(mode: MatchMode) -> None:
    """What the match shows is what its record replays to (plus the next deal once it is dealt)."""
    positions = replay(mode.record)
    assert mode.history == positions
    after = positions[-1]
    assert mode.position == after or (after.round_over and mode.position == next_round(after))
    expected = match_log(positions, mode.record.moves)
    if mode.earlier and not replay(mode.earlier[-1])[-1].round_over:
        expected = expected[1:]           # an undo's new deal goes on with the round already under way
    if mode.position != after:
        expected.append(round_start(mode.position))
    if not mode.earlier:
        assert mode.log == expected
    # before an undo's new deal: what the earlier records played, then the current record
    assert mode.log[len(mode.log) - len(expected):] == expected
    assert sum(1 for e in mode.log if e.get("move")) == mode.plies
    assert all(replay(r)[-1].status != "match-over" for r in mode.earlier)


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 2**32), st.lists(st.sampled_from(["play", "undo", "next-round"]), max_size=40))
def test_a_match_is_its_record_through_play_undo_and_next_round(seed: int, steps: list[str]) -> None:
    c, pf = booted(f"?opponent=trader&seed={seed}")
    mode = c.mode
    assert isinstance(mode, MatchMode)
    for i, step in enumerate(steps):
        if step == "play" and c.can_move():
            legal = legal_moves(mode.position)
            c.play(legal[i % len(legal)])
        else:
            c.on_event({"action": step})
        pf.run()
        assert c.mode is mode
        derived_from_the_record(mode)


def test_a_hot_seat_match_is_its_record_too() -> None:
    c, pf = booted("?opponent=human&seed=5")
    mode = c.mode
    assert isinstance(mode, MatchMode)
    for _ in range(30):
        if c.screen == "pass":
            c.on_event({"action": "ready"})
        elif c.dialog == "round":
            c.on_event({"action": "next-round"})
        elif c.can_move():
            c.play(legal_moves(mode.position)[0])
        else:
            break
        derived_from_the_record(mode)
    assert len(mode.moves) >= 10 and mode.shareable().moves == mode.moves


class Clock:
    """Spawned tasks are kept to be stepped by hand; time is a counter."""

    def __init__(self) -> None:
        self.tasks: list[Any] = []
        self.t = 0.0
        self.slept: list[float] = []

    def spawn(self, coro: Any) -> None:
        self.tasks.append(coro)

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        await FakePlatform().sleep(0)

    def now(self) -> float:
        return self.t

    def run(self) -> None:
        pf = FakePlatform()
        pf.tasks = self.tasks
        pf.run()


def test_the_thinker_hands_back_the_bots_move_after_at_least_min_think() -> None:
    clock = Clock()
    thinker = Thinker(clock, FakeBots(), min_think=0.35)
    p = new_match(3)
    got: list[tuple[str | None, BaseException | None]] = []
    thinker.think("trader", view(p, p.to_move), Rng(1), lambda move, problem: got.append((move, problem)))
    assert thinker.busy and got == []
    clock.run()
    assert got == [(legal_moves(p)[0], None)] and not thinker.busy
    assert clock.slept[-1] == 0.35                      # the computer's move can be followed


def test_a_cancelled_think_never_answers() -> None:
    clock = Clock()
    thinker = Thinker(clock, FakeBots(), min_think=0)
    p = new_match(3)
    got: list[Any] = []
    thinker.think("trader", view(p, p.to_move), Rng(1), lambda move, problem: got.append(move))
    thinker.cancel()
    clock.run()
    assert got == [] and not thinker.busy


def test_a_broken_bot_is_reported_not_raised() -> None:
    class Broken:
        def think(self, v: Any, rng: Any, movetime: Any = None) -> Any:
            yield None
            raise RuntimeError("the bot fell over")

    clock = Clock()
    thinker = Thinker(clock, FakeBots(Broken()), min_think=0)
    p = new_match(3)
    got: list[Any] = []
    thinker.think("trader", view(p, p.to_move), Rng(1), lambda move, problem: got.append((move, problem)))
    clock.run()
    assert len(got) == 1 and got[0][0] is None and isinstance(got[0][1], RuntimeError)


def test_the_thinker_offers_only_the_page_levels_the_bots_have() -> None:
    assert Thinker(Clock(), FakeBots()).levels() == ("novice", "trader", "maharaja")
    assert Thinker(Clock(), None).levels() == ()


def test_every_mode_answers_the_protocol() -> None:
    c, _ = booted("")
    p = position_from_json(SALE)
    modes = [MatchMode(c, Record(seed=1), "trader", 0, c.thinker()), StillMode(c, p, 1),
             PuzzleMode(c, Puzzle(p, ["S4L"])), ReplayMode(c, full_match(3))]
    for mode in modes:
        c.mode = mode
        st_ = c.state()
        assert st_.view is not None and st_.kind == mode.kind and st_.log
        assert "hands" not in st_.view or mode.kind == "replay"
        kind, game_mode, interactive, seat = mode.ready()
        assert kind in ("game", "position", "puzzle", "replay") and game_mode in ("standard", "single-round")
        assert interactive == (mode.kind not in ("still", "replay")) and seat in (0, 1, "all")
        assert (mode.shareable() is not None) == (mode.kind in ("game", "position", "replay"))
        assert mode.actions <= {"undo", "next-round", "ready", "reveal", "retry", "replay-first", "replay-back",
                                "replay-forward", "replay-last", "replay-round", "replay-play", "replay-seat",
                                    "replay-goto"}
        mode.leave()


def test_stepped_yields_to_the_page_after_every_step_and_stops_when_dropped() -> None:
    """The one generator driver of the thinker and the replay's review: a step, a turn of the event loop, a check."""
    from jaipur.web.modes.thinker import stepped

    steps: list[int] = []

    def thinking() -> Any:
        for i in range(3):
            steps.append(i)
            yield None
        return "done"

    got: list[tuple[bool, Any]] = []

    async def drive(live: Any) -> None:
        got.append(await stepped(thinking(), clock, live))

    clock = Clock()
    clock.spawn(drive(lambda: True))
    clock.run()
    assert got == [(True, "done")] and steps == [0, 1, 2] and clock.slept == [0, 0, 0]
    got.clear()
    steps.clear()
    clock.spawn(drive(lambda: len(steps) < 2))
    clock.run()
    assert got == [(False, None)] and steps == [0, 1]   # dropped after the second step: no third


def test_a_mode_needs_of_the_page_only_the_page_protocol() -> None:
    """A match on a page that is nothing but modes.base.Page: each move is shown moving (show_played), the
    round's end opens its result (open_dialog), the next round takes it off (clear_dialog); a mode sets none of
    the page's attributes."""
    members = {n for n in vars(Page) if not n.startswith("_")} | set(Page.__annotations__)
    assert members <= set(dir(FakePage())), members - set(dir(FakePage()))
    page = FakePage()
    mode = MatchMode(page, Record(seed=5), "human", 0, Thinker(page.platform, FakeBots(), min_think=0))
    first = legal_moves(mode.position)[0]
    mode.play(first)
    assert page.played is not None and page.played.move == first and page.dialog is None
    while not mode.position.round_over:
        mode.play(legal_moves(mode.position)[0])
    assert page.dialog == "round"
    mode.look_at_table(True)
    assert page.dialog is None
    mode.look_at_table(False)
    assert page.dialog == "round"
    assert mode.act("next-round", "") and page.dialog is None and not mode.position.round_over
    assert not page.failures
