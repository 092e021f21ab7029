"""Learn to play: each step's check on its real position, and the guided game completed in the page
(both languages), its progress kept in `jaipur.learn.v1`, a newcomer's start screen and default level."""

from __future__ import annotations

import json

import pytest

from jaipur.bots.words import describe
from jaipur.notation import CAMELS, SELL, TAKE, parse_move
from jaipur.rules import apply, legal_moves
from jaipur.study.puzzlebook import sure_win
from jaipur.view import view
from jaipur.web.app import Controller
from jaipur.web.draw.nodes import Node
from jaipur.web.draw.render import find, text_of
from jaipur.web.i18n import catalogue
from jaipur.web.links.address import read_address
from jaipur.web.modes.tutorial import TutorialMode
from jaipur.web.store.profile import PROFILE_KEY, Profile, profile_text
from jaipur.web.teach.tutorial import LEARN_KEY, STEPS, Step, done_from_text, first_open

from .fakes import FakeBots, FakePlatform

IDS = [s.id for s in STEPS]


def test_there_are_eight_to_twelve_steps_each_with_words_in_every_language() -> None:
    assert 8 <= len(STEPS) <= 12 and len(set(IDS)) == len(IDS)
    for lang in ("en", "fa"):
        table = catalogue(lang)
        for s in STEPS:
            assert table[f"learn.{s.id}.try"] and table[f"learn.{s.id}.right"], (lang, s.id)


@pytest.mark.parametrize("step", STEPS, ids=IDS)
def test_each_step_accepts_some_legal_moves_and_refuses_the_others(step: object) -> None:
    from jaipur.web.teach.tutorial import Step

    assert isinstance(step, Step)
    p = step.position
    assert p.to_move == 0 and p.status == "playing"
    good = step.moves()
    assert good and all(m in legal_moves(p) for m in good)
    others = [m for m in legal_moves(p) if m not in good]
    assert others, "a step with nothing to get wrong teaches nothing"
    assert not any(step.accepts(m) for m in others)


def test_the_steps_teach_what_they_say() -> None:
    by = {s.id: s for s in STEPS}
    assert {parse_move(m).kind for m in by["take"].moves()} == {TAKE}
    assert by["camels"].moves() == ["TM"]
    assert all("M" in parse_move(m).given for m in by["exchange"].moves())
    sold = apply(by["sell"].position, "S4L")
    assert any(size == 4 for size, _ in sold.taken_bonus[0])        # the bonus token for four cards
    precious = by["precious"].position
    assert "S1D" not in legal_moves(precious)                        # one diamond cannot be sold
    assert view(apply(precious, "TD"), 0)["hand"].count("D") == 2        # a pair: enough to sell
    limit = by["limit"].position
    assert len(view(limit, 0)["hand"]) == 7 and not any(m.startswith("T") and m != "TM" for m in legal_moves(limit))
    assert all(parse_move(m).kind == SELL for m in by["limit"].moves())
    token = by["camel-token"].position
    after = apply(token, "TM")
    assert after.herds[0] > after.herds[1] and token.herds[0] < token.herds[1]
    for sid in ("end", "seals"):
        s = by[sid]
        (move,) = s.moves()
        assert sure_win(s.position, move) and apply(s.position, move).round_over, sid
    won = apply(by["seals"].position, by["seals"].moves()[0])
    assert won.result is not None and won.result["match_winner"] == 0


def boot(query: str = "", pf: FakePlatform | None = None) -> tuple[Controller, FakePlatform]:
    pf = pf or FakePlatform()
    c = Controller(pf, read_address(query), FakeBots(), min_think=0, puzzles=[])
    c.boot()
    pf.run()
    return c, pf


def click(c: Controller, action: str, value: str = "") -> None:
    c.on_event({"type": "click", "action": action, "value": value})


def play_by_clicks(c: Controller, move: str) -> None:
    """Select the move's cards by clicking them and press its button."""
    m = parse_move(move)
    v = c.mode.seen(c.position) if c.mode is not None else {}

    def pick(zone: str, row: str, wanted: str) -> None:
        need = list(wanted)
        for i, letter in enumerate(row):
            if letter in need:
                need.remove(letter)
                c.on_event({"type": "click", "card": letter, "zone": zone, "index": str(i)})
        assert not need

    if m.kind == CAMELS:
        click(c, "camels")
        return
    if m.kind == TAKE:
        pick("market", v["market"], m.good)
        click(c, "take")
    elif m.kind == SELL:
        pick("hand", v["hand"], m.good * m.count)
        click(c, "sell")
    else:
        pick("market", v["market"], m.taken)
        pick("hand", v["hand"], m.given.replace("M", ""))
        pick("herd", "M" * v["herds"][0], "M" * m.given.count("M"))
        click(c, "exchange")


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_tutorial_is_completed_by_clicks(lang: str) -> None:
    c, pf = boot(f"?lang={lang}")
    assert c.screen == "start" and find(pf.node, **{"data-learn-suggest": ""})
    assert c.choice_opponent == "trader"                              # a newcomer does not meet the strongest first
    click(c, "learn")
    words = catalogue(lang)
    for n, step in enumerate(STEPS):
        assert find(pf.node, **{"data-lesson": step.id}), step.id
        assert words[f"learn.{step.id}.try"] in text_of(pf.node)
        wrong = next(m for m in legal_moves(step.position) if not step.accepts(m))
        play_by_clicks(c, wrong)
        assert c.position == step.position and find(pf.node, **{"data-verdict": "wrong"})
        said = text_of(find(pf.node, **{"data-verdict": "wrong"})[0])
        assert said.startswith(words["learn.wrong"].split("{")[0]) and words[step.refusal(wrong)] in said
        play_by_clicks(c, step.moves()[0])
        assert find(pf.node, **{"data-verdict": "solved"}), step.id
        assert words[f"learn.{step.id}.right"] in text_of(pf.node)
        assert json.loads(pf.storage[LEARN_KEY]) == IDS[: n + 1]
        if n + 1 < len(STEPS):
            click(c, "learn-next")
    assert find(pf.node, **{"data-learn-done": ""})
    click(c, "new-game")
    assert c.screen == "start" and not find(pf.node, **{"data-learn-suggest": ""})


def test_progress_is_resumed_and_the_rules_dialog_opens_the_tutorial() -> None:
    pf = FakePlatform({LEARN_KEY: json.dumps(IDS[:3])})
    c, pf = boot("", pf)
    assert not find(pf.node, **{"data-learn-suggest": ""}) and c.choice_opponent == "maharaja"
    click(c, "rules")
    click(c, "learn")
    assert find(pf.node, **{"data-lesson": IDS[3]})
    click(c, "learn-back")
    assert find(pf.node, **{"data-lesson": IDS[2]})
    c, pf = boot("?learn=1", FakePlatform())
    assert find(pf.node, **{"data-lesson": IDS[0]})


def test_a_player_with_matches_played_keeps_the_strongest_default() -> None:
    played = Profile().with_result("maharaja", "lost")
    c, pf = boot("", FakePlatform({PROFILE_KEY: profile_text(played)}))
    assert c.choice_opponent == "maharaja" and not find(pf.node, **{"data-learn-suggest": ""})


def test_progress_reads_from_anything() -> None:
    assert done_from_text(None) == frozenset() and done_from_text("[1, {}]") == frozenset()
    assert done_from_text('["take", "nope"]') == {"take"}
    assert first_open(frozenset(IDS)) == 0 and first_open(frozenset(IDS[:2])) == 2


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_tutorial_shows_no_puzzle_badge_nor_puzzle_hint(lang: str) -> None:
    c, pf = boot(f"?learn=1&lang={lang}")
    words = catalogue(lang)

    def badge() -> str:
        (node,) = [n for n in find(pf.node) if "badge" in str(n.attrs.get("class", "")).split()
                   and "round" not in str(n.attrs.get("class", "")).split()]
        return text_of(node)

    def hint() -> str:
        (node,) = [n for n in find(pf.node) if "data-hint" in n.attrs]
        return text_of(node)

    assert badge() == words["vs.learn"] != words["vs.puzzle"]
    assert hint() == words["hint.learn"]
    assert words["hint.puzzle"] not in text_of(pf.node) and words["puzzle.title"] + ":" not in text_of(pf.node)
    play_by_clicks(c, STEPS[0].moves()[0])
    assert find(pf.node, **{"data-verdict": "solved"})
    assert badge() == words["vs.learn"] and hint() == words["hint.learned"]
    assert words["hint.solved"] not in text_of(pf.node) and words["turn.solved"] not in text_of(pf.node)
    from jaipur.web.teach.puzzle import Puzzle

    c.open_puzzle(Puzzle(STEPS[0].position, STEPS[0].moves()))   # a real puzzle keeps its badge and hint
    c.draw()
    assert badge() == words["vs.puzzle"] and hint() == words["hint.puzzle"]


@pytest.mark.parametrize("lang", ["en", "fa"])
@pytest.mark.parametrize("step", STEPS, ids=IDS)
def test_a_wrong_move_says_what_it_would_do_and_what_the_step_asks(step: Step, lang: str) -> None:
    words = catalogue(lang)
    c, pf = boot(f"?lang={lang}")
    c.open_mode(TutorialMode(c, IDS.index(step.id)))
    for wrong in [m for m in legal_moves(step.position) if not step.accepts(m)][:6]:
        c.play(wrong)
        c.refresh()
        (verdict,) = find(pf.node, **{"data-verdict": "wrong"})
        said = text_of(verdict)
        did = describe(wrong, view(step.position, 0), you=True, lang=lang)
        assert did in said, (step.id, wrong, said)                           # what the move would have done
        assert said.endswith(words[step.refusal(wrong)]), (step.id, wrong)   # and what the step asks instead
        assert wrong not in said                                             # never the engine's notation
    if step.id == "exchange":   # an exchange that is nearly the step's says what it lacks
        assert step.refusal("XDD-PC") == "learn.exchange.no-camel"
        assert step.refusal("XDL-PM") == "learn.exchange.not-diamonds"


def _camels_button(pf: FakePlatform) -> Node:
    assert pf.node is not None
    return next(n for n in find(pf.node, **{"data-action": "camels"}) if n.tag == "button")


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_only_the_action_a_step_asks_for_is_highlighted_and_named_as_on_its_button(lang: str) -> None:
    words = catalogue(lang)
    c, pf = boot(f"?lang={lang}&learn=1")
    assert isinstance(c.mode, TutorialMode) and c.mode.step.id == "take"
    camels = _camels_button(pf)
    assert "disabled" not in camels.attrs and "primary" not in camels.attrs["class"]   # allowed, but not asked for
    click(c, "learn-next")
    assert "primary" in _camels_button(pf).attrs["class"]                               # this step asks for it
    quoted = (f"“{words['action.camels']}”", f"«{words['action.camels']}»")
    assert any(q in words["learn.camels.try"] for q in quoted)                          # the button's own label


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_end_step_speaks_of_the_token_piles_whose_cards_still_lie_in_the_market(lang: str) -> None:
    p = next(s for s in STEPS if s.id == "end").position
    empty = {g for g, pile in zip("DGSCPL", p.goods) if not pile}
    assert empty == {"D", "P"} and "D" in view(p, 0)["market"] and "P" in view(p, 0)["market"]
    text = catalogue(lang)["learn.end.try"]
    assert ("diamond and spice tokens" if lang == "en" else "ژتون‌های الماس و ادویه") in text
    assert "sold out" not in text
