"""Puzzles: solutions checked at load, tries judged in words (English and Persian), lines with replies, reveal."""

from __future__ import annotations

import pytest

from jaipur import apply, new_match, position_from_json
from jaipur.web.i18n import Reason
from jaipur.web.teach.puzzle import (
    BadPuzzleError,
    Puzzle,
    PuzzleVerdict,
    clean_caption,
    describe_move,
    load_puzzle,
    puzzle_from_json,
    split_solution,
)

HAND = {"market": "MMMDG", "hands": ["LLLL", "SC"], "herds": [1, 2], "seed": 5}


def start() -> Puzzle:
    return Puzzle(position_from_json(HAND), ["S4L"], "Which sale?")


def test_right_answer_in_words() -> None:
    pz = start()
    v = pz.check("s4l")
    assert v == PuzzleVerdict(True, v.reason, done=True)
    assert v.message("en") == "Right: selling 4 leather earns 10 rupees and a 4-card bonus token. Puzzle solved."
    assert "۴ چرم" in v.message("fa") and "۱۰ روپیه" in v.message("fa")
    assert pz.solved and pz.position == apply(position_from_json(HAND), "S4L")
    assert pz.check("TM").correct and pz.check("TM").done


def test_wrong_and_illegal_tries_do_not_move() -> None:
    pz = start()
    wrong = pz.check("S3L")
    assert not wrong.correct and wrong.legal
    assert wrong.message("en") == "Not this one — try again or reveal the answer."
    assert wrong.message("fa").startswith("این نه")
    illegal = pz.check("S5L")
    assert not illegal.correct and not illegal.legal and "not possible here" in illegal.message("en")
    assert not pz.check("nonsense").legal
    assert pz.position == pz.start and pz.played == []


def test_alternatives_and_reveal() -> None:
    pz = Puzzle(position_from_json(HAND), "S4L, S3L")
    assert pz.check("S3L").correct
    text = pz.reveal()
    assert text.startswith("Any of these is right: selling 4 leather") and "selling 3 leather" in text
    assert "S3L" not in text and "S4L" not in text           # words, never the engine's notation
    assert Puzzle(position_from_json(HAND), ["S4L"]).reveal() == (
        "The answer: selling 4 leather earns 10 rupees and a 4-card bonus token.")
    fa = pz.reveal("fa")
    assert fa.startswith("هر یک") and "فروش ۴ چرم" in fa and "S4L" not in fa


def test_a_line_with_a_reply() -> None:
    p = position_from_json(HAND)
    pz = Puzzle(p, ["TD_TM_S4L"])
    first = pz.check("TD")
    assert first.correct and not first.done and first.reply == "TM"
    assert "The other side answers: taking the 3 camels" in first.message("en")
    assert pz.position == apply(apply(p, "TD"), "TM") and pz.played == ["TD", "TM"]
    assert not pz.check("S3L").correct
    assert pz.check("S4L").done and pz.solved
    pz.reset()
    assert pz.position == p and not pz.solved


def test_phrases_for_each_kind_of_move() -> None:
    p = position_from_json({"market": "DDSCM", "hands": ["LLC", "GS"], "herds": [4, 2], "seed": 1})
    assert describe_move(p, "XDD-MM") == "taking 2 diamonds for 2 camels"
    assert describe_move(p, "TD") == "taking one diamond"
    assert describe_move(p, "TM") == "taking the camel"
    assert describe_move(p, "XDD-MM", "fa").startswith("گرفتن")
    end = position_from_json({"market": "MMMDL", "hands": ["GG", "C"], "herds": [4, 4], "deck": "S",
                              "goods": {"D": [], "P": []}, "seed": 2})
    assert describe_move(end, "TM").endswith(", and it ends the round")
    empty = position_from_json({"market": "MMMDL", "hands": ["LL", "C"], "goods": {"L": []}, "seed": 3})
    assert "no goods token" in describe_move(empty, "S2L")


@pytest.mark.parametrize(("solution", "words"), [
    ("", "no solution"),
    ([], "no solution"),
    (["S5L"], "not legal"),
    (["T"], "not a move"),
    (["S4L_TM"], "end with a move of the side to move"),
    ([3], "text"),
    (7, "list of moves"),
    (["TD"] * 13, "at most 12"),
    (["TD " * 16], "at most 15"),
])
def test_bad_solutions_refused(solution: object, words: str) -> None:
    with pytest.raises(BadPuzzleError) as err:
        Puzzle(position_from_json(HAND), solution)  # type: ignore[arg-type]
    assert words in err.value.message
    found = load_puzzle(position_from_json(HAND), solution)
    assert isinstance(found, Reason) and found.code == "param.solution" and words in found.message


def test_line_may_not_cross_a_round_end() -> None:
    end = {"market": "MMMDL", "hands": ["GG", "C"], "herds": [4, 4], "deck": "S", "goods": {"D": [], "P": []}}
    with pytest.raises(BadPuzzleError, match="ends the round"):
        Puzzle(position_from_json(end), ["TM_TD_TL"])


def test_position_must_be_playable() -> None:
    over = position_from_json({"market": "MMMD", "hands": ["", ""], "deck": ""})
    with pytest.raises(BadPuzzleError, match="still be played"):
        Puzzle(over, ["TD"])


def test_from_json_and_back() -> None:
    pz = puzzle_from_json(dict(HAND, solution=["S4L", "TD_TM_S4L"], caption="  A\ncaption "))
    assert pz.caption == "A caption" and pz.lines == [["S4L"], ["TD", "TM", "S4L"]]
    again = puzzle_from_json(pz.to_json())
    assert again.start == pz.start and again.lines == pz.lines and again.caption == pz.caption
    for bad, words in (("{", "not valid JSON"), ("[]", "object"), (HAND, "no 'solution'"),
                       ({"solution": ["TD"]}, "'market'")):
        with pytest.raises(BadPuzzleError, match=words):
            puzzle_from_json(bad)


def test_split_and_caption_helpers() -> None:
    assert split_solution(["S4L", "td tm  s4l", " "]) == [["S4L"], ["TD", "TM", "S4L"]]
    assert clean_caption(None) == ("", False)
    assert clean_caption("a\u200cb\x00c\ue000") == ("a\u200cbc", False)  # the Persian ZWNJ is kept
    assert clean_caption("x" * 10, limit=5) == ("xxxx…", True)


def test_new_match_puzzle() -> None:
    p = new_match(seed=4)
    pz = Puzzle(p, ["TM"])
    assert pz.solver == p.to_move and pz.check("TM").done
