"""Fuzzing the readers: whatever comes in, the engine answers with a JaipurError
of the right code ("bad-position", "bad-move" or a rule id, "bad-record") or
with a sound object, and never with another exception.
"""

from __future__ import annotations

import copy
import json
import random
import sys
from collections import Counter

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

try:
    from . import reference as R
except ImportError:  # tests/engine is not a package: pytest put it on sys.path
    import reference as R

import jaipur

SETTINGS = settings(deadline=None, suppress_health_check=list(HealthCheck), derandomize=True, database=None,
                    max_examples=300)
MOVE_CODES = {"bad-move", "unavailable", "R11", "R12", "R13", "R13a", "R13b", "R13c", "R13d", "R15", "R16"}
FIELDS = ["format", "mode", "round", "seals", "to_move", "starter", "market", "hands", "herds", "deck",
          "discard", "goods", "bonus", "taken", "seed", "known", "status", "result"]

# ---------------------------------------------------------------- strategies
scalars = (st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=True, allow_infinity=True)
           | st.text(max_size=12) | st.sampled_from(["", "D", "M", "DGSCPLM", "MMMDG", "DDDDDDDD", "ß", "x", "-1"]))
json_values = st.recursive(scalars, lambda kids: st.lists(kids, max_size=4)
                           | st.dictionaries(st.text(max_size=8) | st.sampled_from(FIELDS), kids, max_size=4),
                           max_leaves=20)
nasty = st.sampled_from([None, True, False, -1, 0, 1, 2, 3, 4, 5, 7, 8, 11, 12, 2**63, 2**64, 10**30, 1.0, 1.5,
                         float("nan"), float("inf"), "", "D", "M", "x", "DDDDDDDD", "MMMMMM", "DGSCPLM" * 8, "d",
                         [], [0], [0, 0], [0, 0, 0], [1, 1], [2, 0], [-1, 0], ["D", 7], ["D", 8], [3, 4], [6, 1],
                         {}, {"D": []}, {"goods": [], "bonus": []}, [{"goods": [], "bonus": []}] * 2,
                         [{"goods": [["D", 9]], "bonus": []}, {"goods": [], "bonus": []}],
                         [{"goods": [], "bonus": [[6, 1]]}, {"goods": [], "bonus": []}]]) | json_values


def _walk(obj, path=()):
    """Every (path, value) inside a JSON value."""
    yield path, obj
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _walk(v, path + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _walk(v, path + (i,))


def _get(obj, path):
    for k in path:
        obj = obj[k]
    return obj


def played_json(seed: int, steps: int) -> dict:
    """A valid position: seed, then `steps` random legal moves (it may be a finished round or match)."""
    rng = random.Random(seed)
    p = jaipur.new_match(seed=seed, mode="single-round" if seed % 3 == 0 else "standard")
    for _ in range(steps):
        if p.status == "match-over":
            break
        if p.status == "round-over":
            p = jaipur.next_round(p)
            continue
        legal = jaipur.legal_moves(p)
        p = jaipur.apply(p, legal[rng.randrange(len(legal))])
    return jaipur.position_to_json(p)


@st.composite
def mutated_positions(draw):
    pos = played_json(draw(st.integers(0, 10**6)), draw(st.integers(0, 200)))
    for _ in range(draw(st.integers(1, 3))):
        op = draw(st.sampled_from(["drop", "set", "letters", "hand8", "seat2", "token", "bonus-token", "number"]))
        paths = [p for p, _ in _walk(pos) if p]
        if op == "drop":
            path = draw(st.sampled_from(paths))
            parent = _get(pos, path[:-1])
            del parent[path[-1]]
        elif op == "set":
            path = draw(st.sampled_from(paths))
            _get(pos, path[:-1])[path[-1]] = copy.deepcopy(draw(nasty))
        elif op == "letters":
            field = draw(st.sampled_from(["market", "deck", "discard", "hands", "known"]))
            extra = draw(st.text(alphabet="DGSCPLMdgscplmXT -7ßé\u0130\n", min_size=1, max_size=4))
            if field in ("hands", "known") and isinstance(pos.get(field), list) and pos[field] and isinstance(pos[field][0], str):
                s = draw(st.integers(0, len(pos[field]) - 1))
                if isinstance(pos[field][s], str):
                    pos[field][s] += extra
            elif isinstance(pos.get(field), str):
                pos[field] = draw(st.sampled_from([pos[field] + extra, extra + pos[field], pos[field][1:]]))
        elif op == "hand8":
            pos["hands"] = [draw(st.text(alphabet="DGSCPL", min_size=8, max_size=8)), "C"]
        elif op == "seat2":
            pos[draw(st.sampled_from(["to_move", "starter"]))] = draw(st.sampled_from([2, -1, 1, 0]))
        elif op == "token":
            seat = draw(st.integers(0, 1))
            g = draw(st.sampled_from(list("DGSCPL") + ["M", "DG", "", "d"]))
            v = draw(st.sampled_from([0, 1, 4, 6, 7, 8, 9, -5, 10**20]))
            where = draw(st.sampled_from(["taken", "pile"]))
            try:
                if where == "taken":
                    pos["taken"][seat]["goods"].append([g, v])
                else:
                    pos["goods"][g].insert(0, v)
            except (KeyError, TypeError, AttributeError, IndexError):
                pass
        elif op == "bonus-token":
            seat = draw(st.integers(0, 1))
            size = draw(st.sampled_from([3, 4, 5, 6, 0, "3", 3.0]))
            v = draw(st.sampled_from([1, 2, 3, 4, 7, 8, 10, 11, 0]))
            try:
                pos["taken"][seat]["bonus"].append([size, v])
            except (KeyError, TypeError, AttributeError, IndexError):
                pass
        else:  # number
            field = draw(st.sampled_from(["round", "seed", "herds", "seals", "to_move"]))
            pos[field] = draw(st.sampled_from([2**64, 2**64 - 1, 10**30, -1, 4, 1.0, [12, 0], [6, 6], [1, 1], [2, 0]]))
    return pos


def read_position(data):
    """position_from_json(data): the position, or None after a bad-position error."""
    try:
        return jaipur.position_from_json(data)
    except jaipur.JaipurError as exc:
        assert exc.code == "bad-position", (exc.code, exc.message)
        assert isinstance(exc.message, str) and exc.message
        return None


def check_accepted(p) -> None:
    """A position the reader accepted is sound and usable."""
    out = jaipur.position_to_json(p)
    text = json.dumps(out, allow_nan=False)
    assert jaipur.position_from_json(text) == p
    assert jaipur.position_to_json(jaipur.position_from_json(out)) == out
    assert out["format"] == "jaipur-position/1" and out["mode"] in ("standard", "single-round")
    assert out["to_move"] in (0, 1) and out["starter"] in (0, 1)
    assert dict(R.card_counts(out)) == R.MANIFEST  # R1: 55 cards
    for h in out["hands"]:
        assert len(h) <= 7 and "M" not in h
    assert len(out["market"]) <= 5
    # tokens: known letters / pile sizes, and nothing beyond the real piles (R2, R3)
    for s in (0, 1):
        for letter, value in out["taken"][s]["goods"]:
            assert letter in R.GOODS_PILES and type(value) is int, (letter, value)
        for size, value in out["taken"][s]["bonus"]:
            assert type(size) is int and size in (3, 4, 5) and type(value) is int, (size, value)
    for g, full in R.GOODS_PILES.items():
        used = out["goods"][g] + [v for s in (0, 1) for x, v in out["taken"][s]["goods"] if x == g]
        assert not (Counter(used) - Counter(full)), (g, used)
    for k, full in R.BONUS_PILES.items():
        used = out["bonus"][k] + [v for s in (0, 1) for size, v in out["taken"][s]["bonus"] if size == int(k)]
        assert not (Counter(used) - Counter(full)), (k, used)
    for seat in (0, 1):
        v = jaipur.view(p, seat)
        json.dumps(v, allow_nan=False)
        try:
            d = jaipur.determinize(v, jaipur.Rng(seat))
        except jaipur.JaipurError as exc:
            assert exc.code == "bad-position"
        else:
            assert jaipur.view(d, seat) == v
    if out["status"] == "match-over":
        return
    legal = jaipur.legal_moves(p)
    assert legal == sorted(set(legal))
    if out["status"] == "playing":
        assert legal == R.legal(out)
    for m in legal[:40]:
        jaipur.apply(p, m)


# ---------------------------------------------------------------- positions
@settings(SETTINGS, max_examples=400)
@given(json_values)
def test_position_reader_any_json(data):
    p = read_position(data)
    if p is not None:
        check_accepted(p)


position_like = st.fixed_dictionaries(
    {"market": st.text(alphabet="DGSCPLM", max_size=6), "hands": st.lists(st.text(alphabet="DGSCPL", max_size=8),
                                                                            min_size=2, max_size=2)},
    optional={"herds": st.lists(st.integers(0, 12), min_size=2, max_size=2),
              "deck": st.text(alphabet="DGSCPLM", max_size=45),
              "discard": st.text(alphabet="DGSCPL", max_size=12),
              "to_move": st.integers(0, 1), "round": st.integers(1, 3), "seals": st.sampled_from([[0, 0], [1, 0], [0, 1], [1, 1]]),
              "mode": st.sampled_from(["standard", "single-round"]), "seed": st.integers(0, 2**64 - 1),
              "goods": st.dictionaries(st.sampled_from(list("DGSCPL")), st.lists(st.integers(0, 7), max_size=9), max_size=3),
              "bonus": st.dictionaries(st.sampled_from(["3", "4", "5"]), st.lists(st.integers(0, 10), max_size=7), max_size=2),
              "taken": st.lists(st.fixed_dictionaries({"goods": st.lists(st.tuples(st.sampled_from(list("DGSCPL")), st.integers(1, 7)).map(list), max_size=4),
                                                       "bonus": st.lists(st.tuples(st.sampled_from([3, 4, 5]), st.integers(1, 10)).map(list), max_size=2)}),
                                min_size=2, max_size=2)})


@settings(SETTINGS, max_examples=500)
@given(position_like)
def test_position_reader_position_like(data):
    """Hand-written positions (defaults filled in): refused with bad-position or sound."""
    p = read_position(data)
    if p is not None:
        check_accepted(p)


@settings(SETTINGS, max_examples=500)
@given(mutated_positions())
def test_position_reader_mutated(data):
    p = read_position(data)
    if p is not None:
        check_accepted(p)
    # the same through JSON text (NaN / Infinity are JSON extensions Python reads too)
    p2 = read_position(json.dumps(data))
    assert (p is None) == (p2 is None)
    if p is not None:
        assert p2 == p


@settings(SETTINGS, max_examples=200)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 200), cut=st.floats(0, 1, exclude_max=True))
def test_position_reader_truncated_text(seed, steps, cut):
    text = json.dumps(played_json(seed, steps))
    k = int(len(text) * cut)
    assert read_position(text[:k]) is None
    assert read_position(text.encode()[:k]) is None


@pytest.mark.parametrize("mutate", [
    lambda d: d.update(hands=["DDDDGGGG", ""]),  # hand of 8
    lambda d: d.update(to_move=2),
    lambda d: d.update(starter=2),
    lambda d: d["taken"][0]["goods"].append(["D", 8]),  # no such token
    lambda d: d["taken"][0]["goods"].append(["D", 7]),  # a 3rd seven
    lambda d: d["taken"][0]["bonus"].append([3, 4]),
    lambda d: d["goods"].update(D=[7, 7, 7, 5, 5, 5]),
    lambda d: d.update(market=d["market"] + "D"),
    lambda d: d.update(market=d["market"][:4]),  # a market of 4 while the deck has cards
    lambda d: d.update(deck=d["deck"] + "D"),
    lambda d: d.update(herds=[12, 0]),
    lambda d: d.update(round=0),
    lambda d: d.update(seed=-1),
    lambda d: d.update(seed=2**64),
    lambda d: d.update(mode="blitz"),
    lambda d: d.update(format="jaipur-position/2"),
    lambda d: d.update(status="round-over"),
    lambda d: d.update(hands=["DM", ""]),
    lambda d: d.update(discard="M"),
    lambda d: d.pop("market"),
    lambda d: d.pop("hands"),
    lambda d: d.update(hands="DDG"),
    lambda d: d.update(seals=[2, 0]),
    lambda d: d.update(unknown=1),
    lambda d: d["taken"][0]["goods"].append([5, 7]),  # a token whose letter is not a letter
    lambda d: d["taken"][0]["goods"].append(["DG", 7]),  # ... or two letters
    lambda d: d["taken"][0]["goods"].append(["", 7]),
    lambda d: d["taken"][0]["bonus"].append([6, 1]),
], ids=lambda f: "")
def test_position_reader_refuses(mutate):
    data = played_json(11, 30)
    mutate(data)
    assert read_position(data) is None


def test_position_reader_bonus_pile_size_is_an_integer():
    """A bonus token's pile is 3, 4 or 5 (JSON 3.0 is read as 3 or refused, never written back as 3.0)."""
    data = played_json(11, 30)
    data["bonus"]["3"].remove(1)
    data["taken"][0]["bonus"].append([3.0, 1])
    p = read_position(data)
    if p is not None:
        check_accepted(p)


@pytest.mark.parametrize("depth", [50, 400])
def test_position_reader_deep_nesting(depth):
    """Deeply nested JSON (as json.loads can return it) in any field is a bad position."""
    for field in ("round", "market", "seals", "goods", "taken", "mode", "seed"):
        data = played_json(3, 10)
        data[field] = json.loads("[" * depth + "]" * depth)
        assert read_position(data) is None
        assert read_position(json.dumps(data)) is None
    assert read_position("[" * 100000 + "]" * 100000) is None


@pytest.mark.parametrize("depth", [50, 400])
def test_record_reader_deep_nesting(depth):
    for field in ("seed", "mode", "players", "moves", "start", "format"):
        data = played_record(3, 10)
        data[field] = json.loads("[" * depth + "]" * depth)
        assert read_record(data) is None
        assert read_record(json.dumps(data)) is None
    assert read_record("[" * 100000 + "]" * 100000) is None


# ---------------------------------------------------------------- moves
move_texts = (st.text(max_size=12) | st.from_regex(r"\A[TXSM]?[0-9]{0,3}[DGSCPLMdgscplm]{0,6}-?[DGSCPLM]{0,6}\Z")
              | st.from_regex(r"\A\s*[TtXxSs][0-9]*[DGSCPLMX-]{1,8}\s*\Z"))


@settings(SETTINGS, max_examples=600)
@given(move_texts)
def test_move_parser_any_text(text):
    try:
        m = jaipur.parse_move(text)
    except jaipur.JaipurError as exc:
        assert exc.code == "bad-move" and exc.message
        return
    canon = str(m)
    assert jaipur.format_move(canon) == canon
    assert str(jaipur.parse_move(canon)) == canon


@settings(SETTINGS, max_examples=600)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 120), text=move_texts | st.sampled_from(sorted(R.plausible_moves(R.deal(1)))))
def test_apply_any_text(seed, steps, text):
    data = played_json(seed, steps)
    assume(data["status"] == "playing")
    p = jaipur.position_from_json(data)
    try:
        q = jaipur.apply(p, text)
    except jaipur.JaipurError as exc:
        assert exc.code in MOVE_CODES, (exc.code, text)
        assert exc.message
        if exc.code != "bad-move":
            assert R.judge(data, jaipur.format_move(text)) is not None
        return
    canon = jaipur.format_move(text)
    assert canon in jaipur.legal_moves(p)
    assert q == jaipur.apply(p, canon)


@pytest.mark.parametrize("thing", [None, 5, 3.5, b"TD", ["TD"], {"move": "TD"}, object()])
def test_move_parser_non_text(thing):
    with pytest.raises(jaipur.JaipurError) as info:
        jaipur.parse_move(thing)
    assert info.value.code == "bad-move"
    p = jaipur.new_match(seed=2)
    with pytest.raises(jaipur.JaipurError) as info:
        jaipur.apply(p, thing)
    assert info.value.code == "bad-move"


# ---------------------------------------------------------------- records
def read_record(data, compact=False):
    try:
        rec = jaipur.record_from_compact(data) if compact else jaipur.record_from_json(data)
    except jaipur.JaipurError as exc:
        assert exc.code == "bad-record", (exc.code, exc.message)
        assert exc.message
        return None
    # a record that was read replays, and round-trips
    assert jaipur.record_from_json(jaipur.record_to_json(rec)) == rec
    assert jaipur.record_from_compact(jaipur.record_to_compact(rec)) == rec
    jaipur.replay(rec)
    return rec


def played_record(seed: int, steps: int, with_start: bool = False) -> dict:
    rng = random.Random(seed)
    mode = "single-round" if seed % 3 == 0 else "standard"
    p = jaipur.new_match(seed=seed, mode=mode)
    start = None
    if with_start:
        for _ in range(rng.randrange(10)):
            legal = jaipur.legal_moves(p)
            p = jaipur.apply(p, legal[rng.randrange(len(legal))])
        start = p
    moves = []
    for _ in range(steps):
        if p.status == "match-over":
            break
        if p.status == "round-over":
            p = jaipur.next_round(p)
        legal = jaipur.legal_moves(p)
        m = legal[rng.randrange(len(legal))]
        moves.append(m)
        p = jaipur.apply(p, m)
    rec = jaipur.Record(seed=seed, mode=mode, players=["Ava", "Bo"], moves=moves, start=start)
    return jaipur.record_to_json(rec)


@settings(SETTINGS, max_examples=300)
@given(json_values)
def test_record_reader_any_json(data):
    read_record(data)


@st.composite
def mutated_records(draw):
    data = played_record(draw(st.integers(0, 10**6)), draw(st.integers(0, 60)), draw(st.booleans()))
    for _ in range(draw(st.integers(1, 3))):
        op = draw(st.sampled_from(["drop", "set", "move", "insert", "start"]))
        if op == "drop":
            key = draw(st.sampled_from(sorted(data)))
            del data[key]
        elif op == "set":
            data[draw(st.sampled_from(["seed", "mode", "players", "moves", "start", "format", "extra"]))] = copy.deepcopy(draw(nasty))
        elif op in ("move", "insert") and isinstance(data.get("moves"), list):
            i = draw(st.integers(0, len(data["moves"])))
            m = copy.deepcopy(draw(move_texts | st.sampled_from(["TM", "TD", "S2D", "XDG-LM", "S1L"]) | nasty))
            if op == "insert" or i == len(data["moves"]):
                data["moves"].insert(i, m)
            else:
                data["moves"][i] = m
        elif op == "start":
            data["start"] = draw(mutated_positions())
    return data


@settings(SETTINGS, max_examples=300)
@given(mutated_records())
def test_record_reader_mutated(data):
    read_record(data)
    read_record(json.dumps(data))


@settings(SETTINGS, max_examples=200)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 80), cut=st.floats(0, 1, exclude_max=True))
def test_record_reader_truncated_text(seed, steps, cut):
    text = json.dumps(played_record(seed, steps))
    assert read_record(text[:int(len(text) * cut)]) is None


compact_texts = (st.text(max_size=40) | st.from_regex(r"\AJ1\.[0-9²³¹٠-٩]{0,22}\.[s1x]?\.[A-Za-z0-9_=-]{0,8}\.[A-Za-z0-9_=-]{0,8}\.[A-Z0-9_-]{0,30}(\.[A-Za-z0-9_-]{0,40})?\Z"))


@settings(SETTINGS, max_examples=400)
@given(compact_texts)
def test_compact_record_reader_any_text(text):
    read_record(text, compact=True)


@settings(SETTINGS, max_examples=300)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 60), with_start=st.booleans(),
       edits=st.lists(st.tuples(st.floats(0, 1, exclude_max=True), st.sampled_from(["del", "ins", "sub"]),
                                st.characters()), min_size=1, max_size=4))
def test_compact_record_reader_mutated(seed, steps, with_start, edits):
    rec = jaipur.record_from_json(played_record(seed, steps, with_start))
    text = jaipur.record_to_compact(rec)
    assert read_record(text, compact=True) == rec
    chars = list(text)
    for where, op, ch in edits:
        i = int(where * len(chars))
        if op == "ins":
            chars.insert(i, ch)
        elif chars:
            if op == "del":
                del chars[min(i, len(chars) - 1)]
            else:
                chars[min(i, len(chars) - 1)] = ch
    read_record("".join(chars), compact=True)


@pytest.mark.parametrize("text", ["J1.\u00b2.s.QQ.QQ.", "J1.\u0661\u0662.s.QQ.QQ.TM", "J1..s.QQ.QQ.", "J1.1.s.QQ.QQ.TM.e30",
                                  "J1.1.s.QQ.QQ.TM.bm90IGpzb24", "J1.99999999999999999999.s.QQ.QQ.", "J1.1.s.Q.QQ.",
                                  "J1.1.s.__.QQ.", "J1.1.s.QQ.QQ.TD_TD_TD_TD_TD_TD_TD_TD", "", "J1", "J2.1.s.QQ.QQ."])
def test_compact_record_reader_examples(text):
    read_record(text, compact=True)


@pytest.mark.parametrize("thing", [None, 5, ["J1"], {"seed": 1}])
def test_compact_record_reader_non_text(thing):
    assert read_record(thing, compact=True) is None


# ---------------------------------------------------------------- bounded readers: nesting, size and surrogates
SURROGATES = ["\ud800", "\udfff", "\udcff", "\udc80"]
texts_with_surrogates = st.text(st.characters() | st.sampled_from(SURROGATES), max_size=12)
deep = st.integers(0, 3000).map(lambda n: "[" * n + "]" * n) | st.integers(0, 3000).map(lambda n: '{"a":' * n + "1" + "}" * n)
nested_texts = st.builds(lambda prefix, core, suffix: prefix + core + suffix,
                         st.sampled_from(['{"market":"MMMDG","hands":["",""],"round":', '{"seed":1,"moves":', "", "["]),
                         deep | st.just('"[[[["'), st.sampled_from(["}", "]", "", "]}"]))
surrogate_values = st.recursive(scalars | texts_with_surrogates,
                                lambda kids: st.lists(kids, max_size=3)
                                | st.dictionaries(texts_with_surrogates | st.sampled_from(FIELDS), kids, max_size=3),
                                max_leaves=12)


def emits_cleanly(error: jaipur.JaipurError) -> None:
    """The command line's error object for `error` encodes as strict UTF-8 and reads back as JSON."""
    import io

    from jaipur.cli_io import emit

    buffer = io.BytesIO()
    stream = io.TextIOWrapper(buffer, encoding="utf-8", errors="strict")
    real = sys.stdout
    sys.stdout = stream
    try:
        emit(error.to_json())
    finally:
        sys.stdout = real
    stream.flush()
    assert set(json.loads(buffer.getvalue().decode("utf-8"))) == {"error"}


def reads_or_refuses(reader, data, code):
    """`reader(data)` returns or raises a JaipurError of `code` whose message any output can carry."""
    try:
        reader(data)
    except jaipur.JaipurError as exc:
        assert exc.code == code, (exc.code, exc.message)
        assert isinstance(exc.message, str) and exc.message
        emits_cleanly(exc)


@settings(SETTINGS, max_examples=200)
@given(nested_texts)
def test_readers_refuse_deep_nesting_in_text_with_a_sentence(text):
    reads_or_refuses(jaipur.position_from_json, text, "bad-position")
    reads_or_refuses(jaipur.record_from_json, text, "bad-record")
    reads_or_refuses(jaipur.record_from_compact, "J1.1.s.QQ.QQ.TM." + jaipur.record.b64encode(text.encode()),
                     "bad-record")


@settings(SETTINGS, max_examples=300)
@given(surrogate_values)
def test_readers_answer_surrogates_with_errors_any_output_can_print(data):
    for raw in (data, json.dumps(data)):
        reads_or_refuses(jaipur.position_from_json, raw, "bad-position")
        reads_or_refuses(jaipur.record_from_json, raw, "bad-record")
    if isinstance(data, str):
        reads_or_refuses(jaipur.record_from_compact, data, "bad-record")


@settings(SETTINGS, max_examples=100)
@given(st.integers(0, 200), texts_with_surrogates)
def test_safejson_depth_scan_agrees_with_the_parser(depth, inner):
    """The scan counts what json.loads would nest, ignoring brackets inside strings."""
    from jaipur import safejson

    text = "[" * depth + json.dumps("[{" + inner) + "]" * depth
    assert safejson.depth_of(text) == depth
    if depth <= safejson.MAX_DEPTH:
        assert safejson.loads(text) is not None
    else:
        with pytest.raises(safejson.JsonLimitError) as info:
            safejson.loads(text, "The thing")
        assert "32 levels" in info.value.message and info.value.message.startswith("The thing")


def test_safejson_refuses_oversized_text_before_parsing():
    from jaipur import safejson

    with pytest.raises(safejson.JsonLimitError) as info:
        safejson.loads(" " * (safejson.MAX_CHARS + 1) + "1", "The position")
    assert f"at most {safejson.MAX_CHARS}" in info.value.message
    with pytest.raises(jaipur.BadPositionError):
        jaipur.position_from_json(b" " * (safejson.MAX_CHARS + 1))


def test_deep_data_is_refused_without_recursion():
    deep_list: list = []
    for _ in range(100_000):
        deep_list = [deep_list]
    assert read_position({"market": "MMMDG", "hands": ["", ""], "round": deep_list}) is None
    assert read_record({"seed": 1, "moves": deep_list}) is None
