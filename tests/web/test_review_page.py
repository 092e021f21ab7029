"""The game review in the replay viewer: the Review button runs in the background (yielding to the page),
then a chart and the costliest moves are drawn, in words, in both languages; the planted blunder is marked."""

from __future__ import annotations

import pytest

from jaipur.record import record_to_compact
from jaipur.web.address import read_address
from jaipur.web.app import Controller
from jaipur.web.render import find, text_of, walk
from tests.engine.test_review import planted
from tests.web.fakes import FakeBots, FakePlatform


def test_the_review_marks_the_planted_blunder_in_the_replay() -> None:
    record, seat, win, at = planted(3)
    pf = FakePlatform()
    c = Controller(pf, read_address(f"?seat={seat}", "#record=" + record_to_compact(record)), FakeBots(),
                   min_think=0, puzzles=[])
    c.boot()
    assert c.kind == "replay"
    c.on_event({"type": "click", "action": "replay-last", "value": ""})
    c.on_event({"type": "click", "action": "review", "value": ""})
    assert pf.node is not None and find(pf.node, data_review="running")
    assert pf.tasks, "the review runs as a task that yields to the page"
    pf.run()
    assert find(pf.node, data_review="done")
    charts = [n for n in walk(pf.node) if n.tag == "svg"]
    assert len(charts) == 1 and [n.tag for n in charts[0].children][:2] == ["line", "polyline"]
    marks = [n.attrs["data-review-mark"] for n in walk(pf.node) if "data-review-mark" in n.attrs]
    assert marks and marks[0] == str(at) and len(marks) <= 3
    text = text_of(pf.node)
    assert f"Move {at + 1} ({record.moves[at]}): chance of winning 100% →" in text
    c.on_event({"type": "click", "action": "switch-lang", "value": "fa"})
    assert "بهتر: " in text_of(pf.node) and "۱۰۰٪" in text_of(pf.node)


def test_a_finished_match_offers_the_review_of_its_last_round(monkeypatch: pytest.MonkeyPatch) -> None:
    from jaipur.web.modes import replay
    from tests.web.fakes import full_match

    monkeypatch.setattr(replay, "REVIEW_PLAYOUTS", 2)
    monkeypatch.setattr(replay, "REVIEW_ITERATIONS", 10)
    record = full_match(5, "single-round")
    pf = FakePlatform()
    c = Controller(pf, read_address(""), FakeBots(), min_think=0, puzzles=[])
    c.boot()
    c.open_match(record, "trader", 0)
    pf.run()
    c.refresh()
    assert c.dialog == "match" and find(pf.node, data_action="review-game")
    c.on_event({"type": "click", "action": "review-game", "value": ""})
    assert c.kind == "replay" and find(pf.node, data_review="running")
    pf.run()
    assert find(pf.node, data_review="done")
    assert "Review of Player's moves, round 1" in text_of(pf.node)
