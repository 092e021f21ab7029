"""The hint button in CPython: the top bot's suggestion arrives later (stepped on the page's thread, or from the
page's worker), the button is busy meanwhile, a second press cancels, a stale answer (after a move, an undo, a new
game) is never shown, a worker that breaks or has no `suggest` hands the hint to the page's thread silently; the
worker's own side (`hint_answer`) with the real bots."""
from __future__ import annotations

import json
from typing import Any

import pytest

from jaipur import Rng, determinize, legal_moves, new_match, view
from jaipur.bots import BROWSER_MOVETIME
from jaipur.bots.suggest import REASON_CODES, Suggestion, explain
from jaipur.study.review import reason_to_json
from jaipur.web.app import Controller
from jaipur.web.draw.render import Node, find, text_of, walk
from jaipur.web.links.address import read_address
from jaipur.web.links.linkwriter import make_link
from jaipur.web.modes.hinter import HINT_LEVEL, HINT_MOVETIME
from jaipur.web.modes.thinker import load_bots
from jaipur.web.worker.worker_hint import hint_answer, hint_request, read_hint
from jaipur.web.worker.worker_thinker import WorkerLink, WorkerProblem, answer

from .fakes import FakeBots, FakePlatform
from .test_worker_thinker import Reply


class SteppedBots(FakeBots):
    """FakeBots with the real package's stepped suggestion: thinks in three steps, suggests the last legal move of a
    stand-in deal, and records what it was asked (`raises`: a bot that breaks)."""

    def __init__(self, raises: BaseException | None = None) -> None:
        super().__init__()
        self.asked: list[tuple[dict[str, Any], str, float | None]] = []
        self.raises = raises

    def think_suggest(self, v: dict[str, Any], level: str = "trader", rng: Rng | None = None,
                      movetime: float | None = None) -> Any:
        self.asked.append((v, level, movetime))
        for _ in range(3):
            yield None
        if self.raises is not None:
            raise self.raises
        move = legal_moves(determinize(v, Rng(2)))[-1]
        return Suggestion(move, explain(move, v))


class HintWorker:
    """The worker's exported functions: `think` answers at once (the fake bots), `suggest` waits for the test
    (`answer_hints`), or raises `broken` (a worker that died)."""

    def __init__(self, broken: BaseException | None = None) -> None:
        self.hints: list[tuple[dict[str, Any], Reply]] = []
        self.broken = broken

    def think(self, request: str) -> Reply:
        reply = Reply()
        reply.text = answer(request, FakeBots())  # type: ignore[arg-type]
        return reply

    def suggest(self, request: str) -> Reply:
        reply = Reply()
        if self.broken is not None:
            reply.error = self.broken
        self.hints.append((json.loads(request), reply))
        return reply

    def answer_hints(self, text: str | None = None) -> str:
        """Answer the pending suggestions (with the first legal move of the view's stand-in deal, or `text`)."""
        move = ""
        for got, reply in self.hints:
            if reply.text is None and reply.error is None:
                v = got["view"]
                move = legal_moves(determinize(v, Rng(5)))[0]
                reply.text = text or json.dumps({"move": move, "reason": reason_to_json(explain(move, v))})
        return move


class ThinkOnly:
    """A worker started from an older script: `think` and no `suggest`."""

    def think(self, request: str) -> Reply:
        reply = Reply()
        reply.text = answer(request, FakeBots())  # type: ignore[arg-type]
        return reply


def boot(query: str = "?opponent=trader&seed=3", bots: Any = None, worker: Any = None,
         fragment: str = "") -> tuple[Controller, FakePlatform]:
    """A controller at the table (seed 3: the player moves first, the camels can be taken), with a started worker."""
    pf = FakePlatform()
    c = Controller(pf, read_address(query, fragment), bots if bots is not None else SteppedBots(), min_think=0,
                   puzzles=[])
    if worker is not None:
        async def connect() -> Any:
            return worker

        c.worker = WorkerLink(pf, pf, connect, timeout=60.0)
        c.worker.start()
        pf.step(0)                               # the connection; the watchdog stays asleep
    c.boot()
    return c, pf


def hint_button(pf: FakePlatform) -> Node:
    assert pf.node is not None
    return find(pf.node, data_action="suggest")[0]


def hint_state(pf: FakePlatform) -> str | None:
    assert pf.node is not None
    return [n for n in walk(pf.node) if n.tag == "main"][0].attrs.get("data-hint-state")


def press(c: Controller) -> None:
    c.on_event({"action": "suggest"})


def test_the_hint_is_the_top_bots_and_arrives_later_with_the_button_busy_meanwhile() -> None:
    bots = SteppedBots()
    c, pf = boot(bots=bots)
    press(c)
    assert c.suggestion is None and c.selection == frozenset() and c.mode.suggesting
    button = hint_button(pf)
    assert button.attrs.get("aria-busy") == "true" and text_of(button) == "Thinking…" and "disabled" not in button.attrs
    assert hint_state(pf) == "thinking" and not c.mode.thinking   # the player may still move
    assert text_of(find(pf.node, data_hint_thinking="")[0]) == "Looking for a good move…"  # type: ignore[arg-type]
    pf.run()
    assert c.suggestion is not None and c.suggestion.move in legal_moves(c.position)
    assert c.suggestion.reason and getattr(c.suggestion.reason, "code", "") in REASON_CODES
    assert c.selection == c.suggestion.cards and c.selection
    assert hint_state(pf) == "ready" and "aria-busy" not in hint_button(pf).attrs
    assert not find(pf.node, data_hint_thinking="")  # type: ignore[arg-type]
    assert text_of(hint_button(pf)) == "Suggest a move"
    assert find(pf.node, data_suggestion=c.suggestion.move, data_hint_where="page")
    seen, level, movetime = bots.asked[0]
    assert seen == dict(view(c.position, c.viewer)) and level == HINT_LEVEL == "maharaja"   # a view, never the deal
    assert movetime == HINT_MOVETIME and HINT_MOVETIME <= BROWSER_MOVETIME
    assert pf.errors == [] and 0 in pf.slept                        # stepped: the page's loop turned between steps


def test_a_second_press_cancels_the_hint_and_a_third_asks_again() -> None:
    c, pf = boot()
    press(c)
    press(c)
    assert not c.mode.suggesting and hint_state(pf) is None and text_of(hint_button(pf)) == "Suggest a move"
    pf.run()
    assert c.suggestion is None and c.selection == frozenset()
    press(c)
    pf.run()
    assert c.suggestion is not None and c.suggestion.move


@pytest.mark.parametrize("how", ["move", "undo", "new-game", "menu"])
def test_a_hint_thought_for_another_table_is_never_shown(how: str) -> None:
    c, pf = boot()
    if how == "undo":
        c.on_event({"action": "camels"})
        pf.run()                                 # the computer's reply: the player's turn again
        assert len(c.mode.moves) == 2 and c.mode.can_undo()
    press(c)
    assert c.mode.suggesting
    mode = c.mode
    if how == "move":
        c.on_event({"action": "camels"})
    elif how == "undo":
        c.on_event({"action": "undo"})
        assert c.mode.moves == []
    elif how == "new-game":
        c.on_event({"action": "new-game"})       # back to the start screen (the match is dropped)
    else:
        c.on_event({"action": "menu"})           # asks first; Leave drops the match
        c.on_event({"action": "leave"})
    assert not mode.suggesting
    pf.run()
    assert c.suggestion is None and pf.errors == []
    if c.mode is not None:
        assert c.mode.may_move() and hint_state(pf) is None and c.selection == frozenset()


def test_a_stale_answer_is_dropped_even_when_it_arrives() -> None:
    c, pf = boot()
    mode = c.mode
    p = mode.position
    mode._hinted(p, len(mode.moves) + 1, "TM", None, None)    # thought after another number of moves
    c.on_event({"action": "camels"})
    pf.run()
    mode._hinted(p, 0, "TM", None, None)                      # thought for the position before the move
    assert c.suggestion is None and c.selection == frozenset()


def test_a_bot_that_breaks_says_there_is_no_suggestion_and_the_game_goes_on() -> None:
    c, pf = boot(bots=SteppedBots(raises=RuntimeError("no idea")))
    press(c)
    pf.run()
    assert c.suggestion is not None and c.suggestion.move is None and c.error is None
    assert pf.node is not None and "No suggestion is available right now." in text_of(pf.node)
    assert any("no idea" in w for w in pf.warnings) and pf.errors == []
    c.on_event({"action": "camels"})
    pf.run()
    assert len(c.mode.moves) == 2


def test_the_worker_is_asked_with_the_view_and_its_answer_is_shown() -> None:
    worker = HintWorker()
    bots = SteppedBots()
    c, pf = boot(bots=bots, worker=worker)
    press(c)
    assert c.mode.suggesting and hint_state(pf) == "thinking"
    pf.step(len(pf.tasks) - 1)                  # the hint's task posts the request
    got, _ = worker.hints[0]
    assert got["view"] == json.loads(json.dumps(view(c.position, c.viewer))) and "hands" not in got["view"]
    assert got["level"] == "maharaja" and got["movetime"] == HINT_MOVETIME
    move = worker.answer_hints()
    pf.run()
    assert c.suggestion is not None and c.suggestion.move == move and c.selection == c.suggestion.cards
    assert getattr(c.suggestion.reason, "code", "") in REASON_CODES and c.suggestion.where == "worker"
    assert find(pf.node, data_suggestion=move, data_hint_where="worker")
    assert bots.asked == [] and hint_state(pf) == "ready" and pf.warnings == []


def test_a_workers_answer_after_a_move_is_ignored() -> None:
    worker = HintWorker()
    c, pf = boot(worker=worker)
    press(c)
    pf.step(len(pf.tasks) - 1)
    c.on_event({"action": "camels"})            # the player moved while the worker thought
    worker.answer_hints()
    pf.run()                                    # the stale answer arrives, and the computer replies
    assert len(c.mode.moves) == 2 and c.suggestion is None and c.selection == frozenset()
    assert c.mode.may_move() and not c.mode.suggesting


@pytest.mark.parametrize("worker", [HintWorker(broken=RuntimeError("worker gone")), ThinkOnly(), "error-answer"])
def test_without_a_working_suggest_in_the_worker_the_page_thinks_the_hint_silently(worker: Any) -> None:
    bots = SteppedBots()
    error_answer = worker == "error-answer"
    c, pf = boot(bots=bots, worker=HintWorker() if error_answer else worker)
    press(c)
    if error_answer:
        pf.step(len(pf.tasks) - 1)
        c.worker.remote.answer_hints(json.dumps({"error": "ValueError: no view"}))  # type: ignore[union-attr]
    pf.run()
    assert c.suggestion is not None and c.suggestion.move in legal_moves(c.position)
    assert len(bots.asked) == 1 and c.suggestion.where == "page"
    assert pf.errors == [] and c.error is None
    assert c.worker is not None and c.worker.failed == isinstance(worker, HintWorker)
    c.on_event({"action": "clear"})
    c.on_event({"action": "camels"})            # the game goes on
    pf.run()
    assert len(c.mode.moves) == 2


def test_hot_seat_and_a_lesson_that_does_not_reply_have_hints_too() -> None:
    c, pf = boot("?opponent=human&seed=3")
    c.on_event({"action": "ready"})             # the pass screen hands the device to the first player
    press(c)
    pf.run()
    assert c.suggestion is not None and c.suggestion.move in legal_moves(c.position)
    c.on_event({"action": "clear"})
    c.on_event({"action": "camels"})            # the pass screen, then the second player's turn
    c.on_event({"action": "ready"})
    press(c)
    pf.run()
    assert c.viewer == 1 and c.suggestion is not None and c.suggestion.move in legal_moves(c.position)
    query, fragment = make_link("index.html", new_match(seed=3), opponent="maharaja").split("?", 1)[1].split("#")
    c, pf = boot("?" + query + "&reply=0", fragment="#" + fragment)
    assert c.mode.restart is not None
    press(c)
    pf.run()
    assert c.suggestion is not None and c.suggestion.move in legal_moves(c.position)


def test_the_busy_word_is_persian_in_persian() -> None:
    c, pf = boot("?opponent=trader&seed=3&lang=fa")
    press(c)
    assert text_of(hint_button(pf)) == "در حال فکر…" and hint_button(pf).attrs.get("aria-busy") == "true"
    assert text_of(find(pf.node, data_hint_thinking="")[0]) == "در جست‌وجوی یک حرکت خوب…"  # type: ignore[arg-type]
    pf.run()
    assert hint_state(pf) == "ready"


def test_puzzles_and_the_tutorial_still_have_no_hint() -> None:
    c, pf = boot("?seed=3")
    c.on_event({"action": "learn"})
    press(c)
    pf.run()
    assert c.suggestion is None and not find(pf.node, data_action="suggest")  # type: ignore[arg-type]


def test_the_workers_side_suggests_with_the_real_bots_and_bad_requests_are_error_answers() -> None:
    c, _ = boot()
    v = dict(view(c.position, c.viewer))
    move, reason = read_hint(hint_answer(hint_request(v, "maharaja", 7, 0.05)))
    assert move in legal_moves(c.position) and reason.code in REASON_CODES
    for bad in ("", "[]", json.dumps({"view": {"market": "nonsense"}, "level": "maharaja", "seed": "1"}),
                hint_request(v, "no-such-level", 1, 0.05)):
        got = json.loads(hint_answer(bad))
        assert set(got) == {"error"} and "Traceback" not in got["error"]
        with pytest.raises(WorkerProblem):
            read_hint(json.dumps(got))
    for nonsense in ("not json", "[1]", '{"move": 3}', '{"move": "TM", "reason": 1}'):
        with pytest.raises(WorkerProblem):
            read_hint(nonsense)


def test_the_real_bots_suggest_on_the_pages_thread_in_steps() -> None:
    bots = load_bots()
    assert bots is not None
    c, pf = boot(bots=bots)
    press(c)
    assert c.mode.suggesting and c.suggestion is None
    pf.run(limit=10_000_000)
    assert c.suggestion is not None and c.suggestion.move in legal_moves(c.position)
    assert getattr(c.suggestion.reason, "code", "") in REASON_CODES and pf.slept.count(0) > 3
