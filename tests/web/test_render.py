"""The table's pure parts in CPython: render hooks, legal-exactly buttons, no hidden information,
Persian, text-only names, log sentences, URL options, and the controller's flow on a fake platform."""

from __future__ import annotations

import random
import re
import string
from typing import Any

import pytest

from jaipur import Rng, apply, determinize, legal_moves, new_match, next_round, position_from_json, view
from jaipur.web import i18n
from jaipur.web.app import Controller
from jaipur.web.draw.model import (
    KINDS,
    action_states,
    candidate,
    describe,
    move_selection,
    zone_cards,
)
from jaipur.web.draw.render import TEXT, Node, find, render, text_of, to_data, to_html, walk
from jaipur.web.i18n import Reason, catalogue, strings
from jaipur.web.links.address import read_address

from .fakes import FakeBots, FakePlatform, table_at

EN, FA = catalogue("en"), catalogue("fa")

ZONES = ("market", "hand", "herd", "opponent-hand", "opponent-herd", "deck", "goods", "bonus", "log")


# ====================================================================== helpers


def controller(query: str = "?opponent=trader&seed=3", bots: Any = None) -> tuple[Controller, FakePlatform]:
    pf = FakePlatform()
    c = Controller(pf, read_address(query), bots if bots is not None else FakeBots(), min_think=0)
    c.boot()
    pf.run()
    return c, pf


def positions(n_games: int = 12, seed: int = 5) -> list[Any]:
    """Positions from seeded random playouts (every few plies), across rounds."""
    rnd = random.Random(seed)
    out = []
    for g in range(n_games):
        p = new_match(seed=g * 7 + 1, mode="standard")
        for ply in range(120):
            if p.status == "match-over":
                break
            if p.round_over:
                p = next_round(p)
                continue
            if ply % 3 == 0:
                out.append(p)
            p = apply(p, rnd.choice(legal_moves(p)))
    return out


def all_strings(node: Node) -> list[str]:
    out = []
    for n in walk(node):
        if n.tag == TEXT:
            out.append(n.text or "")
        else:
            out.extend(n.attrs.values())
            out.append(n.tag)
    return out


def table_tree(c: Controller) -> Node:
    return render(c.state(), strings(c.lang))


# ====================================================================== hooks


def test_table_has_every_stable_hook() -> None:
    c, pf = controller()
    tree = pf.node
    assert tree is not None
    for zone in ZONES:
        assert len(find(tree, data_zone=zone)) == 1, zone
    roots = [n for n in walk(tree) if "data-turn" in n.attrs]
    assert len(roots) == 1 and roots[0].attrs["data-turn"] in ("you", "opponent", "over")
    for kind in KINDS:
        buttons = [n for n in find(tree, data_action=kind) if n.tag == "button"]
        assert len(buttons) == 1, kind
    v = view(c.position, 0)
    market = find(find(tree, data_zone="market")[0], data_card=v["market"][0])
    assert market and market[0].tag == "button" and market[0].attrs["aria-pressed"] == "false"
    assert len([n for n in walk(find(tree, data_zone="hand")[0]) if "data-card" in n.attrs]) == len(v["hand"])


def test_selected_card_is_aria_pressed_and_log_entries_carry_moves() -> None:
    c, pf = controller()
    c.on_event({"type": "click", "card": "L", "zone": "hand", "index": "0"})
    hand = find(pf.node, data_zone="hand")[0]
    pressed = [n for n in walk(hand) if n.attrs.get("aria-pressed") == "true"]
    assert len(pressed) == 1 and pressed[0].attrs["data-index"] == "0"
    c.on_event({"action": "clear"})
    c.on_event({"action": "camels"})
    pf.run()
    log = find(pf.node, data_zone="log")[0]
    moves = [n.attrs["data-move"] for n in walk(log) if "data-move" in n.attrs]
    assert moves[-1] == "TM" and len(moves) == len(c.mode.moves)


# ====================================================================== buttons == legal moves


def random_selection(v: dict[str, Any], rnd: random.Random) -> frozenset[str]:
    keys = [f"{z}:{i}" for z in ("market", "hand", "herd") for i in range(len(zone_cards(v, z)))]
    k = rnd.choice([0, 1, 1, 2, 2, 3, 4, 5])
    return frozenset(rnd.sample(keys, min(k, len(keys))))


def test_buttons_enabled_exactly_when_the_selection_is_a_legal_move() -> None:
    rnd = random.Random(1)
    checked = enabled_seen = 0
    for p in positions():
        seat = p.to_move
        v = view(p, seat)
        legal = set(legal_moves(p))
        selections = [random_selection(v, rnd) for _ in range(25)]
        selections += [move_selection(v, m) for m in legal]
        for sel in selections:
            acts = action_states(p, seat, v, sel, True)
            for kind in KINDS:
                move, _ = candidate(kind, v, sel)
                assert acts[kind].enabled == (move is not None and move in legal), (p, sel, kind, move)
                assert acts[kind].enabled or acts[kind].reason is not None
                checked += 1
                enabled_seen += acts[kind].enabled
    assert checked > 10_000 and enabled_seen > 1_000


def test_every_legal_move_has_a_selection_that_enables_its_button() -> None:
    kinds = {"T": "take", "X": "exchange", "S": "sell"}
    for p in positions(6):
        v = view(p, p.to_move)
        for m in legal_moves(p):
            kind = "camels" if m == "TM" else kinds[m[0]]
            acts = action_states(p, p.to_move, v, move_selection(v, m), True)
            assert acts[kind].enabled and acts[kind].move == m


def test_rendered_buttons_follow_the_action_states() -> None:
    c, pf = controller("?opponent=human&seed=8")
    c.on_event({"action": "ready"})
    rnd = random.Random(4)
    for _ in range(60):
        v = view(c.position, c.viewer)
        c.selection = random_selection(v, rnd)
        tree = table_tree(c)
        acts = c.current_actions()
        for kind in KINDS:
            button = [n for n in find(tree, data_action=kind) if n.tag == "button"][0]
            assert ("disabled" not in button.attrs) == acts[kind].enabled
            if not acts[kind].enabled:
                assert button.attrs.get("title"), "a disabled action says why"


def test_an_illegal_selection_is_explained_and_changes_nothing() -> None:
    # seed 3: seat 0 holds D D S C L, the market is P L M M M, seat 0 moves first
    c, pf = controller("?opponent=trader&seed=3")
    assert view(c.position, 0)["hand"] == "DDSCL" and c.position.to_move == 0
    before = c.position
    c.on_event({"card": "P", "zone": "market", "index": "0"})
    c.on_event({"card": "D", "zone": "hand", "index": "0"})
    hint = [n for n in walk(pf.node) if "data-hint" in n.attrs][0]
    assert hint.attrs["data-code"] == "R13a"
    assert text_of(hint) == "An exchange swaps at least two cards; one for one is not allowed."
    c.on_event({"action": "exchange"})
    assert c.position is before and c.mode.moves == []
    c.on_event({"action": "clear"})
    c.on_event({"card": "D", "zone": "hand", "index": "0"})
    hint = [n for n in walk(pf.node) if "data-hint" in n.attrs][0]
    assert hint.attrs["data-code"] == "R16" and "precious" in text_of(hint)
    c.on_event({"action": "sell"})
    assert c.position is before


# ====================================================================== hidden information


def test_the_tree_depends_only_on_the_view() -> None:
    """Two positions that differ only in what seat 0 cannot see render identically for seat 0."""
    for i, p in enumerate(positions(8)):
        c, _ = controller()
        c.mode = table_at(c, p, 0, "trader")
        other = determinize(view(p, 0), Rng(100 + i))
        assert view(other, 0) == view(p, 0)
        a = to_html(table_tree(c))
        c.mode = table_at(c, other, 0, "trader")
        assert to_html(table_tree(c)) == a


def test_no_opponent_card_deck_or_bonus_value_in_the_tree() -> None:
    for p in positions(8):
        if p.round_over:
            continue
        c, _ = controller()
        c.mode = table_at(c, p, 0, "trader")
        tree = table_tree(c)
        opp = find(tree, data_zone="opponent-hand")[0]
        assert not [n for n in walk(opp) if "data-card" in n.attrs]
        assert len([n for n in walk(opp) if "back" in n.attrs.get("class", "").split()]) == p.hand_size(1)
        assert all(ch in "MDGSCPL" for ch in p.deck)
        blob = "\n".join(all_strings(tree))
        if len(p.deck) >= 4:
            assert p.deck not in blob
        assert "deck" not in c.state().view  # the view has no deck order
        for n in walk(find(tree, data_zone="opponent-tokens")[0]):
            if "bonus" in n.attrs.get("class", "").split():
                assert text_of(n) == "?"
        assert to_data(tree)[0] == "div"


# ====================================================================== language and text


def test_persian_render_is_rtl_with_persian_names() -> None:
    c, pf = controller("?opponent=trader&seed=3&lang=fa")
    root = pf.node
    assert root.attrs["dir"] == "rtl" and root.attrs["lang"] == "fa"
    text = text_of(root)
    for word in ("الماس", "چرم", "شتر", "بازار"):
        assert word in text
    c.on_event({"action": "switch-lang", "value": "en"})
    assert pf.node.attrs["dir"] == "ltr" and "Market" in text_of(pf.node)


def test_every_string_and_rule_code_has_a_persian_form() -> None:
    missing = [k for k in EN if k not in FA and not k.startswith("lang.")]
    assert missing == []
    for key, template in FA.items():
        if key in EN:
            assert set(re.findall(r"{(\w+)}", template)) <= set(re.findall(r"{(\w+)}", EN[key])) | {"good", "after"}, key
    for code in ("R11", "R12", "R13", "R13a", "R13b", "R13c", "R13d", "R15", "R16", "unavailable"):
        assert f"why.{code}" in FA


def test_names_and_url_text_stay_text() -> None:
    nasty = '<script>alert(1)</script><img src=x onerror="alert(2)">'
    c, _ = controller("?opponent=human&seed=2")
    c.mode.players = (nasty, "Bob & <b>Co</b>")
    c.on_event({"action": "ready"})
    tree = table_tree(c)
    assert not [n for n in walk(tree) if n.tag in ("script", "img", "b")]
    html_text = to_html(tree)
    assert "<script>" not in html_text and "&lt;script&gt;" in html_text
    assert nasty in text_of(tree)
    pf = FakePlatform()
    Controller(pf, read_address("?opponent=" + "%3Cscript%3Ex%3C/script%3E"), FakeBots()).boot()
    assert "<script>" not in to_html(pf.node) and not [n for n in walk(pf.node) if n.tag == "script"]
    assert "<script>x</script>" in text_of(pf.node)


def test_log_sentences_in_plain_words() -> None:
    p = position_from_json({"market": "MMDGS", "hands": ["LLLC", "PPC"], "herds": [1, 0], "seed": 1,
                            "deck": "CCCCPPPPSSSSSLLLLLLGGGGGDDDMMMMMMM"})
    after = apply(p, "S3L")
    s = strings("en")
    entry = describe(p, "S3L", after)
    assert s.did(entry, None) == "You sold 3 leather for 4+3+2 and a bonus token."
    assert entry["bonus"] is True and set(entry) >= {"seat", "move", "values"}
    assert all(not isinstance(v, tuple) for v in entry.values())  # no bonus (size, value) pair is kept
    entry = describe(p, "TM", apply(p, "TM"))
    assert s.did(entry, "Computer") == "Computer took the 2 camels."
    entry = describe(p, "XDG-LM", apply(p, "XDG-LM"))
    assert s.did(entry, "Computer") == "Computer took 1 diamond and 1 gold for 1 leather and 1 camel."
    assert strings("fa").did(entry, None).startswith("شما ۱ الماس و ۱ طلا")


# ====================================================================== URL options


@pytest.mark.parametrize("query,code", [
    ("?opponent=wizard", "param.opponent"), ("?seed=-1", "param.seed"), ("?seed=99999999999999999999999", "param.seed"),
    ("?mode=blitz", "param.mode"), ("?lang=de", "param.lang"), ("?embed=2", "param.embed"),
])
def test_bad_parameters_are_reported_not_raised(query: str, code: str) -> None:
    assert [p.code for p in read_address(query).problems] == [code]
    c, pf = controller(query + "&opponent=trader" if code != "param.opponent" else query)
    assert c.screen == "start"
    alert = [n for n in walk(pf.node) if "data-problems" in n.attrs]
    assert alert and text_of(alert[0])


def test_garbage_urls_never_raise() -> None:
    rnd = random.Random(9)
    alphabet = string.printable + "#=&?%ـالماس"
    for _ in range(300):
        search = "?" + "".join(rnd.choice(alphabet) for _ in range(rnd.randrange(40)))
        hash_text = "#" + rnd.choice(["position=", "record=", "", "x="]) + "".join(
            rnd.choice(alphabet) for _ in range(rnd.randrange(30)))
        problems = read_address(search, hash_text).problems
        assert isinstance(problems, list)
    problems = read_address("", "#position=e30").problems  # {} : not a position
    assert problems[0].code == "param.position"


def test_a_position_from_the_url_starts_the_game_there() -> None:
    import base64
    import json
    pos = {"market": "MMDGS", "hands": ["LLLC", "PPC"], "herds": [1, 0], "seed": 1}
    text = base64.urlsafe_b64encode(json.dumps(pos).encode()).decode().rstrip("=")
    opts = read_address("?opponent=human", "#position=" + text)
    problems = opts.problems
    assert problems == [] and opts.position is not None
    pf = FakePlatform()
    c = Controller(pf, opts, FakeBots())
    c.boot()
    c.on_event({"action": "ready"})
    assert view(c.position, 0)["hand"] == "CLLL"


# ====================================================================== the controller's flow


def pick_move_by_clicks(c: Controller) -> None:
    """Play like a test user: take the camels if allowed, else take a good, else sell, else exchange."""
    v = view(c.position, c.viewer)
    if c.current_actions()["camels"].enabled:
        c.on_event({"action": "camels"})
        return
    for kind, zone in (("take", "market"), ("sell", "hand")):
        for i, letter in enumerate(zone_cards(v, zone)):
            c.on_event({"action": "clear"})
            same = [j for j, x in enumerate(zone_cards(v, zone)) if x == letter] if kind == "sell" else [i]
            for j in same:
                c.on_event({"card": letter, "zone": zone, "index": str(j)})
            if c.current_actions()[kind].enabled:
                c.on_event({"action": kind})
                return
    raise AssertionError(f"no move found for {v}")


def test_a_whole_match_against_the_computer() -> None:
    c, pf = controller("?opponent=maharaja&seed=21")
    for _ in range(400):
        if c.dialog == "match":
            break
        if c.dialog == "round":
            assert [n for n in walk(pf.node) if "data-round-result" in n.attrs]
            c.on_event({"action": "next-round"})
        else:
            assert pf.node is not None and find(pf.node, data_turn="you")
            pick_move_by_clicks(c)
        pf.run()
    dialog = [n for n in walk(pf.node) if "data-match-result" in n.attrs]
    assert dialog and dialog[0].attrs["data-winner"] in ("0", "1", "draw")
    assert pf.errors == [] and c.error is None
    assert len([e for e in c.mode.log if e.get("kind") == "round-end"]) >= 1
    c.on_event({"action": "new-game"})
    assert c.screen == "start"


def test_hot_seat_hides_the_hand_between_turns() -> None:
    c, pf = controller("?opponent=human&seed=5&mode=single-round")
    for _ in range(200):
        if c.dialog is not None:
            break
        assert c.screen == "pass"
        tree = pf.node
        assert not [n for n in walk(tree) if "data-card" in n.attrs or "data-zone" in n.attrs]
        name = f"Player {c.position.to_move + 1}"
        assert f"Pass to {name}" in text_of(tree)
        c.on_event({"action": "ready"})
        assert c.viewer == c.position.to_move
        assert find(pf.node, data_turn="you")
        pick_move_by_clicks(c)
    assert c.dialog == "match"
    assert [n for n in walk(pf.node) if "data-round-result" in n.attrs]


def test_handler_exceptions_become_a_sentence() -> None:
    c, pf = controller()

    def boom() -> None:
        raise RuntimeError("kaput")

    c.clear = boom  # type: ignore[method-assign]
    c.on_event({"action": "clear"})
    alert = [n for n in walk(pf.node) if "data-error" in n.attrs]
    assert alert and "kaput" in text_of(alert[0]) and "Traceback" not in text_of(pf.node)
    assert pf.errors and "RuntimeError" in pf.errors[0]
    c.on_event({"action": "dismiss"})
    assert not [n for n in walk(pf.node) if "data-error" in n.attrs]


def test_a_broken_bot_cannot_stop_the_game() -> None:
    class Bad:
        def think(self, v: Any, rng: Any, movetime: Any = None) -> Any:
            yield None
            return "XDDDDD-LLLLL"

    c, pf = controller("?opponent=trader&seed=4", FakeBots(Bad()))
    if c.position.to_move == 0:
        pick_move_by_clicks(c)
        pf.run()
    assert c.position.to_move == 0 and c.error is not None and c.error.code == "error.bot"


def test_suggestion_selects_its_cards() -> None:
    c, pf = controller()
    c.on_event({"action": "suggest"})
    sug = [n for n in walk(pf.node) if "data-suggestion" in n.attrs][0]
    move = sug.attrs["data-suggestion"]
    assert move in legal_moves(c.position)
    acts = c.current_actions()
    assert any(a.enabled and a.move == move for a in acts.values())


def test_thinking_state_is_shown_while_the_computer_moves() -> None:
    pf = FakePlatform()
    c = Controller(pf, read_address("?opponent=trader&seed=3"), FakeBots(), min_think=0)
    c.boot()
    c.on_event({"action": "camels"})
    assert c.mode.thinking and find(pf.node, data_turn="opponent")
    buttons = [n for k in KINDS for n in find(pf.node, data_action=k) if n.tag == "button"]
    assert all("disabled" in b.attrs for b in buttons)
    pf.run()
    assert not c.mode.thinking and find(pf.node, data_turn="you")
    assert [n for n in walk(pf.node) if "data-last-move" in n.attrs]


def test_doctests_of_the_web_modules() -> None:
    import doctest

    from jaipur.web.draw import model

    assert doctest.testmod(model).failed == 0


def test_reason_sentences_exist_for_ui_codes() -> None:
    for lang in ("en", "fa"):
        s = i18n.strings(lang)
        for code in ("take.none", "take.only", "take.many", "take.camel", "camels.selection", "exchange.market",
                     "exchange.give", "sell.none", "sell.only-hand", "sell.mixed", "wait", "over"):
            text = s.reason(Reason(code))
            assert text and "why." not in text and "{" not in text


@pytest.mark.parametrize("query,hash_text,read,codes", [
    ("?opponent=trader&seed=3", "", ("trader", 3, "standard", "en", False), []),
    ("?opponent=human&mode=single-round&lang=fa", "", ("human", None, "single-round", "fa", False), []),
    ("?opponent=wizard&seed=abc&mode=x", "#position=%%%", (None, None, "standard", "en", False),
     ["param.mode", "param.opponent", "param.position", "param.seed"]),
    ("?embed=1&opponent=novice", "", ("novice", None, "standard", "en", True), []),
])
def test_the_page_reader_reads_the_table_parameters(query: str, hash_text: str, read: tuple[Any, ...],
                                                    codes: list[str]) -> None:
    """The one reader the page boots through (what the table's own reader used to give, as expected values)."""
    a = read_address(query, hash_text)
    pa = a.problems
    assert (a.opponent, a.seed, a.mode, a.lang, a.embed) == read
    assert sorted(p.code for p in pa) == codes
    for p in pa:
        for lang in ("en", "fa"):
            text = strings(lang).reason(p)
            assert text and "{" not in text and not text.startswith("param.")


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_each_disabled_button_says_what_its_own_move_needs(lang: str) -> None:
    c, pf = controller()
    c.lang = lang
    c.refresh()
    assert pf.node is not None and not c.selection
    s = strings(lang)
    titles = {n.attrs["data-action"]: n.attrs.get("title") for n in walk(pf.node)
              if n.tag == "button" and n.attrs.get("data-action") in KINDS and "disabled" in n.attrs}
    assert titles["take"] == s.t("why.take.none")
    assert titles["exchange"] == s.t("why.exchange.none") != titles["take"]   # not "select one good to take it"
    assert titles["sell"] == s.t("why.sell.none")
