"""Lessons (modes.lesson): an embedded position can be tried again (its position, log and caption back),
the caption never stays over a position it does not describe, and `reply=0` holds the computer back."""

from __future__ import annotations

import pytest

from jaipur import position_from_json
from jaipur.web.draw.render import find, text_of
from jaipur.web.i18n import catalogue
from jaipur.web.links.address import read_address
from jaipur.web.links.linkwriter import make_link
from jaipur.web.modes.lesson import LessonMode

from .fakes import FakePlatform
from .test_app import BASE, PUZZLE, SALE, attr_nodes, click, hand_indexes, open_page, select

ENDING = {"market": "MMGCS", "hands": ["LLLLDD", "CSPP"], "herds": [1, 2], "to_move": 0, "seed": 12,
          "goods": {"D": [], "G": [], "L": [1]}}
"""A lesson whose sale of leather ends the round (two goods piles are empty, the sale empties the third)."""


def sell_leather(c: object) -> None:
    select(c, "hand", *hand_indexes(c, "L"))  # type: ignore[arg-type]
    click(c, "sell")  # type: ignore[arg-type]


def restart_button(pf: FakePlatform) -> object:
    (button,) = find(pf.node, data_action="restart")
    return button  # type: ignore[no-any-return]


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_an_embedded_lesson_is_tried_again_with_its_caption(lang: str) -> None:
    c, pf = open_page(make_link(BASE, SALE, embed=True, lang=lang, caption="Sell the leather now."))
    start = c.position
    assert isinstance(c.mode, LessonMode) and c.kind == "position"
    assert restart_button(pf).attrs.get("disabled") is not None                        # nothing to try again yet
    assert text_of(attr_nodes(c, pf, "data-caption")[0]) == "Sell the leather now."
    sell_leather(c)
    pf.run()                                                                   # the computer answers
    assert c.mode.moves[0] == "S4L" and len(c.mode.moves) == 2
    # the caption described the lesson's position: it is gone, a line says Try again brings it back
    assert not attr_nodes(c, pf, "data-caption") and "Sell the leather now." not in text_of(pf.node)
    assert catalogue(lang)["lesson.moved"] in text_of(find(pf.node, data_lesson_moved="")[0])
    assert restart_button(pf).attrs.get("disabled") is None
    click(c, "restart")
    pf.run()
    assert c.position is start and c.mode.moves == [] and pf.storage == {}
    assert text_of(attr_nodes(c, pf, "data-caption")[0]) == "Sell the leather now."
    assert not find(pf.node, data_lesson_moved="") and find(pf.node, data_turn="you")
    assert [n.attrs["data-move"] for n in attr_nodes(c, pf, "data-move") if n.tag == "li"] == []
    sell_leather(c)                                                            # and again, the same way
    pf.run()
    assert c.mode.moves[0] == "S4L"


def test_try_again_drops_a_think_in_flight_and_closes_the_round_dialog() -> None:
    c, pf = open_page(make_link(BASE, SALE, embed=True))
    sell_leather(c)                                  # the computer starts thinking (not run yet)
    assert c.mode.thinking
    click(c, "restart")
    pf.run()
    assert c.mode.moves == [] and not c.mode.thinking and c.position.to_move == 0
    c, pf = open_page(make_link(BASE, ENDING, embed=True, caption="End the round."))
    sell_leather(c)
    assert c.dialog == "round" and c.position.round_over
    (dialog,) = find(pf.node, data_dialog="round")
    (in_dialog,) = find(dialog, data_action="restart")
    assert in_dialog.attrs.get("disabled") is None
    click(c, "restart")
    assert c.dialog is None and not c.position.round_over and c.mode.moves == []
    assert text_of(attr_nodes(c, pf, "data-caption")[0]) == "End the round."


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_reply_0_the_computer_does_not_answer(lang: str) -> None:
    link = make_link(BASE, SALE, embed=True, lang=lang)
    c, pf = open_page(link.replace("?", "?reply=0&", 1))
    assert c.address.reply is False and not c.problems and not c.notices
    sell_leather(c)
    pf.run()
    words = catalogue(lang)
    assert c.mode.moves == ["S4L"] and c.position.to_move == 1 and not c.mode.thinking   # no answer
    assert find(pf.node, data_hint="held") and words["hint.held"] in text_of(pf.node)
    assert words["turn.held"] in text_of(pf.node) and find(pf.node, data_turn="opponent")
    assert c.worker is None or not c.worker.started                          # no thinker was started
    click(c, "restart")
    assert c.mode.moves == [] and find(pf.node, data_turn="you")
    click(c, "clear")
    sell_leather(c)
    pf.run()
    assert c.mode.moves == ["S4L"]


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_reply_0_the_badge_says_the_computer_does_not_answer(lang: str) -> None:
    words = catalogue(lang)
    link = make_link(BASE, SALE, embed=True, lang=lang, opponent="maharaja")
    c, pf = open_page(link.replace("?", "?reply=0&", 1))
    (badge,) = [n for n in attr_nodes(c, pf, "data-level") if "badge" in str(n.attrs.get("class"))]
    assert text_of(badge) == words["vs.no-reply"] and badge.attrs["data-level"] == "maharaja"
    assert words["level.maharaja"] not in text_of(badge)
    c, pf = open_page(link)                                                    # it answers: the level is named
    (badge,) = [n for n in attr_nodes(c, pf, "data-level") if "badge" in str(n.attrs.get("class"))]
    assert text_of(badge) == words["vs.level"].replace("{level}", words["level.maharaja"])


def test_reply_0_is_never_saved_and_undo_still_works_on_the_site() -> None:
    pf = FakePlatform()
    c, pf = open_page(make_link(BASE, SALE).replace("#", "?reply=0#", 1), pf)
    assert isinstance(c.mode, LessonMode) and not c.embed
    sell_leather(c)
    pf.run()
    assert c.mode.moves == ["S4L"] and pf.storage == {}                     # not resumed later as a real match
    assert find(pf.node, data_action="undo")[0].attrs.get("disabled") is None
    click(c, "undo")
    assert c.mode.moves == []


def test_a_lesson_with_the_computer_to_move_first_waits_with_reply_0() -> None:
    c, pf = open_page(make_link(BASE, SALE, embed=True, seat=1).replace("?", "?reply=0&", 1))
    assert c.viewer == 1 and c.position.to_move == 0 and c.mode.moves == []
    assert find(pf.node, data_hint="held")
    c, pf = open_page(make_link(BASE, SALE, embed=True, seat=1))                 # reply=1: it answers
    assert len(c.mode.moves) == 1


def test_reply_parameter_is_read_and_a_bad_value_is_a_clear_problem() -> None:
    pos = make_link(BASE, SALE).partition("#")[2]
    assert read_address("?reply=0", "#" + pos).reply is False
    assert read_address("?reply=1", "#" + pos).reply is True and read_address("", "#" + pos).reply is True
    bad = read_address("?reply=maybe", "#" + pos)
    assert bad.reply is True and [p.code for p in bad.problems] == ["param.reply"]
    assert "maybe" in bad.problems[0].message
    for query, hash_text in (("?reply=0", ""), ("?reply=0", "#" + make_link(BASE, PUZZLE).partition("#")[2]
                                                                  + "&solution=S4L")):
        alone = read_address(query, hash_text)
        assert alone.reply is True and [p.code for p in alone.problems] == ["param.reply-alone"]
    c, pf = open_page(BASE + "?embed=1&reply=7#" + pos)                       # the table, with the sentence above it
    assert c.kind == "position" and [n.code for n in c.notices] == ["param.reply"]
    assert catalogue("en")["param.reply"].replace("{value}", "7") in text_of(pf.node)


def test_an_embedded_puzzle_starts_again_with_its_task() -> None:
    c, pf = open_page(make_link(BASE, PUZZLE, embed=True, caption="Sell now.") + "&solution=S4L")
    start = c.position
    assert c.kind == "puzzle" and find(pf.node, data_action="retry")[0].attrs.get("disabled") is not None
    sell_leather(c)
    assert c.position is not start and find(pf.node, data_verdict="solved")
    click(c, "retry")
    assert c.position == start and not find(pf.node, data_verdict="solved")
    assert "Sell now." in text_of(attr_nodes(c, pf, "data-caption")[0])


def test_the_lesson_position_is_the_address_position() -> None:
    c, _ = open_page(make_link(BASE, SALE, embed=True))
    assert c.position == position_from_json(SALE)
