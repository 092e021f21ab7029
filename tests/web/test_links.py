"""Page links: every parameter read, every bad one reported (never raised), links written and read back,
and every iframe of examples/explainer.html valid."""

from __future__ import annotations

import json
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import quote, urlsplit

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jaipur import Record, apply, new_match, position_from_json, record_to_compact, record_to_json
from jaipur.record import b64encode
from jaipur.web import links
from jaipur.web.app import Controller
from jaipur.web.i18n import Reason, catalogue, strings
from jaipur.web.links import address, host, make_link
from jaipur.web.links.address import PageRequest, decode_payload, read_address
from jaipur.web.store import saved
from jaipur.web.teach import puzzle, replayer

from .fakes import FakeBots, FakePlatform

EN = catalogue("en")

ROOT = Path(__file__).resolve().parents[2]
HAND = {"market": "MMMDG", "hands": ["LLLL", "SC"], "herds": [1, 2], "seed": 5}
RECORD = "J1.42.s.QXZh.Q29tcHV0ZXI.TM_S1L_XSL-DG"


def b64(data: object) -> str:
    return b64encode(json.dumps(data).encode())


def codes(req: PageRequest) -> list[str]:
    return [p.code for p in req.problems]


# ---------------------------------------------------------------- the query


def test_defaults() -> None:
    req = read_address("", "")
    assert (req.kind, req.opponent, req.seed, req.mode, req.lang, req.embed, req.interactive) == (
        "game", None, None, "standard", "en", False, True)
    assert req.problems == [] and req.viewer() == 0 and req.hosts == ()


def test_every_good_query_parameter() -> None:
    req = read_address("?opponent=human&seed=18446744073709551615&mode=single-round&lang=fa&embed=1"
                         "&interactive=0&caption=Hello%20there&seat=1&host=https://a.example,https://b.example:8443",
                         "")
    assert req.problems == []
    assert (req.opponent, req.seed, req.mode, req.lang, req.embed, req.interactive, req.caption, req.seat) == (
        "human", 2**64 - 1, "single-round", "fa", True, False, "Hello there", 1)
    assert req.hosts == ("https://a.example", "https://b.example:8443")


@pytest.mark.parametrize(("query", "code", "shown"), [
    ("?opponent=grandmaster", "param.opponent", "grandmaster"),
    ("?seed=-1", "param.seed", "-1"),
    ("?seed=18446744073709551616", "param.seed", "18446744073709551616"),
    ("?seed=%D9%A3", "param.seed", "٣"),
    ("?mode=blitz", "param.mode", "blitz"),
    ("?lang=de", "param.lang", "de"),
    ("?embed=maybe", "param.embed", "maybe"),
    ("?interactive=2", "param.interactive", "2"),
    ("?seat=2", "param.seat", "2"),
    ("?seat=all", "param.seat", "all"),
    ("?host=ftp://x.example", "param.host", "ftp://x.example"),
    ("?host=https://x.example/path", "param.host", "https://x.example/path"),
])
def test_bad_query_parameter_is_reported_and_left_at_default(query: str, code: str, shown: str) -> None:
    req = read_address(query, "")
    assert codes(req) == [code]
    assert shown in req.problems[0].message
    assert req.problems[0].message[0].isupper() or req.problems[0].message[0] in "“"
    default = PageRequest()
    assert (req.opponent, req.seed, req.mode, req.lang, req.embed, req.interactive, req.seat, req.hosts) == (
        default.opponent, default.seed, default.mode, default.lang, default.embed, default.interactive,
        default.seat, default.hosts)


def test_unknown_parameters_are_ignored() -> None:
    req = read_address("?utm_source=x&foo", "#bar=1&baz")
    assert req.problems == [] and req.kind == "game"


def test_caption_is_text_cut_and_reported() -> None:
    req = read_address("?caption=" + quote("<b>Sell</b>\n\tnow\x07"), "")
    assert req.caption == "<b>Sell</b> now" and req.problems == []
    long = read_address("?caption=" + "x" * 500, "")
    assert len(long.caption) == puzzle.MAX_CAPTION and long.caption.endswith("…")
    assert codes(long) == ["param.caption"]


def test_host_star_and_duplicates() -> None:
    req = read_address("?host=*&host=HTTPS://A.example:443,https://a.example", "")
    assert req.hosts == ("*", "https://a.example") and req.problems == []


# ---------------------------------------------------------------- the hash


def test_position_link_round_trips() -> None:
    link = make_link("index.html", HAND, embed=True)
    req = read_address(*_split(link))
    assert req.problems == [] and req.kind == "position"
    assert req.position == position_from_json(HAND)
    assert req.viewer() == 0


def test_position_object_link_round_trips() -> None:
    p = apply(new_match(seed=9), "TM")
    req = read_address(*_split(make_link("index.html", p)))
    assert req.problems == [] and req.position == p and req.viewer() == p.to_move


def test_position_mode_wins_and_players_and_caption_from_json() -> None:
    data = dict(HAND, mode="single-round", players=["Ava", "Bo"], caption="From the JSON")
    req = read_address("?mode=standard", "#position=" + b64(data))
    assert req.problems == [] and req.mode == "single-round"
    assert req.players == ("Ava", "Bo") and req.caption == "From the JSON"
    assert read_address("?caption=Query", "#position=" + b64(data)).caption == "Query"


def test_position_as_percent_encoded_json() -> None:
    req = read_address("", "#position=" + quote(json.dumps(HAND)))
    assert req.problems == [] and req.position == position_from_json(HAND)


def test_standard_base64_with_padding_is_tolerated() -> None:
    import base64

    text = base64.b64encode(json.dumps(HAND).encode()).decode()
    assert read_address("", "#position=" + text).position == position_from_json(HAND)


@pytest.mark.parametrize(("value", "words"), [
    ("not*base64", "base64url"),
    (b64([1, 2]), "JSON object"),
    (b64({"market": "MMMDG"}), "'market'"),
    (b64({"market": "MMMDG", "hands": ["DDDDDDD", "DD"]}), "R1"),
    (b64encode(b"\xff\xfe"), "base64url"),
    (b64encode(b"{not json"), "base64url"),
])
def test_bad_position_is_reported(value: str, words: str) -> None:
    req = read_address("?opponent=trader", "#position=" + value)
    assert codes(req) == ["param.position"] and words in req.problems[0].message
    assert req.position is None and req.kind == "game" and req.opponent == "trader"


def test_match_over_position_is_refused() -> None:
    data = {"mode": "single-round", "market": "MMMD", "hands": ["", ""], "deck": ""}
    req = read_address("", "#position=" + b64(data))
    assert codes(req) == ["param.position"] and "over" in req.problems[0].message


def test_record_compact_and_json() -> None:
    req = read_address("", "#record=" + RECORD)
    assert req.problems == [] and req.kind == "replay" and req.record is not None
    assert req.record.moves == ["TM", "S1L", "XSL-DG"] and req.players == ("Ava", "Computer")
    rec = req.record
    req2 = read_address("", "#record=" + b64(record_to_json(rec)))
    assert req2.problems == [] and req2.record == rec
    assert read_address("?seat=all", "#record=" + RECORD).seat == "all"


@pytest.mark.parametrize("value", ["J1.42.s.QXZh.Q29tcHV0ZXI.TM_TM_TM", "J1.x", "garbage", b64({"moves": 3})])
def test_bad_record_is_reported(value: str) -> None:
    req = read_address("", "#record=" + value)
    assert codes(req) == ["param.record"] and req.record is None and req.kind == "game"


def test_too_long_hash_value() -> None:
    req = read_address("", "#record=" + "A" * (address.MAX_VALUE + 1))
    assert codes(req) == ["param.record"] and str(address.MAX_VALUE) in req.problems[0].message


def test_conflict_keeps_record_then_puzzle_then_position() -> None:
    req = read_address("", "#position=" + b64(HAND) + "&record=" + RECORD)
    assert req.kind == "replay" and codes(req) == ["param.conflict"]
    assert "#record" in req.problems[0].message


# ---------------------------------------------------------------- puzzles in links


def test_puzzle_hash_and_solution_forms() -> None:
    a = read_address("", "#puzzle=" + b64(dict(HAND, solution=["S4L"], caption="Best sale?")))
    assert a.problems == [] and a.kind == "puzzle" and a.puzzle is not None
    assert a.puzzle.lines == [["S4L"]] and a.caption == "Best sale?" and a.position == a.puzzle.start
    b = read_address("", "#position=" + b64(HAND) + "&solution=s4l,S3L")
    assert b.problems == [] and b.puzzle is not None and b.puzzle.lines == [["S4L"], ["S3L"]]
    c = read_address("", "#position=" + b64(dict(HAND, solution="S4L")))
    assert c.kind == "puzzle"


def test_bad_solution_keeps_the_position() -> None:
    req = read_address("", "#position=" + b64(HAND) + "&solution=S5L")
    assert codes(req) == ["param.solution"] and req.kind == "position" and req.position is not None
    assert "not legal" in req.problems[0].message


def test_bad_puzzle_reported() -> None:
    assert codes(read_address("", "#puzzle=" + b64(HAND))) == ["param.puzzle"]
    assert codes(read_address("", "#puzzle=" + b64(dict(HAND, solution=["TQ"])))) == ["param.puzzle"]
    assert codes(read_address("", "#solution=S4L")) == ["param.solution"]


def test_make_link_puzzle_and_record() -> None:
    link = make_link("https://x.example/jaipur/?lang=fa#old", HAND, solution="S4L", caption="Sell!", embed=True)
    parts = urlsplit(link)
    assert parts.query == "lang=fa&embed=1" and parts.fragment.startswith("puzzle=")
    req = read_address("?" + parts.query, "#" + parts.fragment)
    assert req.problems == [] and req.caption == "Sell!" and req.lang == "fa"
    rec = Record(seed=42, players=["Ava", "Computer"], moves=["TM", "S1L"])
    assert make_link("i.html", record=rec) == "i.html#record=" + record_to_compact(rec)
    full = make_link("i.html", record=rec, compact=False, seat="all", hosts=["*"], opponent="novice", seed=3)
    req = read_address(*_split(full))
    assert req.problems == [] and req.record == rec and req.hosts == ("*",) and req.seat == "all"
    with pytest.raises(ValueError):
        make_link("i.html", HAND, solution="S7L")
    with pytest.raises(ValueError):
        make_link("i.html", HAND, record=rec)


def test_the_request_is_what_the_controller_boots_from() -> None:
    req = read_address("?opponent=novice&embed=1&lang=fa", "#position=" + b64(HAND))
    opts = Controller(FakePlatform(), req, FakeBots()).address
    assert (opts.opponent, opts.embed, opts.lang, opts.position) == ("novice", True, "fa", req.position)


def test_decode_payload() -> None:
    assert decode_payload(b64({"a": [1]})) == {"a": [1]}
    assert decode_payload(' {"a": 2}') == {"a": 2}
    with pytest.raises(ValueError):
        decode_payload("!!")


# ---------------------------------------------------------------- never raises


KEYS = ["opponent", "seed", "mode", "lang", "embed", "interactive", "caption", "seat", "host",
        "position", "record", "puzzle", "solution", "", "x"]


@given(st.text(max_size=300), st.text(max_size=300))
def test_fuzz_any_text_never_raises(search: str, fragment: str) -> None:
    req = read_address(search, fragment)
    assert all(isinstance(p, Reason) and p.message for p in req.problems)


@given(st.lists(st.tuples(st.sampled_from(KEYS), st.text(max_size=60)), max_size=8),
       st.lists(st.tuples(st.sampled_from(KEYS), st.text(max_size=60)), max_size=4))
def test_fuzz_parameters_never_raise(query: list[tuple[str, str]], frag: list[tuple[str, str]]) -> None:
    search = "?" + "&".join(f"{k}={quote(v)}" for k, v in query)
    fragment = "#" + "&".join(f"{k}={quote(v)}" for k, v in frag)
    read_address(search, fragment)


JSONS = st.recursive(st.none() | st.booleans() | st.integers(-10, 10**20) | st.text(max_size=12),
                     lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                     max_leaves=20)


@given(st.sampled_from(["position", "puzzle", "record"]), st.dictionaries(
    st.sampled_from(["market", "hands", "herds", "deck", "goods", "bonus", "taken", "seed", "solution", "caption",
                     "mode", "round", "seals", "to_move", "moves", "players", "start", "format"]), JSONS, max_size=8))
def test_fuzz_json_payloads_never_raise(key: str, data: dict[str, object]) -> None:
    read_address("", f"#{key}=" + b64(data))


def test_deep_nesting_never_raises() -> None:
    deep = "[" * 5000 + "]" * 5000
    req = read_address("", "#position=" + b64encode(deep.encode()) + "&x=1")
    assert codes(req) == ["param.position"]
    req = read_address("", "#record=" + quote('{"moves": ' + deep + "}"))
    assert codes(req) == ["param.record"]


# ---------------------------------------------------------------- strings for the UI


@pytest.mark.parametrize("module", [links, address, puzzle, host, saved, replayer])
def test_doctests(module: object) -> None:
    import doctest

    assert doctest.testmod(module).failed == 0  # type: ignore[arg-type]


@pytest.mark.parametrize("module", [address, puzzle, host, saved])
def test_templates_have_matching_placeholders_in_both_languages(module: object) -> None:
    import string

    fa_table = catalogue("fa")
    for code in module.PROBLEMS:  # type: ignore[attr-defined]
        names_en = {f for _, f, _, _ in string.Formatter().parse(EN[code]) if f}
        names_fa = {f for _, f, _, _ in string.Formatter().parse(fa_table[code]) if f}
        # the address's position and record problems leave the engine's English detail out of Persian
        assert names_fa == (names_en - {"detail"} if code in ("param.position", "param.record") else names_en), code


def test_problems_read_in_english_through_i18n() -> None:
    req = read_address("?seed=x&interactive=9", "")
    s = strings("en")
    assert [s.reason(p) for p in req.problems] == [p.message for p in req.problems]


# ---------------------------------------------------------------- the command line and the explainer


def test_command_line_writes_and_checks(tmp_path: Path) -> None:
    f = tmp_path / "p.json"
    f.write_text(json.dumps(HAND))
    out = subprocess.run([sys.executable, "-m", "jaipur.web.links", "--position", str(f), "--embed",
                          "--interactive", "0", "--base", "../index.html"], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0 and out.stdout.startswith("../index.html?embed=1&interactive=0#position=")
    check = subprocess.run([sys.executable, "-m", "jaipur.web.links", "--check", out.stdout.strip()],
                           capture_output=True, text=True, cwd=ROOT)
    assert check.returncode == 0 and json.loads(check.stdout)["kind"] == "position"
    bad = subprocess.run([sys.executable, "-m", "jaipur.web.links", "--check", "x.html?seed=q"],
                         capture_output=True, text=True, cwd=ROOT)
    assert bad.returncode == 1 and json.loads(bad.stdout)["problems"][0]["code"] == "param.seed"


class _Frames(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.srcs: list[str] = []
        self.external: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if tag == "iframe" and name == "src" and value:
                self.srcs.append(value)
            if name in ("src", "href") and value and (value.startswith(("http:", "https:", "//"))):
                self.external.append(value)


def _split(link: str) -> tuple[str, str]:
    parts = urlsplit(link)
    return "?" + parts.query, "#" + parts.fragment


def test_explainer_iframes_parse_without_problems() -> None:
    page = (ROOT / "examples" / "explainer.html").read_text(encoding="utf-8")
    parser = _Frames()
    parser.feed(page)
    assert len(parser.srcs) >= 4 and parser.external == []
    kinds = []
    for src in parser.srcs:
        assert src.startswith("../index.html?") and "embed=1" in src
        req = read_address(*_split(src))
        assert req.problems == [], (src, req.problems)
        kinds.append(req.kind)
    assert kinds.count("position") >= 3 and "puzzle" in kinds


def test_explainer_is_what_the_script_writes() -> None:
    out = subprocess.run([sys.executable, "examples/make_explainer.py", "--check"], capture_output=True, text=True,
                         cwd=ROOT)
    assert out.returncode == 0, out.stdout


def test_explainer_scenarios_show_what_they_say() -> None:
    sys.path.insert(0, str(ROOT / "examples"))
    try:
        import make_explainer as ex
    finally:
        sys.path.pop(0)
    assert "XDD-MM" in __import__("jaipur").legal_moves(position_from_json(ex.EXCHANGE))
    sold = apply(position_from_json(ex.SALE), "S4L")
    assert len(sold.taken_bonus[0]) == 1 and sum(v for _, v in sold.taken_goods[0]) == 10
    end = position_from_json(ex.ROUND_END)
    assert apply(end, "TM").status == "round-over" and len(end.deck) == 1
    pz = position_from_json(ex.PUZZLE)
    enders = [m for m in __import__("jaipur").legal_moves(pz) if apply(pz, m).round_over]
    assert enders == ["S2G"] and apply(pz, "S2G").result["winner"] == 0


def test_record_with_wrong_types_is_a_problem() -> None:
    req = read_address("", "#record=" + b64({"moves": [], "mode": []}))
    assert codes(req) == ["param.record"]
