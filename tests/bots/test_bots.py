"""Every bot plays legal moves from a seat's view only; think() and choose() agree; fairness under hidden changes."""

from __future__ import annotations

import time

import pytest
from helpers import hidden_twin, sample_positions

from jaipur import Rng, legal_moves, view
from jaipur.bots import LEVELS, NoMoveError, get_bot
from jaipur.bots.base import legal_from_view

POSITIONS = sample_positions(240, seed=1)


def fast_bot(level: str):  # noqa: ANN201 - any Bot
    """A bot of this level, deterministic and quick (maharaja with a small iteration cap)."""
    return get_bot(level, iterations=40, movetime=None) if level == "maharaja" else get_bot(level)


def test_levels_and_names() -> None:
    assert LEVELS == ("random", "novice", "trader", "maharaja")
    for level in LEVELS:
        assert get_bot(level).name == level


def test_unknown_level() -> None:
    with pytest.raises(ValueError):
        get_bot("grandmaster")


@pytest.mark.parametrize("level", ["random", "novice", "trader"])
def test_heuristic_bots_play_legal_moves(level: str) -> None:
    bot = get_bot(level)
    for i, p in enumerate(POSITIONS):
        move = bot.choose(view(p, p.to_move), Rng(i))
        assert move in legal_moves(p), (i, move)


def test_maharaja_plays_legal_moves() -> None:
    bot = get_bot("maharaja", iterations=12, movetime=None)
    for i, p in enumerate(POSITIONS[::6]):
        move = bot.choose(view(p, p.to_move), Rng(i))
        assert move in legal_moves(p), (i, move)


def test_legal_from_view_matches_engine() -> None:
    for p in POSITIONS:
        assert legal_from_view(view(p, p.to_move)) == legal_moves(p)


def test_no_move_for_the_waiting_seat() -> None:
    p = POSITIONS[0]
    with pytest.raises(NoMoveError):
        get_bot("trader").choose(view(p, 1 - p.to_move), Rng(0))


@pytest.mark.parametrize("level", LEVELS)
def test_fairness_hidden_parts_do_not_matter(level: str) -> None:
    bot = fast_bot(level)
    twin_rng = Rng(99)
    checked = 0
    for i, p in enumerate(POSITIONS[:: 4 if level == "maharaja" else 1]):
        seat = p.to_move
        twin = hidden_twin(p, seat, twin_rng)
        assert view(twin, seat) == view(p, seat)
        if twin.hands[1 - seat] != p.hands[1 - seat] or twin.deck != p.deck:
            checked += 1
        a = bot.choose(view(p, seat), Rng(i))
        b = bot.choose(view(twin, seat), Rng(i))
        assert a == b, (level, i)
    assert checked > 10


@pytest.mark.parametrize("level", LEVELS)
def test_think_returns_what_choose_returns(level: str) -> None:
    bot = fast_bot(level)
    for i, p in enumerate(POSITIONS[:40:3]):
        v = view(p, p.to_move)
        thinking = bot.think(v, Rng(i))
        while True:
            try:
                assert next(thinking) is None
            except StopIteration as stop:
                move = stop.value
                break
        assert move == bot.choose(v, Rng(i))


def test_maharaja_is_deterministic_with_an_iteration_cap() -> None:
    p = POSITIONS[30]
    v = view(p, p.to_move)
    moves = {get_bot("maharaja", iterations=60).choose(v, Rng(5)) for _ in range(3)}
    assert len(moves) == 1


class FakeClock:
    """A monotonic clock that moves on by `step` seconds each time it is read: time without the wall."""

    def __init__(self, step: float) -> None:
        self.now = 1000.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_maharaja_yields_while_thinking_and_keeps_its_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """On its own clock (a fake one: no wall-clock assert), the search yields about every 15 ms of work and
    stops at its budget."""
    clock = FakeClock(0.0005)
    monkeypatch.setattr(time, "monotonic", clock)
    bot = get_bot("maharaja")
    p = POSITIONS[10]
    thinking = bot.think(view(p, p.to_move), Rng(1), movetime=0.25)
    start = last = clock.now
    gaps = []
    yields = 0
    while True:
        try:
            next(thinking)
        except StopIteration as stop:
            move = stop.value
            break
        gaps.append(clock.now - last)
        last = clock.now
        yields += 1
    total = clock.now - start
    assert move in legal_moves(p)
    assert yields >= 5
    assert sorted(gaps)[len(gaps) // 2] < 0.05  # median gap: ~15 ms of the search's clock
    assert total < 0.3                           # the budget holds on the search's clock


def test_maharaja_budget_choices() -> None:
    """The budget methods of the first maharaja, frozen as maharaja-1."""
    p = POSITIONS[12]
    v = view(p, p.to_move)
    for method in ("sh", "ucb"):
        bot = get_bot("maharaja-1", iterations=25, movetime=None, method=method)
        bot.choose(v, Rng(1))
        assert bot.last_iterations == 25  # type: ignore[attr-defined]
    timed = get_bot("maharaja", movetime=0.05)
    clock = FakeClock(0.0005)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(time, "monotonic", clock)
        start = clock.now
        timed.choose(v, Rng(1))
    assert clock.now - start < 0.1  # the movetime bounds the search on its own clock
