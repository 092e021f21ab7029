"""The game review off the page's thread (worker_review.py): the worker's answer is the same reviewed move as the
page's own, the replay viewer asks the worker move by move and shows how far it has come, and it reviews on the
page's thread when there is no worker, when the worker has no review, or when the worker breaks."""
from __future__ import annotations

import json
from typing import Any

import pytest

from jaipur.bots.base import run_to_end
from jaipur.lang import Reason
from jaipur.record import record_to_compact, replay
from jaipur.study.review import Point, point_from_json, point_to_json, review, think_point
from jaipur.web.app import Controller
from jaipur.web.draw.render import find, text_of
from jaipur.web.links.address import read_address
from jaipur.web.modes import replay as replay_mode
from jaipur.web.worker.worker_review import read_point, remote_review, review_answer, review_request
from jaipur.web.worker.worker_thinker import WorkerLink, WorkerProblem
from tests.engine.test_review import planted

from .fakes import FakeBots, FakePlatform
from .test_worker_thinker import Reply

PLAYOUTS, ITERATIONS = 3, 8


class Later(Reply):
    """A reply that arrives after one turn of the event loop (as a worker's answer does)."""

    def __await__(self) -> Any:
        yield None
        return (yield from super().__await__())


class ReviewWorker:
    """The worker's exported functions with a real `review` (worker_review.review_answer); answers at once,
    or raises `broken` (a worker that died)."""

    def __init__(self, broken: BaseException | None = None) -> None:
        self.requests: list[dict[str, Any]] = []
        self.broken = broken

    def think(self, request: str) -> Reply:
        raise AssertionError("a replay has no computer to think")

    def review(self, request: str) -> Reply:
        self.requests.append(json.loads(request))
        reply = Later()
        if self.broken is not None:
            reply.error = self.broken
        else:
            reply.text = review_answer(request)
        return reply


class ThinkOnly:
    """A worker started from an older script: it has `think` and no `review`."""

    def think(self, request: str) -> Reply:
        raise AssertionError("not asked")


def a_link(pf: FakePlatform, worker: Any) -> WorkerLink:
    async def connect() -> Any:
        return worker

    return WorkerLink(pf, pf, connect, timeout=60.0)


def boot_replay(worker: Any = None, connected: bool = True) -> tuple[Controller, FakePlatform, Any]:
    """The replay of a planted blunder (tests.engine.test_review) at its last frame, with a worker link."""
    record, seat, _, at = planted(3)
    pf = FakePlatform()
    c = Controller(pf, read_address(f"?seat={seat}", "#record=" + record_to_compact(record)), FakeBots(),
                   min_think=0, puzzles=[])
    if worker is not None:
        c.worker = a_link(pf, worker)
        if connected:
            c.worker.start()
            pf.step(0)                          # the connection; the watchdog stays asleep
    c.boot()
    c.on_event({"type": "click", "action": "replay-last", "value": ""})
    return c, pf, (record, seat, at)


def test_the_workers_answer_is_the_pages_own_reviewed_move() -> None:
    record, seat, _, at = planted(3)
    positions = replay(record)
    mine = [i for i in range(len(record.moves)) if positions[i].to_move == seat][-3:]
    for i in mine:
        here = run_to_end(think_point(positions, record.moves, i, seat, PLAYOUTS, record.seed, ITERATIONS))
        there = read_point(review_answer(review_request(record, seat, i, PLAYOUTS, record.seed, ITERATIONS)))
        assert there == here and there.index == i and there.move == record.moves[i]
    assert at in mine


def test_reasons_and_points_cross_as_json() -> None:
    inner = Reason("suggest.sell.plain", values={"good": "L", "count": 3, "rupees": 6, "bonus": 3})
    pt = Point(4, "TD", 0.25, 0.75, "S3L", Reason("outer", "An English sentence.", {"why": inner, "n": 2}))
    assert point_from_json(json.loads(json.dumps(point_to_json(pt)))) == pt
    with pytest.raises(ValueError):
        point_from_json({"index": 1})


@pytest.mark.parametrize("request_text", ["", "[]", '{"record": "J1.nonsense", "seat": 0, "index": 0}',
                                          None])
def test_a_bad_request_is_an_error_answer_and_the_page_reads_it_as_a_worker_problem(request_text: Any) -> None:
    if request_text is None:      # a move that is not the seat's
        record, seat, _, at = planted(3)
        request_text = review_request(record, 1 - seat, at, PLAYOUTS, 0, ITERATIONS)
    got = json.loads(review_answer(request_text))
    assert set(got) == {"error"} and "Traceback" not in got["error"]
    with pytest.raises(WorkerProblem):
        read_point(json.dumps(got))
    with pytest.raises(WorkerProblem):
        read_point("not json")


def test_the_replay_reviews_in_the_worker_move_by_move_with_its_progress(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(replay_mode, "REVIEW_PLAYOUTS", PLAYOUTS)
    monkeypatch.setattr(replay_mode, "REVIEW_ITERATIONS", ITERATIONS)
    monkeypatch.setattr(replay_mode, "REVIEW_MOVETIME", None)

    def not_here(*args: Any, **kw: Any) -> Any:
        raise AssertionError("reviewed on the page's thread")

    worker = ReviewWorker()
    c, pf, (record, seat, at) = boot_replay(worker)
    monkeypatch.setattr(replay_mode, "think_point", not_here)
    c.on_event({"type": "click", "action": "review", "value": ""})
    (running,) = find(pf.node, data_review="running")
    (bar,) = find(running, data_review_progress="0")
    total = int(bar.attrs["data-review-total"])
    assert total >= 3 and "0 of" in text_of(bar)
    seen = []
    while pf.tasks:                                   # the review task, one await at a time
        pf.step(len(pf.tasks) - 1)
        bars = [n for n in find(pf.node) if "data-review-progress" in n.attrs]
        if bars:
            seen.append(int(bars[0].attrs["data-review-progress"]))
    assert sorted(set(seen)) == list(range(total))[: len(set(seen))] and max(seen) == total - 1
    (done,) = find(pf.node, data_review="done")
    assert done.attrs["data-reviewer"] == "worker" and len(worker.requests) == total
    assert [r["index"] for r in worker.requests] == sorted(r["index"] for r in worker.requests)
    marks = [n.attrs["data-review-mark"] for n in find(pf.node) if "data-review-mark" in n.attrs]
    expected = review(record, seat, playouts=PLAYOUTS, seed=record.seed, iterations=ITERATIONS,
                      rnd=c.position.round)
    assert marks == [str(p.index) for p in expected.marks] and marks[0] == str(at)


@pytest.mark.parametrize("case", ["no worker", "no review in it", "broken"])
def test_without_a_working_worker_the_page_reviews_on_its_own_thread(monkeypatch: pytest.MonkeyPatch,
                                                                     case: str) -> None:
    monkeypatch.setattr(replay_mode, "REVIEW_PLAYOUTS", PLAYOUTS)
    monkeypatch.setattr(replay_mode, "REVIEW_ITERATIONS", ITERATIONS)
    monkeypatch.setattr(replay_mode, "REVIEW_MOVETIME", None)
    worker = {"no worker": None, "no review in it": ThinkOnly(), "broken": ReviewWorker(RuntimeError("died"))}[case]
    c, pf, (record, seat, at) = boot_replay(worker)
    c.on_event({"type": "click", "action": "review", "value": ""})
    pf.run()
    (done,) = find(pf.node, data_review="done")
    assert done.attrs["data-reviewer"] == "page"
    marks = [n.attrs["data-review-mark"] for n in find(pf.node) if "data-review-mark" in n.attrs]
    assert marks[0] == str(at) and not pf.errors
    if case == "broken":
        assert c.worker is not None and c.worker.failed and len(worker.requests) == 1   # asked once, then the page
        assert any("failed to review" in w for w in pf.warnings)


def test_a_review_waits_for_the_worker_that_is_starting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(replay_mode, "REVIEW_PLAYOUTS", PLAYOUTS)
    monkeypatch.setattr(replay_mode, "REVIEW_ITERATIONS", ITERATIONS)
    worker = ReviewWorker()
    c, pf, _ = boot_replay(worker, connected=False)
    assert c.worker is not None and not c.worker.started           # a replay starts no worker by itself
    c.on_event({"type": "click", "action": "review", "value": ""})
    assert c.worker.started                                         # the review starts it
    pf.run()
    assert find(pf.node, data_review="done")[0].attrs["data-reviewer"] == "worker" and worker.requests


def test_leaving_the_replay_drops_the_review_in_flight() -> None:
    worker = ReviewWorker()
    c, pf, _ = boot_replay(worker)
    c.on_event({"type": "click", "action": "review", "value": ""})
    pf.step(len(pf.tasks) - 1)
    c.on_event({"type": "click", "action": "new-game", "value": ""})
    draws = pf.draws
    pf.run()
    assert c.screen == "start" and pf.draws == draws and not pf.errors


def test_remote_review_is_none_until_the_worker_has_started() -> None:
    pf = FakePlatform()
    link = a_link(pf, ReviewWorker())
    assert remote_review(None) is None and remote_review(link) is None
    link.start()
    pf.step(0)
    assert remote_review(link) is not None
    pf.run()                                        # the watchdog ends: the worker had started
    assert not link.failed
