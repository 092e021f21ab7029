"""A long friend message (one that deals: about 19,000 characters) as several links: the sending page offers them
together, the receiving page joins them in any order (by address, in the open tab, pasted several at once), keeps
them across tabs and reloads, says how many are missing, refuses a damaged one and loses nothing. And games and
links of the older protocol: said in a sentence, never lost silently, removable from the start screen's list."""

from __future__ import annotations

import json

import pytest

from jaipur.fair import wire
from jaipur.web.app import Controller
from jaipur.web.draw.nodes import find, text_of
from jaipur.web.store.friends import INDEX_KEY, KEY_PREFIX, list_games
from jaipur.web.store.parts import MAX_HELD, PARTS_KEY

from .test_friend import click, friend_state, invite, link_of, links_of, page, reply

pytest.importorskip("ecdsa")


def answered() -> tuple[Controller, Controller, list[str]]:
    """Ava's page with her invitation sent, Bo's page with his answer made; the answer's links."""
    a = invite()
    b = page(hash_text=link_of(a)[link_of(a).index("#"):])
    click(b, "friend-accept", text="Bo")
    return a, b, links_of(b)


def opened(storage: dict[str, str], link: str, lang: str = "") -> Controller:
    """A link opened by its address in a new tab of the browser that holds `storage`."""
    return page(storage, hash_text=link[link.index("#"):], lang=lang)


def note(c: Controller) -> tuple[str, str]:
    """The note the page says (its code) and the parts it counts (`data-parts`)."""
    found = [n for n in find(c.platform.node) if "data-note" in n.attrs]  # type: ignore[attr-defined]
    return (found[0].attrs["data-note"], found[0].attrs.get("data-parts", "")) if found else ("", "")


def codes(c: Controller) -> list[str]:
    problems = find(c.platform.node, data_problems="")  # type: ignore[attr-defined]
    return [n.attrs["data-code"] for p in problems for n in find(p) if n.tag == "li" and "data-code" in n.attrs]


def held(storage: dict[str, str]) -> dict[str, int]:
    """The parts kept: each message's tag and how many of its parts are in."""
    data = json.loads(storage.get(PARTS_KEY, '{"held": {}}'))
    return {tag: len(entry["chunks"]) for tag, entry in data["held"].items()}


def test_the_sending_page_offers_every_link_together_and_copies_them_all_or_one() -> None:
    a, b, links = answered()
    n = len(links)
    assert 4 <= n <= 8 and all(link.startswith("http://127.0.0.1:8000/index.html#part=") for link in links)
    assert all(len(link) < 4000 for link in links) and wire.split(b.mode.game.outgoing_text())[0] in links[0]  # type: ignore[union-attr]
    shown = text_of(b.platform.node)  # type: ignore[attr-defined]
    assert f"Send these {n} links to Ava, in a row" in shown and f"Copy all {n} links" in shown
    click(b, "friend-copy")
    assert b.platform.copied[-1] == "\n".join(links)  # type: ignore[attr-defined]
    click(b, "friend-copy", "3")
    assert b.platform.copied[-1] == links[2] and f"Link 3 of {n} copied" in text_of(b.platform.node)  # type: ignore
    click(b, "friend-share")                          # no share sheet here: all of them are copied
    assert b.platform.copied[-1] == "\n".join(links)  # type: ignore[attr-defined]
    assert len(link_of(a).split()) == 1               # a short message (the invitation) stays one link


def test_parts_opened_in_any_order_across_tabs_are_joined_and_the_page_says_how_many_are_missing() -> None:
    a, b, links = answered()
    storage = a.platform.storage  # type: ignore[attr-defined]
    n = len(links)
    order = [links[2], links[0]] + links[3:] + [links[1]]
    for k, link in enumerate(order[:-1], 1):
        tab = opened(storage, link)                   # each link opened by its address, in a new tab
        assert note(tab) == ("friend-parts-missing", f"{k}/{n}") and not codes(tab)
        assert f"{k} of {n} links opened" in text_of(tab.platform.node)  # type: ignore[attr-defined]
    assert "open the last one" in text_of(tab.platform.node)  # type: ignore[attr-defined]
    assert list(held(storage).values()) == [n - 1]
    last = opened(storage, order[-1])                 # the last one: the answer is taken, as its whole link would be
    assert not codes(last) and last.mode.game.number == 3  # type: ignore[union-attr]
    assert held(storage) == {} and len(links_of(last)) > 1   # the parts dropped; Ava's deal to send


def test_parts_come_in_the_open_tab_by_its_address_or_pasted_several_at_once() -> None:
    a, b, links = answered()
    a.on_event({"type": "hash", "text": "#" + links[-1].split("#", 1)[1]})   # a chat app opened it in this tab
    a.platform.run(limit=10_000_000)  # type: ignore[attr-defined]
    assert note(a)[1] == f"1/{len(links)}" and a.mode.game.number == 1  # type: ignore[union-attr]
    click(a, "friend-paste", text="  ".join(links[:-1]))  # the others pasted at once, between spaces
    assert not codes(a) and a.mode.game.number == 3 and a.screen == "friend"  # type: ignore[union-attr]
    assert note(a) == ("", "")
    click(b, "friend-paste", text=link_of(a))         # Ava's deal, all its links pasted one a line
    assert b.screen == "table" and not codes(b)
    click(a, "friend-paste", text=reply(b))
    assert a.screen == "table" and friend_state(a) in ("your-turn", "their-turn")


def test_parts_are_kept_across_a_reload_and_in_persian_the_count_reads_in_its_words() -> None:
    a, _, links = answered()
    storage = a.platform.storage  # type: ignore[attr-defined]
    click(a, "friend-paste", text=links[0])
    reloaded = page(storage, lang="fa")                # the page reloaded: a new controller, the same storage
    click(reloaded, "friend-paste", text=links[1])
    said = text_of(reloaded.platform.node)  # type: ignore[attr-defined]
    assert note(reloaded)[1] == f"2/{len(links)}" and "پیوند باز شد" in said and "{" not in said
    reloaded = page(storage)
    click(reloaded, "friend-paste", text="\n".join(links[2:]))
    assert not codes(reloaded) and reloaded.mode.game.number == 3  # type: ignore[union-attr]


def test_a_damaged_part_is_refused_in_a_sentence_and_loses_nothing() -> None:
    a, _, links = answered()
    storage = a.platform.storage  # type: ignore[attr-defined]
    click(a, "friend-paste", text=links[0] + "\n" + links[1])
    before = dict(storage)
    cut = links[2][:-300]                                         # a chat app cut it short
    click(a, "friend-paste", text=cut)
    assert codes(a) == ["friend-part-damaged"] and "Link 3 of" in text_of(a.platform.node)  # type: ignore[attr-defined]
    assert "The links you opened are kept" in text_of(a.platform.node)  # type: ignore[attr-defined]
    assert note(a)[1] == f"2/{len(links)}" and storage == before   # the count still said
    click(a, "friend-paste", text=links[2].replace("#part=", "#part=x"))   # not a part's fields
    assert codes(a) and storage == before
    assert a.mode.pasted.startswith(links[2][:30])  # type: ignore[union-attr]   # the refused text stays in the box
    # a part changed on the way (the same length, base64url still): found when the last comes; the held ones stay
    body = links[3]
    changed = body[:-10] + ("A" if body[-10] != "A" else "B") + body[-9:]
    click(a, "friend-paste", text="\n".join([changed] + links[4:] + [links[2]]))
    assert codes(a) == ["friend-parts-mismatch"] and a.mode.game.number == 1  # type: ignore[union-attr]
    assert list(held(storage).values()) == [len(links)]
    click(a, "friend-paste", text=links[1])                       # a sound one opened again: still refused, kept
    assert codes(a) == ["friend-parts-mismatch"] and list(held(storage).values()) == [len(links)]
    click(a, "friend-paste", text=links[3])                       # the friend sent it again: the message is whole
    assert not codes(a) and a.mode.game.number == 3  # type: ignore[union-attr]


def test_all_the_links_pasted_again_replace_a_part_changed_on_the_way() -> None:
    a, _, links = answered()
    body = links[2]
    changed = body[:-10] + ("A" if body[-10] != "A" else "B") + body[-9:]
    click(a, "friend-paste", text="\n".join(links[:2] + [changed] + links[3:]))
    assert codes(a) == ["friend-parts-mismatch"] and a.mode.game.number == 1  # type: ignore[union-attr]
    click(a, "friend-paste", text="\n".join(links))                # all of them again, as the friend resent them
    assert not codes(a) and a.mode.game.number == 3  # type: ignore[union-attr]
    assert held(a.platform.storage) == {}  # type: ignore[attr-defined]   # the links after the one that made it whole too
    click(a, "friend-paste", text="\n".join(links))                # and again: said as a link opened again
    assert note(a)[0] == "friend-seen" and held(a.platform.storage) == {}  # type: ignore[attr-defined]


def test_a_part_opened_again_after_its_message_came_whole_says_so() -> None:
    a, _, links = answered()
    storage = a.platform.storage  # type: ignore[attr-defined]
    click(a, "friend-paste", text="\n".join(links))
    assert a.mode.game.number == 3  # type: ignore[union-attr]
    again = opened(storage, links[1])                             # a reload of the tab the last link opened
    assert note(again)[0] == "friend-parts-again" and not codes(again)
    assert "came whole already" in text_of(again.platform.node)  # type: ignore[attr-defined]


def test_what_is_kept_of_parts_is_bounded_and_dropped_when_it_cannot_be_read() -> None:
    storage: dict[str, str] = {PARTS_KEY: "{not json"}
    first = [wire.split("friend=" + chr(65 + k) * 8000) for k in range(MAX_HELD + 2)]
    c = page(storage)
    for texts in first:
        click(c, "friend-paste", text=texts[0])
    kept = held(storage)
    assert len(kept) == MAX_HELD and len(storage[PARTS_KEY]) < 60_000
    assert c.screen == "friend" and find(c.platform.node, data_friend_phase="parts")  # type: ignore[attr-defined]
    storage[PARTS_KEY] = '{"held": [1, 2]}'
    click(c, "friend-paste", text=first[0][1])
    assert held(storage) == {wire.read_part(first[0][1]).tag: 1}


# ---------------------------------------------------------------- the older protocol

def old_game(storage: dict[str, str], ident: str = "ab" * 12, status: str = "your-turn") -> str:
    """A game kept by the older version (its saved form and its line in the list, as that version wrote them)."""
    storage[KEY_PREFIX + ident] = json.dumps({"format": "jaipur-friend/1", "seat": 1, "signing": "00" * 32,
                                              "secrets": {}, "messages": ["AQ"]}, separators=(",", ":"))
    line = {"id": ident, "friend": "Cy", "seat": 1, "status": status, "number": 7, "abandoned": False}
    storage[INDEX_KEY] = json.dumps([line] + json.loads(storage.get(INDEX_KEY, "[]")))
    return ident


def test_a_game_an_older_version_started_is_listed_as_such_said_in_a_sentence_and_removed_only_on_request() -> None:
    storage: dict[str, str] = {}
    a = invite()
    storage.update(a.platform.storage)  # type: ignore[attr-defined]
    ident = old_game(storage)
    start = page(storage)
    rows = [n for n in find(start.platform.node) if "data-friend-game" in n.attrs]  # type: ignore[attr-defined]
    assert [r.attrs["data-friend-game"] for r in rows] == ["old", "waiting"]
    assert "Cy: started by an older version" in text_of(rows[0])
    saved = dict(storage)
    click(start, "open-friend", ident)                            # said, nothing lost
    assert start.screen == "start" and codes(start) == ["friend-old-version"]
    said = text_of(start.platform.node)  # type: ignore[attr-defined]
    assert "started by an older version" in said and "cannot go on here" in said and "new game together" in said
    assert storage == saved
    fa = page(storage, lang="fa")
    click(fa, "open-friend", ident)
    assert "نسخه‌ای قدیمی‌تر" in text_of(fa.platform.node)  # type: ignore[attr-defined]
    assert find(start.platform.node, data_action="friend-forget", data_value=ident)  # type: ignore[attr-defined]
    click(start, "friend-forget", ident)
    ours = a.mode.game.game.hex()  # type: ignore[union-attr]
    assert KEY_PREFIX + ident not in storage and [e.id for e in list_games(start.platform)] == [ours]  # type: ignore
    assert not codes(start)
    click(start, "friend-forget", ours)               # a game of this version is not removed this way
    assert len(list_games(start.platform)) == 1  # type: ignore[arg-type]


def test_a_link_of_the_older_protocol_is_refused_in_a_sentence() -> None:
    old = "friend=" + wire.b64encode(b"\x01" + bytes(60))
    c = page(hash_text="#" + old)
    assert codes(c) == ["friend-old-version"]
    assert "older version" in text_of(c.platform.node)  # type: ignore[attr-defined]
    a = invite()
    click(a, "friend-paste", text="http://127.0.0.1:8000/index.html#" + old)
    assert codes(a) == ["friend-old-version"] and a.mode.game.number == 1  # type: ignore[union-attr]


def test_a_kept_game_of_the_older_protocol_reached_by_a_link_is_said_and_kept() -> None:
    storage: dict[str, str] = {}
    ident = old_game(storage, "cd" * 12)
    text = storage[KEY_PREFIX + ident]
    from jaipur.web.modes.friend import open_link, started_by_older_version

    assert started_by_older_version(json.loads(text))
    c = page(storage)
    mode = open_link(c, "friend=" + wire.b64encode(b"\x02\x01" + bytes.fromhex(ident) + bytes(40)))
    assert mode.problem is not None and mode.problem.code == "friend-old-version"
    assert storage[KEY_PREFIX + ident] == text
