"""The worker thinker in CPython with a fake worker: answers, cancel, and the page's thread when the worker
fails to start, times out or breaks; the worker's own side (`answer`) with the real bots."""
from __future__ import annotations

import json
from typing import Any

import pytest

from jaipur import Rng, apply, legal_moves, new_match, view
from jaipur.rng import mix64
from jaipur.web.app import Controller
from jaipur.web.modes import Thinker
from jaipur.web.worker.worker_thinker import WorkerLink, WorkerProblem, WorkerThinker, answer, read_answer, request_text

from .fakes import FakeBots, FakePlatform


class Reply:
    """An awaitable the test resolves by hand: what the page awaits while the worker thinks."""

    def __init__(self) -> None:
        self.text: str | None = None
        self.error: BaseException | None = None

    def __await__(self) -> Any:
        while self.text is None and self.error is None:
            yield None
        if self.error is not None:
            raise self.error
        return self.text


class FakeWorker:
    """The worker's exported functions: records each request; the test answers them (or they answer at once)."""

    def __init__(self, auto: bool = False) -> None:
        self.requests: list[dict[str, Any]] = []
        self.replies: list[Reply] = []
        self.auto = auto

    def think(self, request: str) -> Reply:
        self.requests.append(json.loads(request))
        reply = Reply()
        if self.auto:
            reply.text = answer(request)
        self.replies.append(reply)
        return reply


def linked(platform: FakePlatform, worker: FakeWorker | None, fail: BaseException | None = None,
           timeout: float = 60.0) -> tuple[WorkerLink, list[str]]:
    """A started link whose connect returns `worker` (or raises `fail`); the names it announced."""
    shown: list[str] = []

    async def connect() -> Any:
        if fail is not None:
            raise fail
        return worker

    link = WorkerLink(platform, platform, connect, timeout=timeout, on_change=shown.append)
    link.start()
    platform.step(0)  # the connection (the watchdog stays suspended in its sleep)
    return link, shown


def a_view() -> dict[str, Any]:
    p = new_match(seed=4)
    return view(p, p.to_move)


def test_the_worker_is_asked_with_the_view_the_level_a_seed_and_the_movetime() -> None:
    platform = FakePlatform()
    worker = FakeWorker(auto=True)
    link, shown = linked(platform, worker)
    assert link.thinker_name == "worker" and shown == ["worker"]
    thinker = WorkerThinker(platform, FakeBots(), link, {"maharaja": 1.0}, min_think=0.0)
    got: list[tuple[str | None, BaseException | None]] = []
    v = a_view()
    rng = Rng(mix64(99))
    thinker.think("maharaja", v, rng, lambda move, problem: got.append((move, problem)))
    assert thinker.busy
    platform.run()
    assert not thinker.busy
    [request] = worker.requests
    assert request["level"] == "maharaja" and request["view"] == v and request["movetime"] == 1.0
    assert int(request["seed"]) == rng.state
    assert "deck" not in request["view"] and "seed" not in request["view"]  # a view, never the position
    [(move, problem)] = got
    assert problem is None and move in legal_moves(new_match(seed=4))


def test_the_worker_plays_what_the_same_bot_plays_on_the_page() -> None:
    """The same level, view and seed give the same move in the worker as on the page's thread."""
    from jaipur import bots

    v = a_view()
    for level in ("random", "novice", "trader"):
        seed = mix64(7)
        worker_move = read_answer(answer(request_text(level, v, seed, None)))
        assert worker_move == bots.get_bot(level).choose(v, Rng(seed))


def test_at_least_min_think_seconds_as_on_the_page() -> None:
    platform = FakePlatform()
    link, _ = linked(platform, FakeWorker(auto=True))
    thinker = WorkerThinker(platform, FakeBots(), link, min_think=5.0)
    thinker.think("trader", a_view(), Rng(1), lambda move, problem: None)
    platform.run()
    assert platform.slept[-1] > 4.0


def test_cancel_drops_the_answer_in_flight() -> None:
    platform = FakePlatform()
    worker = FakeWorker()
    link, _ = linked(platform, worker)
    thinker = WorkerThinker(platform, FakeBots(), link, min_think=0.0)
    got: list[str | None] = []
    thinker.think("trader", a_view(), Rng(1), lambda move, problem: got.append(move))
    platform.step(len(platform.tasks) - 1)  # the think awaits the worker
    thinker.cancel()
    assert not thinker.busy
    worker.replies[0].text = json.dumps({"move": "TM"})
    platform.run()
    assert got == []
    # the next think is answered as usual
    thinker.think("trader", a_view(), Rng(2), lambda move, problem: got.append(move))
    platform.step(len(platform.tasks) - 1)
    worker.replies[1].text = json.dumps({"move": "TD"})
    platform.run()
    assert got == ["TD"]


def test_an_error_text_from_the_worker_is_the_problem_as_on_the_page() -> None:
    platform = FakePlatform()
    link, _ = linked(platform, FakeWorker(auto=True))
    thinker = WorkerThinker(platform, FakeBots(), link, min_think=0.0)
    got: list[tuple[str | None, BaseException | None]] = []
    thinker.think("no-such-level", a_view(), Rng(1), lambda move, problem: got.append((move, problem)))
    platform.run()
    [(move, problem)] = got
    assert move is None and isinstance(problem, WorkerProblem) and "no bot called" in str(problem)
    assert link.thinker_name == "worker"  # the worker still works; only that bot failed


@pytest.mark.parametrize("request_text_", ["not json", "[]", json.dumps({"level": "trader"})])
def test_a_bad_request_gets_an_error_text_never_a_traceback(request_text_: str) -> None:
    got = json.loads(answer(request_text_))
    assert set(got) == {"error"} and "Traceback" not in got["error"]
    with pytest.raises(WorkerProblem):
        read_answer(answer(request_text_))


def test_a_worker_that_cannot_start_leaves_the_thinking_on_the_page() -> None:
    platform = FakePlatform()
    link, shown = linked(platform, None, fail=RuntimeError("Worker is not defined"))
    assert link.failed and link.remote is None and link.thinker_name == "page" and shown == []
    assert len(platform.warnings) == 1 and "page's thread" in platform.warnings[0]
    assert platform.errors == []
    thinker = WorkerThinker(platform, FakeBots(), link, min_think=0.0)
    got: list[str | None] = []
    p = new_match(seed=4)
    thinker.think("trader", view(p, p.to_move), Rng(1), lambda move, problem: got.append(move))
    platform.run()
    assert got and got[0] in legal_moves(p)


def test_a_worker_that_never_answers_the_start_is_given_up_after_the_timeout() -> None:
    platform = FakePlatform()
    never = Reply()

    async def connect() -> Any:
        await never
        return FakeWorker()

    shown: list[str] = []
    link = WorkerLink(platform, platform, connect, timeout=30.0, on_change=shown.append)
    link.start()
    platform.step(1)  # the watchdog's sleep
    platform.step(1)  # the watchdog wakes: no worker yet
    assert link.failed and "30 s" in platform.warnings[0]
    never.text = "late"
    platform.run()  # the worker that arrives late is not used
    assert link.remote is None and shown == []


def test_a_worker_that_breaks_during_a_think_hands_it_to_the_page() -> None:
    platform = FakePlatform()
    worker = FakeWorker()
    link, shown = linked(platform, worker)
    thinker = WorkerThinker(platform, FakeBots(), link, min_think=0.0)
    got: list[tuple[str | None, BaseException | None]] = []
    p = new_match(seed=4)
    thinker.think("trader", view(p, p.to_move), Rng(1), lambda move, problem: got.append((move, problem)))
    platform.step(len(platform.tasks) - 1)
    worker.replies[0].error = RuntimeError("the worker was terminated")
    platform.run()
    [(move, problem)] = got
    assert problem is None and move in legal_moves(p)
    assert link.failed and link.thinker_name == "page" and shown == ["worker", "page"]
    thinker.think("trader", view(p, p.to_move), Rng(1), lambda move, problem: got.append((move, problem)))
    platform.run()
    assert len(worker.requests) == 1 and len(got) == 2  # later thinks stay on the page


def test_the_controller_thinks_in_the_worker_once_it_has_started() -> None:
    """A match's thinker thinks on the page until the worker has started, and in the worker after."""
    platform = FakePlatform()
    c = Controller(platform, None, FakeBots(), min_think=0.0)
    worker = FakeWorker(auto=True)

    async def connect() -> Any:
        return worker

    c.worker = WorkerLink(platform, platform, connect)
    thinker = c.thinker()
    assert isinstance(thinker, WorkerThinker) and thinker.levels() == Thinker(platform, FakeBots()).levels()
    p = new_match(seed=4)
    got: list[str | None] = []
    thinker.think("trader", view(p, p.to_move), Rng(1), lambda move, problem: got.append(move))
    platform.run()
    assert len(got) == 1 and worker.requests == []  # not started yet: the page thought
    c.worker.start()
    platform.run()
    p2 = apply(p, str(got[0]))
    thinker.think("trader", view(p2, p2.to_move), Rng(2), lambda move, problem: got.append(move))
    platform.run()
    assert len(worker.requests) == 1 and len(got) == 2 and got[1] in legal_moves(p2)


def _page_thinker(platform: FakePlatform) -> Thinker:
    return Thinker(platform, FakeBots(), min_think=5.0)


def _worker_thinker(platform: FakePlatform) -> Thinker:
    link, _ = linked(platform, FakeWorker(auto=True))
    return WorkerThinker(platform, FakeBots(), link, min_think=5.0)


@pytest.mark.parametrize("make", [_page_thinker, _worker_thinker], ids=["page", "worker"])
def test_a_think_cancelled_while_it_waits_out_min_think_never_answers(make: Any) -> None:
    """Both thinkers end a think the same way (Thinker._finish): the move is known, the wait for min_think runs,
    and a cancel during that wait drops the move, while a think started meanwhile answers and keeps `busy`."""
    platform = FakePlatform()
    thinker = make(platform)
    got: list[tuple[str, str | None]] = []
    p = new_match(seed=4)
    thinker.think("trader", view(p, p.to_move), Rng(1), lambda move, problem: got.append(("first", move)))
    task = len(platform.tasks) - 1
    while not any(seconds > 0 for seconds in platform.slept):   # on to the wait for min_think
        assert platform.step(task)
    thinker.cancel()
    thinker.think("trader", view(p, p.to_move), Rng(2), lambda move, problem: got.append(("second", move)))
    assert platform.step(task) is False and got == [] and thinker.busy   # the first woke up, cancelled: nothing
    platform.run()
    assert [name for name, _ in got] == ["second"] and got[0][1] in legal_moves(p) and not thinker.busy
