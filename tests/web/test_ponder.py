"""Pondering in the page, in CPython: the worker's Desk keeps what the top level pondered for the think that follows;
the page's side asks slice after slice from the computer's own view while the player thinks, pauses while the tab is
hidden, ends at its limit, and is dropped by a think, undo, a new game and leaving (the worker drops its search)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from jaipur import Rng, apply, legal_moves, new_match, view
from jaipur.web.app import Controller
from jaipur.web.links.address import read_address
from jaipur.web.modes import MatchMode
from jaipur.web.worker.worker_ponder import STOP_REQUEST, Desk, Pondering, ponder_request
from jaipur.web.worker.worker_thinker import WorkerLink, WorkerThinker, answer, request_text

from .fakes import FakeBots, FakePlatform


class ClockedPlatform(FakePlatform):
    """A platform whose clock moves only when the fake worker says a slice took its time."""

    def __init__(self) -> None:
        super().__init__()
        self.t = 0.0

    def now(self) -> float:
        return self.t


class Reply:
    """An awaitable the test resolves by hand (a slice the worker has not answered yet)."""

    def __init__(self, text: str | None = None) -> None:
        self.text = text

    def __await__(self) -> Any:
        while self.text is None:
            yield None
        return self.text


class PonderWorker:
    """The worker's `think` and `ponder`: records the requests; each slice takes `slice` seconds of the clock, or
    waits for the test (`hold`)."""

    def __init__(self, platform: ClockedPlatform, hold: bool = False) -> None:
        self.platform = platform
        self.hold = hold
        self.thinks: list[dict[str, Any]] = []
        self.ponders: list[dict[str, Any]] = []
        self.pending: list[Reply] = []

    def think(self, request: str) -> Reply:
        self.thinks.append(json.loads(request))
        return Reply(answer(request, FakeBots()))

    def ponder(self, request: str) -> Reply:
        got = json.loads(request)
        self.ponders.append(got)
        if got.get("stop"):
            return Reply(json.dumps({"pondered": 0}))
        if self.hold:
            reply = Reply()
            self.pending.append(reply)
            return reply
        self.platform.t += float(got["seconds"])
        return Reply(json.dumps({"pondered": len(self.ponders)}))


def page(link: str = "?opponent=maharaja&seed=3", hold: bool = False) -> tuple[Controller, ClockedPlatform,
                                                                                 PonderWorker, list[str]]:
    """A page whose worker has started, on a match against the computer (seed 3: the player moves first)."""
    pf = ClockedPlatform()
    search, _, fragment = link.partition("#")
    c = Controller(pf, read_address(search, "#" + fragment if fragment else ""), FakeBots(), min_think=0)
    worker = PonderWorker(pf, hold)

    async def connect() -> Any:
        return worker

    c.worker = WorkerLink(pf, pf, connect)
    states: list[str] = []
    c.worker.on_ponder = states.append
    c.worker.start()
    pf.step(0)
    c.boot()
    if not hold:
        pf.run()
    return c, pf, worker, states


def slices(worker: PonderWorker) -> list[dict[str, Any]]:
    return [r for r in worker.ponders if not r.get("stop")]


def stops(worker: PonderWorker) -> int:
    return sum(1 for r in worker.ponders if r.get("stop"))


# ------------------------------------------------------------------ the worker's side (real bots)
def _most_pondered(desk: Desk) -> str:
    search = desk.bot("maharaja")._pondered[1]  # type: ignore[attr-defined]
    return max(search.root.kids.items(), key=lambda kv: kv[1].visits)[0]  # type: ignore[no-any-return]


def test_the_desk_keeps_the_pondered_search_for_the_think_that_follows() -> None:
    desk = Desk()
    p = new_match(seed=6, mode="single-round")
    comp = 1 - p.to_move
    first = json.loads(desk.ponder(ponder_request("maharaja", view(p, comp), 5, 0.2)))
    second = json.loads(desk.ponder(ponder_request("maharaja", view(p, comp), 5, 0.2)))
    assert 0 < first["pondered"] < second["pondered"]  # the same view goes on with the same search
    move = _most_pondered(desk)
    q = apply(p, move)
    got = json.loads(desk.think(request_text("maharaja", view(q, comp), 9, 0.2, heard=move)))
    assert got["move"] in legal_moves(q)
    assert got["pondered"] >= second["pondered"] and 0 < got["kept"] <= got["pondered"]


def test_the_desk_drops_the_search_on_stop_another_level_or_no_move_heard() -> None:
    p = new_match(seed=6, mode="single-round")
    comp = 1 - p.to_move
    for end in ("stop", "no-heard", "other-view"):
        desk = Desk()
        desk.ponder(ponder_request("maharaja", view(p, comp), 5, 0.05))
        move = _most_pondered(desk)
        q = apply(p, move)
        if end == "stop":
            assert json.loads(desk.ponder(STOP_REQUEST)) == {"pondered": 0}
        heard = None if end == "no-heard" else move
        v = view(q, comp) if end != "other-view" else view(new_match(seed=8), new_match(seed=8).to_move)
        got = json.loads(desk.think(request_text("maharaja", v, 9, 0.05, heard=heard)))
        assert "move" in got and "pondered" not in got, end


@pytest.mark.parametrize("request_", [
    "nonsense", "[]", json.dumps({"level": "maharaja"}),
    ponder_request("novice", view(new_match(seed=6), 1 - new_match(seed=6).to_move), 1, 0.05),
    ponder_request("maharaja", view(new_match(seed=6), new_match(seed=6).to_move), 1, 0.05),  # its own turn
])
def test_a_bad_ponder_request_gets_an_error_text_never_a_traceback(request_: str) -> None:
    got = json.loads(Desk().ponder(request_))
    assert set(got) == {"error"} and "Traceback" not in got["error"]


# ------------------------------------------------------------------ the page's side
def test_the_top_level_ponders_the_players_turn_from_its_own_view_until_the_limit() -> None:
    c, pf, worker, states = page()
    p = c.position
    assert isinstance(c.mode, MatchMode) and p is not None and p.to_move == 0
    asked = slices(worker)
    assert asked and all(r["level"] == "maharaja" and r["view"] == view(p, 1) for r in asked)  # the computer's view
    assert all(p.hands[0] != r["view"]["hand"] or r["view"]["seat"] == 1 for r in asked)
    thinker = c.mode.thinker
    assert isinstance(thinker, WorkerThinker)
    assert len(asked) == thinker.pondering.slices == round(thinker.pondering.limit / thinker.pondering.slice_seconds)
    assert states == ["on", "off"]  # it stopped at the limit; the worker keeps the search for the think
    c.play("TL")
    pf.run()
    [think] = worker.thinks
    assert think["heard"] == "TL" and think["view"]["seat"] == 1
    assert stops(worker) == 0


def test_the_levels_that_do_not_ponder_and_the_page_thread_never_ponder() -> None:
    c, pf, worker, states = page("?opponent=trader&seed=3")
    assert slices(worker) == [] and states == []
    c.play("TL")
    pf.run()
    assert worker.thinks and "heard" not in worker.thinks[0]


def test_undo_drops_the_pondered_search_and_ponders_the_undone_turn() -> None:
    c, pf, worker, states = page()
    c.play("TL")
    pf.run()                                     # the computer answers; the player's next turn is pondered
    assert isinstance(c.mode, MatchMode) and c.mode.position.to_move == 0 and len(c.mode.moves) == 2
    before = len(worker.ponders)
    c.on_event({"type": "click", "action": "undo"})
    pf.run()
    after = worker.ponders[before:]
    assert after[0] == {"stop": True}            # the worker drops the search of the turn taken back
    p = c.position
    assert p is not None and len(c.mode.moves) == 0
    assert after[1:] and all(r["view"] == view(p, 1) for r in after[1:])  # the undone turn, pondered afresh


@pytest.mark.parametrize("how", ["new game", "leave"])
def test_a_new_game_and_leaving_stop_pondering_mid_slice(how: str) -> None:
    c, pf, worker, states = page(hold=True)
    task = len(pf.tasks) - 1
    assert pf.step(task)
    assert len(slices(worker)) == 1 and states == ["on"]
    old = slices(worker)[0]["view"]
    worker.hold = False
    if how == "new game":
        c.new_game()
    else:
        c.to_start()
    worker.pending[0].text = json.dumps({"pondered": 1})  # the slice in flight ends after the stop
    pf.run()
    assert stops(worker) == 1 and worker.ponders[1] == {"stop": True}
    assert [r for r in slices(worker) if r["view"] == old] == [slices(worker)[0]]  # nothing more of the old turn
    if how == "leave":
        assert len(slices(worker)) == 1 and states[-1] == "off"


def test_a_hidden_tab_pauses_pondering_and_a_stop_mid_slice_asks_no_more() -> None:
    pf = ClockedPlatform()
    worker = PonderWorker(pf, hold=True)

    async def connect() -> Any:
        return worker

    link = WorkerLink(pf, pf, connect)
    link.start()
    pf.step(0)
    states: list[str] = []
    pondering = Pondering(pf, link, states.append, limit=10.0)
    p = new_match(seed=6)
    pf.tab_hidden = True
    assert pondering.start("maharaja", view(p, 1 - p.to_move), 1)
    task = len(pf.tasks) - 1
    for _ in range(5):
        pf.step(task)
    assert worker.ponders == [] and states == ["paused"] and pf.slept[-1] > 0
    pf.tab_hidden = False
    while not worker.ponders:
        pf.step(task)
    assert states == ["paused", "on"]
    assert pondering.stop() == "maharaja"
    worker.pending[0].text = json.dumps({"pondered": 3})
    pf.run()
    assert slices(worker) == worker.ponders[:1] and stops(worker) == 1 and states[-1] == "off"
    assert pondering.slices == 0 and pondering.level is None


def test_a_worker_that_cannot_ponder_ends_the_pondering_and_the_think_hears_nothing() -> None:
    pf = ClockedPlatform()

    class Broken(PonderWorker):
        def ponder(self, request: str) -> Reply:
            self.ponders.append(json.loads(request))
            return Reply(json.dumps({"error": "ValueError: no"}))

    worker = Broken(pf)

    async def connect() -> Any:
        return worker

    link = WorkerLink(pf, pf, connect)
    link.start()
    pf.step(0)
    thinker = WorkerThinker(pf, FakeBots(), link, min_think=0.0, ponders=("maharaja",))
    p = new_match(seed=6)
    assert thinker.ponder("maharaja", view(p, 1 - p.to_move), Rng(1))
    pf.run()
    assert len(worker.ponders) == 1 and thinker.pondering.level is None
    q = apply(p, legal_moves(p)[0])
    thinker.think("maharaja", view(q, q.to_move), Rng(2), lambda move, problem: None, heard=legal_moves(p)[0])
    pf.run()
    assert "heard" not in worker.thinks[0]
