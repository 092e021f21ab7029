"""Issue 15 (web): bounded readers, storage set aside, host games of their own, ignored messages cost nothing."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from jaipur import Record, safejson
from jaipur.web.dom import read_event
from jaipur.web.draw.render import text_of, walk
from jaipur.web.i18n import Reason
from jaipur.web.links import host
from jaipur.web.links.address import decode_payload, read_address
from jaipur.web.store.profile import PROFILE_KEY, Profile, load_profile, read_profile, readable
from jaipur.web.store.saved import SETASIDE_PREFIX, STORAGE_KEY, import_record, load_text, save_text

from .fakes import FakePlatform
from .test_app import PUZZLE, open_page, play_camels_or_first

OWN = "http://127.0.0.1:8000"
DEEP = "[" * 7000 + "]" * 7000


def deep_object(levels: int) -> str:
    return '{"a":' * levels + "1" + "}" * levels


def saved_game(seed: int = 5) -> str:
    return save_text(Record(seed=seed, moves=[]), {"opponent": "novice", "human_seat": 0})


# ---------------------------------------------------------------- the readers


def test_address_names_the_depth_limit() -> None:
    req = read_address("", '#position={"market":"MMMDG","hands":["",""],"round":' + DEEP + "}")
    assert [p.code for p in req.problems] == ["param.position"]
    assert "more than 32 levels deep" in req.problems[0].message


def test_start_screen_problems_carry_their_code() -> None:
    from jaipur.web.draw.render import walk

    c, pf = open_page("index.html?opponent=novice#position=" + DEEP)
    assert pf.node is not None
    assert [n.attrs["data-code"] for n in walk(pf.node) if "data-code" in n.attrs] == ["param.position"]


def test_decode_payload_refuses_before_parsing() -> None:
    try:
        decode_payload("{" + '"a":' + DEEP + "}")
    except safejson.JsonLimitError as exc:
        assert "32 levels" in exc.message
    else:
        raise AssertionError("a deep value was parsed")


def test_pasted_deep_record_is_refused_with_the_limit() -> None:
    got = import_record("[" * 30_000)
    assert isinstance(got, Reason) and got.code == "import.depth" and "32" in got.message


def test_deep_profile_reads_as_empty_and_is_not_readable() -> None:
    text = '{"lang": "fa", "stats": ' + deep_object(50) + "}"
    assert read_profile(text) == Profile() and not readable(text)
    assert readable(None) and readable('{"lang": "en"}')


def test_deep_event_from_a_host_becomes_message_refused() -> None:
    got = read_event('{"type":"message","origin":"https://a.example","data":' + DEEP + "}")
    assert got == {"type": "message-refused", "origin": "https://a.example", "why": "deep", "id": None}
    got = read_event('{"type":"message","origin":"https://a.example","id":"x","data":' + DEEP + "}")
    assert got is not None and got["id"] == "x"
    assert read_event('{"type":"click","x":' + DEEP + "}") is None


# ---------------------------------------------------------------- storage set aside, the page starts fresh


def test_unreadable_save_is_set_aside_and_a_playable_game_starts() -> None:
    bad = '{"format": "jaipur-save/1", "opponent": "novice", "record": ' + DEEP + "}"
    pf = FakePlatform(storage={STORAGE_KEY: bad})
    c, pf = open_page("index.html?opponent=novice&seed=5", pf)
    assert pf.storage[SETASIDE_PREFIX + STORAGE_KEY] == bad
    assert c.mode is not None
    play_camels_or_first(c)
    pf.run()
    assert len(c.mode.record.moves) >= 1   # type: ignore[attr-defined]
    assert load_text(pf.storage[STORAGE_KEY]) is not None and pf.storage[STORAGE_KEY] != bad


def test_unreadable_profile_is_set_aside() -> None:
    bad = '{"lang": ' + DEEP + "}"
    pf = FakePlatform(storage={PROFILE_KEY: bad})
    assert load_profile(pf) == Profile()
    assert pf.storage[SETASIDE_PREFIX + PROFILE_KEY] == bad and PROFILE_KEY not in pf.storage
    c, pf = open_page("index.html", FakePlatform(storage={PROFILE_KEY: bad}))
    assert pf.node is not None and SETASIDE_PREFIX + PROFILE_KEY in pf.storage


def test_readable_profile_is_left_alone() -> None:
    pf = FakePlatform(storage={PROFILE_KEY: '{"lang": "fa", "stats": {}}'})
    assert load_profile(pf).lang == "fa" and not any(k.startswith(SETASIDE_PREFIX) for k in pf.storage)


# ---------------------------------------------------------------- host commands: a game of their own


def message(data: Any, origin: str = OWN) -> dict[str, Any]:
    return {"type": "message", "origin": origin, "data": data}


def test_load_position_never_saves_over_the_players_game() -> None:
    for link in ("index.html?host=https://blog.example", "index.html?host=https://blog.example&embed=1"):
        pf = FakePlatform(storage={STORAGE_KEY: saved_game()})
        c, pf = open_page(link, pf)
        before = pf.storage[STORAGE_KEY]   # the page itself may resume (and so re-save) the player's game
        c.on_event(message({"target": "jaipur", "type": "load-position", "position": PUZZLE},
                           "https://blog.example"))
        pf.run()
        assert c.mode is not None and c.mode.kind == "position"
        play_camels_or_first(c)
        pf.run()
        assert pf.storage[STORAGE_KEY] == before, link


def test_ignored_messages_draw_nothing() -> None:
    c, pf = open_page("index.html?host=https://blog.example")
    draws = pf.draws
    for data in ({"target": "jaipur", "type": "reset"}, "x", None, {"type": "load-position"}, [1, 2]):
        c.on_event(message(data, "https://evil.example"))
    for data in ("x", None, {"hello": 1}, {"target": "other"}):
        c.on_event(message(data, "https://blog.example"))
    assert pf.draws == draws


def test_refused_command_answers_without_drawing() -> None:
    c, pf = open_page("index.html?host=https://blog.example")
    draws, posted = pf.draws, len(pf.posted)
    c.on_event(message({"target": "jaipur", "id": 7}, "https://blog.example"))
    c.on_event({"type": "message-refused", "origin": "https://blog.example", "why": "size", "size": 10_000_000,
                "id": "big"})
    c.on_event({"type": "message-refused", "origin": "https://blog.example", "why": "unreadable", "id": None})
    c.on_event({"type": "message-refused", "origin": "https://evil.example", "why": "size", "size": 1})
    errors = [m for m, _ in pf.posted[posted:] if m["type"] == "error"]
    assert [(e["code"], e["id"]) for e in errors] == [("host.notype", 7), ("host.shape", "big"), ("host.shape", None)]
    assert "has no 'type'" in errors[0]["message"] and "None" not in errors[0]["message"]
    assert "10000000 characters" in errors[1]["message"] and "300000" in errors[1]["message"]
    assert "refers to itself" in errors[2]["message"]
    assert pf.draws == draws


# ---------------------------------------------------------------- fuzzing with nesting and lone surrogates

TEXT = st.text(st.characters(blacklist_categories=()), max_size=30) | st.sampled_from(["\ud800", "a\udfffb", "\udc00{"])
NESTED = st.integers(0, 3000).map(lambda n: "[" * n + "]" * n) | st.integers(0, 3000).map(deep_object)
JSONISH = st.recursive(st.none() | st.booleans() | st.integers() | TEXT,
                       lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3),
                       max_leaves=15)
RAW = TEXT | NESTED | st.builds(lambda a, b, c: a + b + c, TEXT, NESTED, TEXT) | JSONISH.map(
    lambda d: json.dumps(d, ensure_ascii=False))


@settings(max_examples=150, deadline=None)
@given(RAW)
def test_fuzz_storage_and_paste_readers(text: str) -> None:
    assert isinstance(load_text(text), object)
    assert isinstance(read_profile(text), Profile)
    assert isinstance(readable(text), bool)
    assert isinstance(import_record(text), (Record, Reason))
    got = read_event(text)
    assert got is None or isinstance(got, dict)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["position", "puzzle", "record", "seed", "caption"]), RAW)
def test_fuzz_address(key: str, text: str) -> None:
    from urllib.parse import quote

    read_address("?" + key + "=" + quote(text, safe="", errors="surrogatepass"), "#" + key + "=" + quote(
        text, safe="", errors="surrogatepass"))


@settings(max_examples=150, deadline=None)
@given(JSONISH, st.sampled_from(["load-position", "load-record", "reset", None]), RAW)
def test_fuzz_host_commands(data: Any, kind: str | None, text: str) -> None:
    for payload in ({"target": "jaipur", "type": kind, "position": data, "record": text},
                    {"target": "jaipur", "type": kind, "position": text, "record": data}):
        got = host.parse_command(payload, OWN, (OWN,))
        assert got is None or isinstance(got, (host.Command, Reason))


# ---------------------------------------------------------------- a link never loses the game in progress


def played_save(moves: int = 3) -> dict[str, str]:
    c, pf = open_page("index.html?opponent=novice&seed=5")
    while len(c.mode.record.moves) < moves:   # type: ignore[union-attr]
        play_camels_or_first(c)
        pf.run()
    return dict(pf.storage)


def saved_moves(pf: FakePlatform) -> list[str]:
    got = load_text(pf.storage[STORAGE_KEY])
    assert not isinstance(got, Reason)
    return list(got.record.moves)


def test_links_that_start_something_else_ask_first_and_resume_it() -> None:
    storage = played_save()
    old = saved_moves(FakePlatform(storage=dict(storage)))
    for link in ("index.html?opponent=novice&seed=99", "index.html?opponent=trader",
                 "index.html?opponent=novice#position=" + __import__("jaipur.record").record.b64encode(json.dumps(PUZZLE).encode())):
        c, pf = open_page(link, FakePlatform(storage=dict(storage)))
        prompt = [n for n in walk(pf.node) if n.attrs.get("data-prompt") == "previous-game"]
        assert prompt and saved_moves(pf) == old, link
        c.on_event({"type": "click", "action": "resume-previous"})
        pf.run()
        assert c.mode is not None and c.mode.record.moves[:len(old)] == old   # type: ignore[attr-defined]
        assert not [n for n in walk(pf.node) if n.attrs.get("data-prompt")]


def test_playing_the_new_one_keeps_the_old_until_a_move() -> None:
    storage = played_save()
    old = saved_moves(FakePlatform(storage=dict(storage)))
    c, pf = open_page("index.html?opponent=novice&seed=99", FakePlatform(storage=dict(storage)))
    c.on_event({"type": "click", "action": "keep-new"})
    assert not [n for n in walk(pf.node) if n.attrs.get("data-prompt")] and saved_moves(pf) == old
    play_camels_or_first(c)
    pf.run()
    assert saved_moves(pf) != old and load_text(pf.storage[STORAGE_KEY]).record.seed == 99  # type: ignore[union-attr]


def test_links_that_only_show_never_touch_the_save() -> None:
    from jaipur.record import b64encode

    storage = played_save()
    for link in ("index.html?interactive=0#position=" + b64encode(json.dumps(PUZZLE).encode()),
                 "index.html#puzzle=" + b64encode(json.dumps(dict(PUZZLE, solution=["S4L"])).encode()),
                 "index.html?embed=1#position=" + b64encode(json.dumps(PUZZLE).encode())):
        c, pf = open_page(link, FakePlatform(storage=dict(storage)))
        if c.mode is not None and c.can_move():
            play_camels_or_first(c)
            pf.run()
        assert pf.storage[STORAGE_KEY] == storage[STORAGE_KEY], link
        assert not [n for n in walk(pf.node) if n.attrs.get("data-prompt")]


def test_plain_visit_still_resumes_without_asking() -> None:
    storage = played_save()
    c, pf = open_page("index.html", FakePlatform(storage=dict(storage)))
    assert c.mode is not None and len(c.mode.record.moves) >= 3   # type: ignore[attr-defined]
    assert not [n for n in walk(pf.node) if n.attrs.get("data-prompt")]


def test_mode_single_round_starts_what_it_asks() -> None:
    storage = played_save()
    c, pf = open_page("index.html?opponent=novice&mode=single-round", FakePlatform(storage=dict(storage)))
    assert c.mode is not None and c.mode.record.mode == "single-round"   # type: ignore[attr-defined]
    assert [n for n in walk(pf.node) if n.attrs.get("data-prompt")]


def test_caption_on_a_new_game() -> None:
    c, pf = open_page("index.html?opponent=novice&caption=Friday%20match")
    assert [text_of(n) for n in walk(pf.node) if "data-caption" in n.attrs] == ["Friday match"]


def test_another_tabs_save_is_never_written_over_silently() -> None:
    storage: dict[str, str] = {}
    a, pa = open_page("index.html?opponent=novice&seed=5", FakePlatform(storage=storage))
    b, pb = open_page("index.html?opponent=novice&seed=7", FakePlatform(storage=storage))   # one origin's storage
    play_camels_or_first(b)
    pb.run()
    theirs = storage[STORAGE_KEY]
    a.on_event({"type": "storage", "key": STORAGE_KEY})
    assert [n for n in walk(pa.node) if n.attrs.get("data-prompt") == "previous-game"]
    assert "Another tab" in text_of(pa.node)
    play_camels_or_first(a)     # playing on here is the player's choice: saved over theirs only now
    pa.run()
    assert storage[STORAGE_KEY] != theirs
    b.on_event({"type": "storage", "key": STORAGE_KEY})
    b.on_event({"type": "click", "action": "resume-previous"})
    pb.run()
    assert b.mode is not None and b.mode.record.seed == 5   # type: ignore[attr-defined]
