"""The game review in the replay viewer: the Review button runs in the background (yielding to the page),
then a chart and the costliest moves are drawn, in words, in both languages; the planted blunder is marked."""

from __future__ import annotations

import pytest

from jaipur.record import record_to_compact, replay
from jaipur.web.app import Controller
from jaipur.web.draw.render import find, text_of, walk
from jaipur.web.links.address import read_address
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
    assert f"Move {at + 1}: " in text and "The chance of winning after it: " in text
    for mark in [n for n in walk(pf.node) if "data-review-mark" in n.attrs]:   # the moves in words, no notation
        said = text_of(mark)
        index = int(mark.attrs["data-review-mark"])
        assert record.moves[index] not in said and "(" not in said.split(":")[0], said
    # the chart's axes are labelled: the chance in percent, the moves by number
    labels = [text_of(n) for n in walk(charts[0]) if n.tag == "text"]
    assert {"Chance of winning (%)", "Move", "0%", "50%", "100%"} <= set(labels)
    assert str(at + 1) in labels
    # a marked move, clicked, shows the table where it was played
    c.on_event({"type": "click", "action": "replay-goto", "value": str(at)})
    assert c.position == replay(record)[at] and c.position.to_move == seat
    assert find(pf.node, data_zone="replay")[0].attrs["data-ply"] == str(at)
    c.on_event({"type": "click", "action": "replay-forward", "value": ""})
    assert find(pf.node, data_zone="replay")[0].attrs["data-ply"] == str(at + 1)
    c.on_event({"type": "click", "action": "switch-lang", "value": "fa"})
    assert "بهتر: " in text_of(pf.node) and "۱۰۰٪" in text_of(pf.node)
    labels = [text_of(n) for n in walk(pf.node) if n.tag == "text"]
    assert {"شانس بردن (٪)", "حرکت", "۰٪", "۵۰٪", "۱۰۰٪"} <= set(labels)


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
    assert "Review of your moves, round 1" in text_of(pf.node) and "Player" not in text_of(pf.node)


def test_the_replay_of_your_match_keeps_you_and_the_computer_s_level_in_both_languages() -> None:
    from tests.web.fakes import full_match

    record = full_match(5, "single-round")
    pf = FakePlatform()
    c = Controller(pf, read_address(""), FakeBots(), min_think=0, puzzles=[])
    c.boot()
    c.open_match(record, "trader", 0)
    pf.run()
    c.on_event({"type": "click", "action": "review-game", "value": ""})
    assert c.kind == "replay"
    c.on_event({"type": "click", "action": "replay-first", "value": ""})
    c.on_event({"type": "click", "action": "replay-forward", "value": ""})
    assert pf.node is not None
    text = text_of(pf.node)
    assert "Player" not in text and ("Trader to move" in text or "Your turn" in text)
    said = text_of(find(pf.node, **{"class": "replay-said"})[0])
    assert said.startswith("You ") or said.startswith("Trader ")
    assert [text_of(n) for n in find(pf.node, data_action="replay-seat")] == ["Yours", "Trader's", "Both hands"]
    c.on_event({"type": "click", "action": "switch-lang", "value": "fa"})
    text = text_of(pf.node)
    assert "Player" not in text and "Trader" not in text and "تاجر" in text and "دست شما" in text
    shared = c.mode.shareable() if c.mode is not None else None
    assert shared is not None and shared.players == ["Player", "Trader"]   # the record's own (English) names
    c.on_event({"type": "click", "action": "new-game", "value": ""})   # leaving stops the review it started
    pf.run()
    # a record shared by link: the names the page wrote into it, in the page's language
    link = "#record=" + record_to_compact(shared)
    pf = FakePlatform()
    c = Controller(pf, read_address("?lang=fa", link), FakeBots(), min_think=0, puzzles=[])
    c.boot()
    text = text_of(pf.node)
    assert "Player" not in text and "Trader" not in text and "بازیکن" in text and "تاجر" in text
