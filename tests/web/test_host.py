"""The host-page API: origins, events (public information only) and commands (checked, never raising)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jaipur import apply, legal_moves, new_match, next_round, position_from_json, record_to_compact, record_to_json
from jaipur.record import Record
from jaipur.web.i18n import Reason
from jaipur.web.links.host import (
    ANY,
    Command,
    allowed_origins,
    error_event,
    event,
    event_targets,
    events_after_move,
    move_event,
    normalize_origin,
    origin_allowed,
    parse_command,
    parse_hosts,
    puzzle_event,
    ready_event,
)

OWN = "http://127.0.0.1:8000"
ALLOWED = allowed_origins(OWN, ("https://blog.example",))
HAND = {"market": "MMMDG", "hands": ["LLLL", "SC"], "herds": [1, 2], "seed": 5}
REC = Record(seed=42, players=["Ava", "Computer"], moves=["TM", "S1L", "XSL-DG"])


# ---------------------------------------------------------------- origins


@pytest.mark.parametrize(("text", "origin"), [
    ("https://blog.example", "https://blog.example"),
    ("HTTPS://Blog.Example:443/", "https://blog.example"),
    ("http://localhost:80", "http://localhost"),
    ("http://127.0.0.1:8000", "http://127.0.0.1:8000"),
    ("https://[::1]:8443", "https://[::1]:8443"),
    ("https://blog.example/page", None),
    ("https://blog.example?x", None),
    ("https://user@blog.example", None),
    ("https://blog.example:99999", None),
    ("ftp://blog.example", None),
    ("javascript:alert(1)", None),
    ("null", None),
    ("", None),
    ("https://", None),
])
def test_normalize_origin(text: str, origin: str | None) -> None:
    assert normalize_origin(text) == origin


def test_hosts_allowed_and_targets() -> None:
    hosts, problems = parse_hosts(["https://a.example, bad", "*"])
    assert hosts == ("https://a.example", ANY) and [p.code for p in problems] == ["param.host"]
    assert ALLOWED == (OWN, "https://blog.example")
    assert origin_allowed("https://blog.example", ALLOWED) and origin_allowed(OWN, ALLOWED)
    assert not origin_allowed("https://evil.example", ALLOWED) and not origin_allowed("null", ALLOWED)
    assert origin_allowed("https://evil.example", allowed_origins(OWN, (ANY,)))
    assert event_targets(ALLOWED) == [OWN, "https://blog.example"]
    assert event_targets((OWN, ANY)) == [ANY]
    assert allowed_origins("null") == ()  # a file:// page has no origin: only ?host= ones count


# ---------------------------------------------------------------- events


def test_event_shapes() -> None:
    assert event("ready", x=1) == {"source": "jaipur", "version": 1, "type": "ready", "x": 1}
    with pytest.raises(ValueError):
        event("secret")
    r = ready_event("puzzle", "standard", False, 0)
    assert r["view"] == "puzzle" and r["interactive"] is False and "load-position" in r["commands"]
    assert puzzle_event("S4L", True, True)["solved"] is True
    err = error_event(Reason("host.type", "bad"), command_id=7)
    assert (err["type"], err["code"], err["message"], err["id"]) == ("error", "host.type", "bad", 7)
    assert error_event(Reason("x", "y"), command_id={"no": 1})["id"] is None


def test_move_events_carry_only_public_information() -> None:
    p = new_match(seed=3)
    move = legal_moves(p)[0]
    after = apply(p, move)
    ev = move_event(p, move, after, 1)
    assert ev == {"source": "jaipur", "version": 1, "type": "move", "move": move, "seat": p.to_move,
                  "round": 1, "ply": 1, "status": "playing"}
    text = json.dumps(ev)
    assert "hands" not in text and "deck" not in text and "seed" not in text


def test_round_and_match_over_events() -> None:
    p = new_match(seed=2, mode="standard")
    ply = 0
    seen: list[str] = []
    while p.status != "match-over":
        q = next_round(p) if p.round_over else p
        move = legal_moves(q)[0]
        after = apply(p, move)
        ply += 1
        evs = events_after_move(p, move, after, ply)
        seen += [e["type"] for e in evs]
        p = after
    assert seen.count("match-over") == 1 and seen[-1] == "match-over"
    assert seen.count("round-over") >= 1
    last = events_after_move(p, "TM", p, ply)[-1]
    assert last["winner"] == p.result["match_winner"] and last["seals"] == p.result["seals"]


# ---------------------------------------------------------------- commands


def cmd(**fields: object) -> dict[str, object]:
    return {"target": "jaipur", **fields}


def test_not_for_us_is_none() -> None:
    for data in (None, "load", [1], {}, {"target": "other", "type": "reset"}, {"source": "jaipur", "type": "ready"}):
        assert parse_command(data, OWN, ALLOWED) is None


def test_origin_refused() -> None:
    got = parse_command(cmd(type="reset"), "https://evil.example", ALLOWED)
    assert isinstance(got, Reason) and got.code == "host.origin" and "evil.example" in got.message


def test_reset_and_ids() -> None:
    assert parse_command(cmd(type="reset", id="a1"), OWN, ALLOWED) == Command("reset", id="a1")
    assert parse_command(cmd(type="reset", id=True), "https://blog.example", ALLOWED) == Command("reset")


def test_load_position_and_puzzle() -> None:
    got = parse_command(cmd(type="load-position", position=HAND, seat=1, interactive=False, caption="Hi\n"), OWN,
                        ALLOWED)
    assert isinstance(got, Command) and got.position == position_from_json(HAND)
    assert (got.seat, got.interactive, got.caption, got.puzzle) == (1, False, "Hi", None)
    pz = parse_command(cmd(type="load-position", position=json.dumps(HAND), solution="S4L"), OWN, ALLOWED)
    assert isinstance(pz, Command) and pz.puzzle is not None and pz.puzzle.lines == [["S4L"]]
    inner = parse_command(cmd(type="load-position", position=dict(HAND, solution=["S4L"], caption="C")), OWN, ALLOWED)
    assert isinstance(inner, Command) and inner.puzzle is not None and inner.caption == "C"


def test_load_record_forms() -> None:
    for raw in (record_to_compact(REC), record_to_json(REC), json.dumps(record_to_json(REC))):
        got = parse_command(cmd(type="load-record", record=raw), OWN, ALLOWED)
        assert isinstance(got, Command) and got.record == REC


@pytest.mark.parametrize(("data", "code"), [
    (cmd(type="explode"), "host.type"),
    (cmd(type=["reset"]), "host.type"),
    (cmd(type="reset", seat=2), "host.shape"),
    (cmd(type="reset", seat=True), "host.shape"),
    (cmd(type="reset", interactive="yes"), "host.shape"),
    (cmd(type="load-position"), "host.position"),
    (cmd(type="load-position", position={"market": "MMMDG"}), "host.position"),
    (cmd(type="load-position", position=HAND, solution="S9L"), "host.position"),
    (cmd(type="load-position", position={"mode": "single-round", "market": "MMMD", "hands": ["", ""], "deck": ""}),
     "host.position"),
    (cmd(type="load-record"), "host.record"),
    (cmd(type="load-record", record="J1.1.s.x.y.TQ"), "host.record"),
    (cmd(type="load-record", record={"moves": ["TM", "S9L"]}), "host.record"),
    (cmd(type="load-record", record={"mode": []}), "host.record"),
    (cmd(type="load-record", record=5), "host.record"),
])
def test_bad_commands_are_problems(data: dict[str, object], code: str) -> None:
    got = parse_command(data, OWN, ALLOWED)
    assert isinstance(got, Reason) and got.code == code and got.message, got


def test_deep_nesting() -> None:
    deep: object = []
    for _ in range(3000):
        deep = [deep]
    got = parse_command(cmd(type="load-position", position={"market": "MMMDG", "hands": deep}), OWN, ALLOWED)
    assert isinstance(got, Reason)


JSONS = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=10),
                     lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                     max_leaves=25)


@given(st.sampled_from(["load-position", "load-record", "reset", "x"]),
       st.dictionaries(st.sampled_from(["position", "record", "solution", "caption", "seat", "interactive", "id"]),
                       JSONS, max_size=4),
       st.sampled_from([OWN, "https://blog.example", "https://evil.example", "null", ""]))
def test_fuzz_commands_never_raise(kind: str, fields: dict[str, object], origin: str) -> None:
    got = parse_command(cmd(type=kind, **fields), origin, ALLOWED)
    assert got is None or isinstance(got, (Command, Reason))


@given(JSONS, st.text(max_size=30))
def test_fuzz_any_message_never_raises(data: object, origin: str) -> None:
    parse_command(data, origin, ALLOWED)
