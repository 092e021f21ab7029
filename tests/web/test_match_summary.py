"""The end of a match and two players by name: the match dialog's summary of every round, a look at the final
table behind it, the names typed on the start screen (text only, bounded, saved and resumed; an old save still
loads), and your own move's result kept in view apart from the computer's reply."""

from __future__ import annotations

from typing import Any

from jaipur import Record, legal_moves, replay
from jaipur.web.app import Controller
from jaipur.web.draw.render import find, text_of, to_html, walk
from jaipur.web.links.address import read_address
from jaipur.web.store.names import MAX_NAME
from jaipur.web.store.saved import STORAGE_KEY, load_text, save_text

from .fakes import FakeBots, FakePlatform, full_match


def boot(query: str, storage: dict[str, str] | None = None) -> tuple[Controller, FakePlatform]:
    pf = FakePlatform(storage if storage is not None else {})
    c = Controller(pf, read_address(query), FakeBots(), min_think=0)
    c.boot()
    pf.run()
    return c, pf


def click(c: Controller, action: str, value: str = "", **extra: Any) -> None:
    c.on_event({"type": "click", "action": action, "value": value, **extra})


def nodes(pf: FakePlatform, attr: str) -> list[Any]:
    assert pf.node is not None
    return [n for n in walk(pf.node) if attr in n.attrs]


def one_move_from_the_end(names: list[str] | None) -> tuple[dict[str, str], Record]:
    """A saved two-player match with its last move still to play (and the whole match)."""
    whole = full_match(11)
    rec = Record(seed=whole.seed, mode=whole.mode, players=list(whole.players), moves=whole.moves[:-1])
    extra: dict[str, Any] = {"opponent": "human", "human_seat": 0, "lang": "en"}
    if names is not None:
        extra["names"] = names
    return {STORAGE_KEY: save_text(rec, extra)}, whole


def finish(c: Controller, whole: Record) -> None:
    click(c, "ready")                      # the pass screen
    c.play(whole.moves[-1])
    c.draw()


def test_the_match_dialog_shows_every_round_side_by_side_and_the_seals() -> None:
    storage, whole = one_move_from_the_end(["Ava", "Bo"])
    c, pf = boot("", storage)
    assert c.screen in ("pass", "table") and c.mode.players == ("Ava", "Bo")
    finish(c, whole)
    assert c.dialog == "match"
    ends = [p for p in replay(whole) if p.round_over]
    assert len(ends) >= 2
    dialog = nodes(pf, "data-match-result")[0]
    assert dialog.attrs["data-winner"] == str(ends[-1].result["match_winner"])
    assert len(find(dialog, data_round_result="")) == 1            # the last round's breakdown, as before
    summary = find(dialog, data_match_summary=str(len(ends)))[0]
    for n, end in enumerate(ends, start=1):
        res = end.result
        for seat in (0, 1):
            cell = find(summary, data_round=str(n), data_seat=str(seat))[0]
            assert cell.attrs["data-score"] == str(res["scores"][seat])
            b = res["breakdown"][seat]
            assert f"{b['goods']} + {b['bonus']} + {b['camel']}" in text_of(cell)
            assert ("data-won" in cell.attrs) == (res["winner"] == seat)
    seals = ends[-1].result["seals"]
    assert [int(n.attrs["data-seals-won"]) for n in walk(summary) if "data-seals-won" in n.attrs] == \
        [seals[c.viewer], seals[1 - c.viewer]]
    rows = [text_of(n) for n in walk(summary) if n.tag == "th" and n.attrs.get("scope") == "row"]
    assert sorted(rows) == ["Ava", "Bo"]


def test_the_final_table_can_be_seen_behind_the_result_and_the_result_brought_back() -> None:
    storage, whole = one_move_from_the_end(None)
    c, pf = boot("", storage)
    finish(c, whole)
    assert nodes(pf, "data-match-result")
    click(c, "look-table")
    assert c.dialog is None and not nodes(pf, "data-match-result")
    assert not [n for n in nodes(pf, "inert") if n.tag == "main"]       # the table can be read and focused
    back = [n for n in nodes(pf, "data-action") if n.attrs["data-action"] == "show-result"]
    assert len(back) == 1 and "data-autofocus" in back[0].attrs
    assert find(pf.node, data_turn="over")
    click(c, "show-result")
    assert c.dialog == "match" and nodes(pf, "data-match-result")
    assert not [n for n in nodes(pf, "data-action") if n.attrs["data-action"] == "show-result"]


def test_a_round_result_can_be_looked_behind_too() -> None:
    whole = full_match(11)
    ends = [i for i, p in enumerate(replay(whole)) if p.round_over]
    rec = Record(seed=whole.seed, mode=whole.mode, moves=whole.moves[:ends[0] - 1])
    storage = {STORAGE_KEY: save_text(rec, {"opponent": "human", "human_seat": 0})}
    c, pf = boot("", storage)
    click(c, "ready")
    c.play(whole.moves[ends[0] - 1])
    assert c.dialog == "round"
    click(c, "look-table")
    assert c.dialog is None and c.position.round_over and not nodes(pf, "data-round-result")
    click(c, "show-result")
    assert c.dialog == "round"
    click(c, "next-round")
    assert not c.position.round_over and c.dialog is None


def test_two_players_name_themselves_on_the_start_screen() -> None:
    c, pf = boot("")
    click(c, "opponent", "human")
    fields = nodes(pf, "data-name")
    assert [f.attrs["maxlength"] for f in fields] == [str(MAX_NAME)] * 2
    start = [n for n in nodes(pf, "data-action") if n.attrs["data-action"] == "start"][0]
    assert start.attrs["data-names"] == "player-name-1 player-name-2"
    click(c, "start", names=["  <b>Ava</b>\u0000\n ", ""])
    assert c.mode.players == ("<b>Ava</b>", "Player 2")
    click(c, "ready")
    html = to_html(pf.node)
    assert "&lt;b&gt;Ava&lt;/b&gt;" in html and "<b>" not in html       # text, never markup
    saved = load_text(c.platform.load(STORAGE_KEY))
    assert saved.extra["names"] == ["<b>Ava</b>", "Player 2"] and saved.record.players == ["<b>Ava</b>", "Player 2"]
    click(c, "menu")                                                  # back at the start: the names typed are kept
    assert c.screen == "start"
    assert [f.attrs["value"] for f in nodes(pf, "data-name")] == ["<b>Ava</b>", ""]


def test_names_are_bounded_shown_in_the_log_and_results_and_resumed() -> None:
    storage: dict[str, str] = {}
    c, pf = boot("?opponent=human&seed=3", storage)
    click(c, "menu")
    click(c, "opponent", "human")
    click(c, "start", names=["Ava" * 20, "Bo"])
    assert c.mode.players == (("Ava" * 20)[:MAX_NAME], "Bo")
    click(c, "ready")
    c.play(legal_moves(c.position)[0])
    click(c, "ready")
    assert ("Ava" * 20)[:MAX_NAME] in text_of(find(pf.node, data_zone="log")[0])
    c2, pf2 = boot("", storage)                                       # a reload resumes with the names
    assert c2.mode.players == (("Ava" * 20)[:MAX_NAME], "Bo")
    click(c2, "ready")
    assert "Bo" in text_of(pf2.node)


def test_a_save_without_names_still_loads_with_the_page_names() -> None:
    storage, _ = one_move_from_the_end(None)
    c, pf = boot("?lang=fa", storage)
    assert c.mode.players is None and c.mode.names(c.strings) == ("بازیکن ۱", "بازیکن ۲")
    storage2, _ = one_move_from_the_end(["", 7])                      # unreadable names: the page's own
    c2, _ = boot("", storage2)
    assert c2.mode.players is None


def test_your_own_move_stays_readable_apart_from_the_reply_until_hidden() -> None:
    c, pf = boot("?opponent=trader&seed=3")
    assert c.current_actions()["camels"].enabled
    click(c, "camels")
    own = nodes(pf, "data-own-move")
    assert [n.attrs["data-own-move"] for n in own] == ["TM"]          # while the computer thinks
    pf.run()
    reply = nodes(pf, "data-reply")
    own = nodes(pf, "data-own-move")
    assert len(reply) == 1 and reply[0].attrs["data-reply"] == c.mode.moves[-1]
    assert [n.attrs["data-own-move"] for n in own] == ["TM"] and own[0] is not reply[0]
    assert not find(own[0], data_reply=reply[0].attrs["data-reply"])   # two lines, not one
    click(c, "dismiss-own")
    assert not nodes(pf, "data-own-move") and nodes(pf, "data-reply")
    v = c.mode.seen(c.position)
    goods = [i for i, x in enumerate(v["market"]) if x != "M"]
    for i in goods:
        click(c, "clear")
        c.on_event({"type": "click", "card": "x", "zone": "market", "index": str(i)})
        if c.current_actions()["take"].enabled:
            break
    move = c.current_actions()["take"].move
    click(c, "take")
    assert [n.attrs["data-own-move"] for n in nodes(pf, "data-own-move")] == [move]   # the next move shows again
    pf.run()


def test_doctests_of_the_names_module() -> None:
    import doctest

    from jaipur.web.store import names

    assert doctest.testmod(names).failed == 0


def test_the_header_menu_is_a_disclosure_that_any_other_press_shuts() -> None:
    c, pf = boot("?opponent=trader&seed=3")

    def expanded() -> str:
        return str([n for n in nodes(pf, "data-action") if n.attrs["data-action"] == "tools"][0].attrs["aria-expanded"])

    tools = find(pf.node, id="table-tools")[0]
    assert "open" not in tools.attrs["class"] and expanded() == "false"
    click(c, "tools")
    assert expanded() == "true" and "open" in find(pf.node, id="table-tools")[0].attrs["class"]
    click(c, "tools")
    assert expanded() == "false"
    click(c, "tools")
    c.on_event({"type": "key", "key": "Escape"})
    assert expanded() == "false"
    click(c, "tools")
    c.on_event({"type": "click", "card": "x", "zone": "market", "index": "0"})
    assert expanded() == "false" and c.selection
    click(c, "tools")
    click(c, "rules")
    assert expanded() == "false" and c.dialog == "rules"
