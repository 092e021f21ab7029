"""Accessibility of the rendered page in CPython: every card, pile and button has a name, ARIA names sit
only where they are allowed, each row of cards is one Tab stop, the shortcut keys act through the
controller's one dispatcher, the Keys dialog in both languages, and the live region that says the other
side's moves and the round's result (once)."""

from __future__ import annotations

import pytest

from jaipur import legal_moves
from jaipur.web.app import Controller
from jaipur.web.draw.model import KEY_COMMANDS, ROVING_ZONES, key_command
from jaipur.web.draw.render import TEXT, Node, find, text_of, walk
from jaipur.web.draw.render_dialogs import KEY_ROWS
from jaipur.web.i18n import catalogue, strings
from jaipur.web.links import make_link
from jaipur.web.links.address import read_address

from .fakes import FakeBots, FakePlatform

EN, FA = catalogue("en"), catalogue("fa")

ROUND_END = {"market": "MMMDG", "hands": ["DDG", "SCL"], "herds": [2, 1], "deck": "", "seed": 4}
"""Taking the camels ends the round here: the deck cannot refill the market."""
NAMED_BY_ARIA = {"button", "section", "aside", "main", "nav", "table", "input", "textarea", "select", "a", "fieldset"}
"""Elements that may carry aria-label without a role (axe: aria-prohibited-attr)."""


def controller(query: str = "?opponent=trader&seed=3", fragment: str = "") -> tuple[Controller, FakePlatform]:
    pf = FakePlatform()
    c = Controller(pf, read_address(query, fragment), FakeBots(), min_think=0)
    c.boot()
    pf.run()
    return c, pf


def at(link: str) -> tuple[Controller, FakePlatform]:
    """A controller on a page link (query and #fragment)."""
    rest, _, fragment = link.partition("#")
    return controller("?" + rest.partition("?")[2], "#" + fragment if fragment else "")


def key(c: Controller, code: str, name: str = "") -> None:
    """A key press as dom.py forwards it (`key` is what the layout types, `code` the physical key)."""
    c.on_event({"type": "key", "key": name or code.removeprefix("Key").lower(), "code": code})


def click_card(c: Controller, zone: str, index: int) -> None:
    c.on_event({"type": "click", "card": "x", "zone": zone, "index": str(index)})


def name_of(n: Node) -> str:
    """The accessible name as a screen reader computes it here: aria-label, else the text inside."""
    return (n.attrs.get("aria-label") or text_of(n)).strip()


def announce(pf: FakePlatform) -> str:
    assert pf.node is not None
    live = find(pf.node, data_announce="")
    assert len(live) == 1
    return text_of(live[0])


def trees() -> list[tuple[str, Node]]:
    """Pages in both languages: the start screen, the table (with a selection and a camel herd), the Keys
    dialog, the round result, a hot-seat table and a replay."""
    out: list[tuple[str, Node]] = []
    for lang in ("en", "fa"):
        c, pf = controller(f"?seed=3&lang={lang}")
        out.append((f"start {lang}", pf.node))
        c, pf = controller(f"?opponent=trader&seed=3&lang={lang}")
        click_card(c, "market", 0)
        click_card(c, "hand", 1)
        out.append((f"table {lang}", pf.node))
        key(c, "Backspace", "Backspace")
        key(c, "KeyC")            # the camels: a herd to show
        pf.run()
        key(c, "KeyH")
        out.append((f"keys dialog {lang}", pf.node))
        c, pf = at(make_link("index.html", ROUND_END, opponent="novice", lang=lang))
        key(c, "KeyC")
        out.append((f"round result {lang}", pf.node))
        c, pf = controller(f"?opponent=human&seed=5&lang={lang}")
        c.on_event({"action": "ready"})
        out.append((f"hot seat {lang}", pf.node))
    return [(where, tree) for where, tree in out if tree is not None]


@pytest.mark.parametrize(("where", "tree"), trees())
def test_every_card_pile_and_button_has_an_accessible_name(where: str, tree: Node) -> None:
    elements = [n for n in walk(tree) if n.tag != TEXT]
    for n in elements:
        if n.tag == "button" or n.attrs.get("role") in ("img", "group", "dialog") or "data-card" in n.attrs:
            if n.attrs.get("aria-hidden") == "true":
                continue
            named = name_of(n) or n.attrs.get("aria-labelledby")
            assert named, f"{where}: <{n.tag} {n.attrs}> has no accessible name"
        if "aria-label" in n.attrs:
            assert n.tag in NAMED_BY_ARIA or "role" in n.attrs, f"{where}: aria-label on a bare <{n.tag} {n.attrs}>"
    piles = [n for n in elements if set(n.attrs.get("class", "").split()) & {"pile", "bonus-pile", "sold"}]
    for n in piles:
        if "camel-token" in n.attrs.get("class", ""):
            continue
        assert n.attrs.get("role") == "img" and n.attrs.get("aria-label"), f"{where}: pile {n.attrs}"
    for n in elements:
        if "data-zone" in n.attrs and n.tag == "div":
            assert n.attrs.get("role") == "group" and n.attrs.get("aria-label"), f"{where}: zone {n.attrs}"
    assert [n for n in elements if n.tag == "h1"], f"{where}: the page has a level-one heading"


def test_names_say_the_good_and_the_values() -> None:
    c, pf = controller()
    assert pf.node is not None
    piles = {n.attrs["data-good"]: n.attrs["aria-label"] for n in find(pf.node, role="img") if "data-left" in n.attrs
             and "data-good" in n.attrs}
    assert piles["D"] == "Diamond tokens: 7, 7, 5, 5, 5"
    assert [n.attrs["aria-label"] for n in find(pf.node, data_zone="market")[0].children] == [
        "Spice", "Leather", "Camel", "Camel", "Camel"]
    bonus = [n.attrs["aria-label"] for n in find(pf.node, role="img") if n.attrs.get("class") == "bonus-pile"]
    assert bonus == ["Bonus tokens for 3 cards: 7 left", "Bonus tokens for 4 cards: 6 left",
                     "Bonus tokens for 5 cards: 5 left"]
    c.on_event({"action": "switch-lang", "value": "fa"})
    piles = {n.attrs["data-good"]: n.attrs["aria-label"] for n in find(pf.node, role="img") if "data-left" in n.attrs
             and "data-good" in n.attrs}
    assert piles["D"] == "ژتون‌های الماس: ۷، ۷، ۵، ۵، ۵"


def tab_stops(pf: FakePlatform, zone: str) -> list[str]:
    assert pf.node is not None
    return [n.attrs["data-index"] for n in find(pf.node, data_zone=zone)[0].children if n.attrs.get("tabindex") == "0"]


def test_each_row_of_cards_is_one_tab_stop_that_follows_the_arrows_and_clicks() -> None:
    c, pf = controller()          # seed 3: market P L M M M, hand D D S C L, you move first
    assert tab_stops(pf, "market") == ["0"] and tab_stops(pf, "hand") == ["0"]
    c.on_event({"type": "focus", "zone": "market", "index": "3"})       # the arrow keys moved there (dom.py)
    assert tab_stops(pf, "market") == ["3"] and c.selection == frozenset()
    click_card(c, "hand", 4)
    assert tab_stops(pf, "hand") == ["4"] and c.selection == frozenset({"hand:4"})
    c.on_event({"type": "focus", "zone": "deck", "index": "1"})        # not a row of cards: ignored
    c.on_event({"type": "focus", "zone": "hand", "index": "x"})
    assert "deck" not in c.cursor and c.cursor["hand"] == 4
    key(c, "Backspace", "Backspace")
    c.cursor["hand"] = 9                                               # more than the hand holds: the last card
    c.draw()
    assert tab_stops(pf, "hand") == ["4"]
    key(c, "KeyC")                                                     # the camels: now a herd, one stop too
    pf.run()
    assert tab_stops(pf, "herd") == ["0"]
    assert set(ROVING_ZONES) == {"market", "hand", "herd"}


def test_shortcut_keys_act_like_their_buttons() -> None:
    c, pf = controller()          # seed 3: market P L M M M, hand D D S C L, you move first
    key(c, "KeyT")                                 # nothing selected: Take does nothing
    assert c.mode.moves == []
    click_card(c, "market", 0)
    key(c, "KeyT", "ف")                            # the same physical key on a Persian layout
    assert c.mode.moves == ["TP"]
    pf.run()                                       # the computer's reply
    assert len(c.mode.moves) == 2 and c.dialog is None
    key(c, "KeyU")                                 # undo: back to before "TP"
    assert c.mode.moves == []
    click_card(c, "hand", 0)
    click_card(c, "hand", 1)
    key(c, "Delete", "Delete")
    assert c.selection == frozenset()
    click_card(c, "hand", 0)
    key(c, "Backspace", "Backspace")
    assert c.selection == frozenset()
    key(c, "KeyA")                                 # suggest: its cards are selected
    assert c.suggestion is not None and c.suggestion.move
    key(c, "Escape", "Escape")
    assert c.selection == frozenset() and c.suggestion is None
    key(c, "KeyS")                                 # nothing selected: no sale
    key(c, "KeyX")
    assert c.mode.moves == []
    key(c, "KeyC")
    assert c.mode.moves == ["TM"]
    pf.run()


def test_keys_dialog_opens_and_closes_and_blocks_the_table_keys() -> None:
    c, pf = controller()
    key(c, "Slash", "?")
    assert c.dialog == "keys" and pf.node is not None and find(pf.node, data_dialog="keys")
    key(c, "KeyC")                                 # a dialog is open: the table keys do nothing
    assert c.mode.moves == []
    key(c, "KeyH")                                 # H again closes it
    assert c.dialog is None
    c.on_event({"action": "keys"})                 # the bar's Keys button
    assert c.dialog == "keys"
    key(c, "Escape", "Escape")
    assert c.dialog is None
    key(c, "Slash", "؟")                           # a Persian keyboard's question mark
    c.on_event({"action": "close"})
    assert c.dialog is None
    assert key_command("KeyQ", "q") is None and key_command("Enter", "Enter") is None


def test_keys_do_nothing_off_the_table_or_over_a_result() -> None:
    c, pf = controller("?seed=3")                  # the start screen
    for code in KEY_COMMANDS:
        if KEY_COMMANDS[code] != "keys":
            key(c, code)
    assert c.screen == "start" and c.dialog is None and pf.errors == []
    key(c, "Slash", "?")                           # the Keys dialog opens over the start screen too
    assert c.dialog == "keys" and pf.node is not None and find(pf.node, data_dialog="keys")
    key(c, "Escape", "Escape")
    assert c.dialog is None
    c, pf = at(make_link("index.html", ROUND_END, opponent="novice"))
    key(c, "KeyC")
    assert c.dialog == "round"
    for code in KEY_COMMANDS:
        key(c, code)
    assert c.dialog == "round" and c.mode.moves == ["TM"]
    c, pf = controller("?opponent=trader&seed=3&embed=1")
    key(c, "KeyA")                                 # embedded: no suggestion tool, so no key for it
    assert c.suggestion is None


def test_keys_dialog_lists_every_key_in_both_languages() -> None:
    for lang in ("en", "fa"):
        c, pf = controller(f"?opponent=trader&seed=3&lang={lang}")
        key(c, "KeyH")
        assert pf.node is not None
        dialog = find(pf.node, data_dialog="keys")[0]
        rows = [n for n in walk(dialog) if "data-keys-row" in n.attrs]
        assert len(rows) == len(KEY_ROWS)
        for n, (keys, what) in zip(rows, KEY_ROWS):
            assert what in EN and what in FA
            assert text_of(n).endswith(strings(lang).t(what))
            assert len([k for k in walk(n) if k.tag == "kbd"]) == len(keys)
        text = text_of(dialog)
        if lang == "fa":
            assert "T / ف" in text and "۱" in text and "فاصله" in text
        else:
            assert "Backspace" in text and "Space" in text
    for code, command in KEY_COMMANDS.items():     # every shortcut is documented in the dialog
        letter = code.removeprefix("Key")
        assert any(letter in keys for keys, _ in KEY_ROWS), command


def test_buttons_carry_their_keyboard_shortcuts() -> None:
    c, pf = controller()
    assert pf.node is not None
    shortcuts = {n.attrs["data-action"]: n.attrs.get("aria-keyshortcuts") for n in walk(pf.node)
                 if n.tag == "button" and "data-action" in n.attrs}
    assert shortcuts["take"] == "T" and shortcuts["camels"] == "C" and shortcuts["exchange"] == "X"
    assert shortcuts["sell"] == "S" and shortcuts["undo"] == "U" and shortcuts["suggest"] == "A"
    assert shortcuts["clear"] == "Backspace Delete" and shortcuts["keys"] == "H Shift+?"


def live_regions(pf: FakePlatform) -> list[Node]:
    assert pf.node is not None
    return [n for n in walk(pf.node) if n.tag != TEXT and ("aria-live" in n.attrs or n.attrs.get("role") in
                                                           ("status", "alert", "log"))]


def test_the_live_region_says_the_other_sides_move_once() -> None:
    c, pf = controller()
    assert pf.node is not None and pf.node.children[0].attrs.get("data-announce") == ""   # first: a stable element
    assert announce(pf) == ""
    click_card(c, "market", 0)
    key(c, "KeyT")
    assert announce(pf) == ""                      # your own move: nothing to say (the computer thinks)
    pf.run()
    last = c.mode.last
    assert last is not None and last["seat"] == 1
    said = strings("en").did(last, "Computer")
    assert announce(pf) == said and said.startswith("Computer ")
    others = [n for n in live_regions(pf) if "data-announce" not in n.attrs]
    assert all(said not in text_of(n) for n in others), "the move is said once"
    c.on_event({"action": "switch-lang", "value": "fa"})
    assert announce(pf) == strings("fa").did(last, "رایانه")


def test_the_live_region_says_the_round_result() -> None:
    for lang, words in (("en", ("Round 1 over", "win the round")), ("fa", ("پایان دور ۱", "این دور را برد"))):
        c, pf = at(make_link("index.html", ROUND_END, opponent="novice", lang=lang))
        key(c, "KeyC")
        assert c.dialog == "round"
        said = announce(pf)
        assert all(w in said for w in words), said
    c, pf = at(make_link("index.html", dict(ROUND_END, mode="single-round"), opponent="novice"))
    key(c, "KeyC")
    assert c.dialog == "match" and "You win the match!" in announce(pf)


def test_hot_seat_and_replay_announcements() -> None:
    c, pf = controller("?opponent=human&seed=5")
    c.on_event({"action": "ready"})
    assert c.screen == "table" and announce(pf) == ""
    c.play(legal_moves(c.position)[0])
    c.draw()
    assert c.screen == "pass" and announce(pf).startswith("Player 1 ")   # the move just made, by name
    c.on_event({"action": "ready"})
    assert announce(pf).startswith("Player 1 ")                         # the same words: not said again
    c2, pf2 = at(make_link("index.html", record={"format": "jaipur-record/1", "seed": 3, "mode": "standard",
                                                 "players": ["Ava", "Bo"], "moves": ["TM"]}))
    assert c2.kind == "replay" and announce(pf2) == ""       # the replay says its moves in its own controls

