"""Move notation (DESIGN.md "Move notation"): parse any order, write the canonical one."""

from __future__ import annotations

import itertools

import pytest

import jaipur
from jaipur import BadMoveError, IllegalMoveError, Move, format_move, parse_move

ORDER = "DGSCPLM"


def canon(letters):
    return "".join(sorted(letters, key=ORDER.index))


# ---------------------------------------------------------------- the four forms


@pytest.mark.parametrize(
    "text,kind,fields",
    [
        ("TD", "take", {"good": "D"}),
        ("TL", "take", {"good": "L"}),
        ("TM", "camels", {}),
        ("XDG-LM", "exchange", {"taken": "DG", "given": "LM"}),
        ("XDGSCP-LLLLL", "exchange", {"taken": "DGSCP", "given": "LLLLL"}),
        ("S3L", "sell", {"good": "L", "count": 3}),
        ("S2D", "sell", {"good": "D", "count": 2}),
        ("S12C", "sell", {"good": "C", "count": 12}),
    ],
)
def test_each_form_parses(text, kind, fields):
    m = parse_move(text)
    assert isinstance(m, Move)
    assert m.kind == kind
    for key, value in fields.items():
        assert getattr(m, key) == value
    assert str(m) == text
    assert format_move(text) == text
    assert format_move(m) == text


def test_take_camels_is_its_own_kind():
    assert parse_move("TM") == Move("camels")
    assert str(Move("camels")) == "TM"


# ---------------------------------------------------------------- any order in, canonical out


@pytest.mark.parametrize(
    "text,canonical",
    [
        ("XGD-ML", "XDG-LM"),
        ("XLG-MD", "XGL-DM"),
        ("XCG-PL", "XGC-PL"),
        ("XPSD-MLC", "XDSP-CLM"),
        ("XLLD-MMC", "XDLL-CMM"),
        ("XCPLSGD-MMMMMMM", "XDGSCPL-MMMMMMM"),
    ],
)
def test_exchange_parses_any_order_and_formats_canonically(text, canonical):
    assert format_move(text) == canonical
    assert str(parse_move(text)) == canonical
    assert parse_move(text) == parse_move(canonical)
    assert format_move(canonical) == canonical  # idempotent


def test_every_permutation_of_an_exchange_gives_one_move():
    seen = {format_move("X" + "".join(t) + "-" + "".join(g))
            for t in itertools.permutations("DSL") for g in itertools.permutations("CPM")}
    assert seen == {"XDSL-CPM"}


def test_format_of_every_legal_move_is_itself():
    for seed in range(8):
        p = jaipur.new_match(seed)
        for _ in range(12):
            moves = jaipur.legal_moves(p)
            for m in moves:
                assert format_move(m) == m
                assert str(parse_move(m)) == m
                if m.startswith("X"):
                    t, g = m[1:].split("-")
                    assert t == canon(t) and g == canon(g)
            p = jaipur.apply(p, moves[(seed * 7 + len(moves)) % len(moves)])
            if p.round_over:
                break


def test_legal_lists_are_sorted_and_duplicate_free():
    for seed in range(10):
        p = jaipur.new_match(seed)
        rng = jaipur.Rng(seed)
        while not p.round_over:
            moves = jaipur.legal_moves(p)
            assert moves == sorted(moves)
            assert len(moves) == len(set(moves))
            p = jaipur.apply(p, moves[rng.below(len(moves))])


# ---------------------------------------------------------------- case and whitespace


@pytest.mark.parametrize(
    "text,canonical",
    [
        ("td", "TD"),
        ("  TM  ", "TM"),
        ("\txgd-ml\n", "XDG-LM"),
        ("s3l", "S3L"),
        ("S3l", "S3L"),
        ("Xdg-Lm", "XDG-LM"),
        ("\r\n s2d \r\n", "S2D"),
    ],
)
def test_lowercase_and_surrounding_whitespace(text, canonical):
    assert format_move(text) == canonical


def test_apply_accepts_lowercase_any_order_and_move_objects():
    p = jaipur.position_from_json({"market": "MMMDG", "hands": ["CL", ""], "herds": [2, 0]})
    want = jaipur.apply(p, "XDG-LM")
    assert jaipur.apply(p, "xgd-ml") == want
    assert jaipur.apply(p, " XGD-ML ") == want
    assert jaipur.apply(p, parse_move("xdg-lm")) == want
    assert jaipur.is_legal(p, "xgd-ml") and jaipur.is_legal(p, parse_move("XDG-LM"))


# ---------------------------------------------------------------- the DESIGN examples


def design_position():
    # every DESIGN example move's cards are present: D, G in the market, L in hand, camels in the herd
    return jaipur.position_from_json({"market": "MMMDG", "hands": ["LLC", ""], "herds": [3, 0]})


def test_design_XD_L_parses_and_fails_R13a():
    m = parse_move("XD-L")
    assert (m.kind, m.taken, m.given) == ("exchange", "D", "L")
    with pytest.raises(IllegalMoveError) as info:
        jaipur.apply(design_position(), "XD-L")
    assert info.value.code == "R13a"


def test_design_XDG_L_fails_R13():
    assert str(parse_move("XDG-L")) == "XDG-L"
    with pytest.raises(IllegalMoveError) as info:
        jaipur.apply(design_position(), "XDG-L")
    assert info.value.code == "R13"


def test_design_S1M_parses_and_fails_R15():
    m = parse_move("S1M")
    assert (m.kind, m.good, m.count) == ("sell", "M", 1)
    with pytest.raises(IllegalMoveError) as info:
        jaipur.apply(design_position(), "S1M")
    assert info.value.code == "R15"


def test_design_S0L_is_a_bad_move():
    with pytest.raises(BadMoveError) as info:
        parse_move("S0L")
    assert info.value.code == "bad-move"
    with pytest.raises(BadMoveError) as info:
        jaipur.apply(design_position(), "S0L")
    assert info.value.code == "bad-move"
    assert jaipur.check(design_position(), "S0L").code == "bad-move"


def test_design_XDG_LM_example():
    assert jaipur.apply(design_position(), "XDG-LM").hand_size(0) == 4


def test_parse_reads_shape_only_the_rules_judge_the_rest():
    # shapes that parse though no position could ever play them
    for text in ("XDDDDDDD-LLLLLLL", "S99D", "XM-M", "XDG-DG", "S1M", "TM"):
        parse_move(text)


# ---------------------------------------------------------------- garbage


@pytest.mark.parametrize(
    "text",
    [
        "", " ", "T", "X", "S", "-", "TZ", "TDD", "TDG", "T-", "TMM", "T1", "T D",
        "XD", "XDG", "XDG-", "X-LM", "X-", "XDG--LM", "XD-G-L", "XDG-L1", "X1-L", "XDZ-L", "XDG LM",
        "S", "S3", "SL", "S0L", "S00L", "S03L", "S100L", "S-1L", "S3LL", "S3DG", "S3Z", "S3.0L", "S 3L",
        "Q", "PASS", "hello", "TD;", "TD TM", "TD,TM", "ＴＤ", "S٣L", "S²L", "S3\u00a0L", "T\u0000D",
        "TD\u200b", "x" * 1000,
    ],
)
def test_garbage_is_a_bad_move(text):
    with pytest.raises(BadMoveError) as info:
        parse_move(text)
    err = info.value
    assert err.code == "bad-move"
    assert isinstance(err, ValueError) and isinstance(err, jaipur.JaipurError)
    assert err.message[0].isupper() or err.message[0] == "'"
    assert err.message.rstrip().endswith(".")
    assert len(err.message) < 300  # a long input is not echoed in full


@pytest.mark.parametrize("value", [None, 3, 3.5, b"TD", ["TD"], {"m": "TD"}])
def test_non_text_is_a_bad_move(value):
    with pytest.raises(BadMoveError) as info:
        parse_move(value)
    assert info.value.code == "bad-move"


@pytest.mark.parametrize("value", [None, 3, b"TD", ["TD"]])
def test_apply_non_text_is_a_bad_move(value):
    p = design_position()
    with pytest.raises(BadMoveError) as info:
        jaipur.apply(p, value)
    assert info.value.code == "bad-move"


def test_bad_move_error_to_json():
    with pytest.raises(BadMoveError) as info:
        parse_move("nonsense")
    data = info.value.to_json()
    assert set(data) == {"error"} and data["error"]["code"] == "bad-move"
    assert isinstance(data["error"]["message"], str)
