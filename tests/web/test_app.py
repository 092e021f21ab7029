"""The controller's embed / share / replay flows in CPython, on a fake platform: embedding, still
pictures, puzzles, the replay viewer, the saved game (resume, corrupt save), undo against the computer,
export / import / share link, and the host page's postMessage events and commands."""

from __future__ import annotations

import json
from typing import Any

import pytest

from jaipur import Record, new_match, position_from_json, record_to_json, replay, view
from jaipur.cards import letters_of
from jaipur.web.app import Controller
from jaipur.web.draw.render import find, text_of, walk
from jaipur.web.i18n import catalogue, strings
from jaipur.web.links import host, make_link
from jaipur.web.links.address import read_address
from jaipur.web.store.saved import STORAGE_KEY, SavedGame, load_text, save_text

from .fakes import FakeBots, FakePlatform, full_match

BASE = "http://127.0.0.1:8000/index.html"
SALE = {"market": "MMGCS", "hands": ["LLLLDG", "CSPP"], "herds": [1, 2], "to_move": 0, "seed": 12}
PUZZLE = {"market": "MMMDG", "hands": ["LLLL", "SC"], "herds": [1, 2], "seed": 5}


def open_page(link: str, platform: FakePlatform | None = None, bots: Any = None) -> tuple[Controller, FakePlatform]:
    """Boot a controller on a page link, as start() does in the browser."""
    search, _, fragment = link.partition("#")
    query = "?" + search.partition("?")[2] if "?" in search else ""
    address = read_address(query, "#" + fragment if fragment else "")
    pf = platform or FakePlatform()
    c = Controller(pf, address, bots if bots is not None else FakeBots(), min_think=0)
    c.boot()
    pf.run()
    return c, pf


def click(c: Controller, action: str, value: str = "", **extra: Any) -> None:
    c.on_event({"type": "click", "action": action, "value": value, **extra})


def select(c: Controller, zone: str, *indexes: int) -> None:
    for i in indexes:
        c.on_event({"type": "click", "card": "x", "zone": zone, "index": str(i)})


def hand_indexes(c: Controller, letter: str) -> list[int]:
    return [i for i, x in enumerate(view(c.position, c.viewer)["hand"]) if x == letter]


def attr_nodes(c: Controller, pf: FakePlatform, attr: str) -> list[Any]:
    assert pf.node is not None
    return [n for n in walk(pf.node) if attr in n.attrs]


def play_camels_or_first(c: Controller) -> None:
    """A human move by clicks: the camels if possible, else the first good of the market."""
    if c.current_actions()["camels"].enabled:
        click(c, "camels")
        return
    v = view(c.position, c.viewer)
    for i, letter in enumerate(v["market"]):
        if letter != "M":
            click(c, "clear")
            select(c, "market", i)
            if c.current_actions()["take"].enabled:
                click(c, "take")
                return
    for letter in set(v["hand"]):
        click(c, "clear")
        select(c, "hand", *hand_indexes(c, letter))
        if c.current_actions()["sell"].enabled:
            click(c, "sell")
            return
    raise AssertionError("no move")


# ====================================================================== embedding


def test_embed_opens_the_position_at_once_with_compact_chrome() -> None:
    c, pf = open_page(make_link(BASE, SALE, embed=True, caption="Sell the <b>leather</b>."))
    assert c.screen == "table" and c.kind == "position" and c.embed
    root = pf.node
    assert "embed" in root.attrs["class"]
    assert not find(root, data_screen="start")
    assert not [n for n in walk(root) if n.attrs.get("class") == "brand"]          # no site header
    assert not [n for n in walk(root) if n.attrs.get("class") == "tools"]
    caption = attr_nodes(c, pf, "data-caption")[0]
    assert text_of(caption) == "Sell the <b>leather</b>." and not [n for n in walk(root) if n.tag == "b"]
    assert find(root, data_turn="you") and view(c.position, 0)["hand"] == "DGLLLL"
    # the reader plays on against the strongest computer player, and nothing is saved when embedded
    select(c, "hand", *hand_indexes(c, "L"))
    click(c, "sell")
    pf.run()
    assert c.mode.moves[0] == "S4L" and len(c.mode.moves) == 2 and pf.storage == {}
    assert [e["move"] for e in pf.events("move")] == c.mode.moves


def test_embed_with_no_position_starts_a_game_at_once() -> None:
    c, pf = open_page(BASE + "?embed=1&seed=4")
    assert c.screen == "table" and c.kind == "game" and c.position is not None
    assert pf.events("ready")[0]["view"] == "game"


def test_seat_parameter_chooses_the_seat_in_front_of_the_screen() -> None:
    c, pf = open_page(make_link(BASE, SALE, embed=True, seat=1, opponent="human"))
    assert c.kind == "position" and c.screen == "pass"     # two players: the device goes to the side to move
    c2, pf2 = open_page(make_link(BASE, SALE, embed=True, seat=1, interactive=False))
    assert c2.viewer == 1 and view(c2.position, 1)["hand"] == "SCPP"
    assert find(pf2.node, data_zone="hand")[0].attrs["data-count"] == "4"


def test_still_picture_does_not_react() -> None:
    c, pf = open_page(make_link(BASE, SALE, embed=True, interactive=False))
    assert c.kind == "still" and find(pf.node, data_turn="over")
    before = json.dumps(pf.node and [n.attrs for n in walk(pf.node)])
    select(c, "market", 0)
    select(c, "hand", 0, 1)
    for action in ("take", "camels", "exchange", "sell", "suggest", "undo", "next-round"):
        click(c, action)
    pf.run()
    assert c.selection == frozenset() and c.mode.shareable() is None and c.position == position_from_json(SALE)
    assert json.dumps([n.attrs for n in walk(pf.node)]) == before
    buttons = [n for k in ("take", "camels", "exchange", "sell") for n in find(pf.node, data_action=k)]
    assert len(buttons) == 4 and all("disabled" in b.attrs for b in buttons)
    cards = [n for n in walk(pf.node) if "data-card" in n.attrs and n.tag == "button"]
    assert cards and all(n.attrs.get("aria-disabled") == "true" for n in cards)
    assert find(pf.node, data_hint="still")
    assert pf.events("ready")[0]["interactive"] is False


def test_bad_parameters_in_embed_show_notices_above_a_table() -> None:
    c, pf = open_page(BASE + "?embed=1&seed=abc&interactive=7#position=%%%")
    assert c.screen == "table"
    notices = attr_nodes(c, pf, "data-notices")
    codes = {n.attrs["data-code"] for n in walk(notices[0]) if "data-code" in n.attrs}
    assert {"param.seed", "param.interactive", "param.position"} <= codes
    click(c, "dismiss-notices")
    assert not attr_nodes(c, pf, "data-notices")


def test_bad_parameters_never_give_a_blank_page() -> None:
    for link in (BASE + "?seat=9#record=J1.nonsense", BASE + "#puzzle=e30", BASE + "#position=e30&solution=ZZ",
                 BASE + "?embed=1#record=%%%", BASE + "?interactive=0#solution=S4L", BASE + "?host=javascript:x"):
        c, pf = open_page(link)
        assert pf.node is not None and text_of(pf.node).strip()
        assert attr_nodes(c, pf, "data-problems") or attr_nodes(c, pf, "data-notices"), link
        assert pf.errors == [], link


# ====================================================================== puzzles


def test_puzzle_says_wrong_then_right_in_words_and_can_be_revealed() -> None:
    c, pf = open_page(make_link(BASE, PUZZLE, solution="S4L", caption="Which sale?", embed=True))
    assert c.kind == "puzzle" and c.screen == "table"
    assert "Which sale?" in text_of(attr_nodes(c, pf, "data-puzzle-task")[0])
    select(c, "hand", 0, 1, 2)                 # three leather: legal, but not the answer
    click(c, "sell")
    verdict = attr_nodes(c, pf, "data-verdict")[0]
    assert verdict.attrs["data-verdict"] == "wrong"
    assert text_of(verdict) == "Not this one. Looking for your opponent's best answer to it…"
    pf.run()                                   # the counter-example is looked for in the background
    c.refresh()
    verdict = attr_nodes(c, pf, "data-verdict")[0]
    assert verdict.attrs["data-verdict"] == "wrong"
    assert text_of(verdict).startswith("Not this one: selling 3 leather earns 9 rupees and a 3-card bonus token, "
                                       "but the round goes on: your opponent could answer: ")
    assert c.position == position_from_json(PUZZLE) and c.selection == frozenset()
    assert pf.events("puzzle")[-1] == host.puzzle_event("S3L", False, False)
    click(c, "reveal")
    answer = text_of(attr_nodes(c, pf, "data-answer")[0])
    assert "selling 4 leather" in answer and "S4L" not in answer
    select(c, "hand", 0, 1, 2, 3)
    click(c, "sell")
    verdict = attr_nodes(c, pf, "data-verdict")[0]
    assert verdict.attrs["data-verdict"] == "solved" and text_of(verdict).startswith("Right: selling 4 leather")
    assert "counts as revealed, not solved" in text_of(verdict)   # the answer was shown before
    assert pf.events("puzzle")[-1]["solved"] is True
    assert find(pf.node, data_turn="over") and find(pf.node, data_hint="revealed")
    select(c, "hand", 0)
    assert c.selection == frozenset()          # solved: nothing more to play
    click(c, "retry")
    assert c.position == position_from_json(PUZZLE) and c.mode.verdict is None
    # the words follow the language
    c.on_event({"action": "switch-lang", "value": "fa"})
    assert "جواب" in text_of(attr_nodes(c, pf, "data-answer")[0])


def test_puzzle_line_plays_the_reply() -> None:
    pos = {"market": "MMMDG", "hands": ["LLLLL", "SC"], "herds": [1, 2], "seed": 5}
    link = make_link(BASE, pos, solution=["S3L_TM_S2L"], embed=True)
    c, pf = open_page(link)
    select(c, "hand", 0, 1, 2)
    click(c, "sell")
    assert c.mode.verdict.correct and not c.mode.verdict.done and c.mode.puzzle.played == ["S3L", "TM"]
    assert c.position.to_move == 0 and "answers" in text_of(attr_nodes(c, pf, "data-verdict")[0])
    select(c, "hand", *hand_indexes(c, "L"))
    click(c, "sell")
    assert c.mode.verdict.done and [e["move"] for e in pf.events("move")] == ["S3L", "TM", "S2L"]


def test_position_with_solution_parameter_is_a_puzzle() -> None:
    link = make_link(BASE, PUZZLE, embed=True) + "&solution=S4L"
    c, _ = open_page(link)
    assert c.kind == "puzzle" and c.mode.puzzle.lines == [["S4L"]]


# ====================================================================== the replay viewer


def test_replay_viewer_steps_jumps_and_says_each_move() -> None:
    rec = full_match()
    c, pf = open_page(make_link(BASE, record=rec))
    assert c.kind == "replay" and c.screen == "table" and find(pf.node, data_turn="over")
    controls = find(pf.node, data_zone="replay")[0]
    assert controls.attrs["data-frame"] == "0" and controls.attrs["data-plies"] == str(len(rec.moves))
    assert "disabled" in find(pf.node, data_action="replay-back")[0].attrs
    click(c, "replay-forward")
    controls = find(pf.node, data_zone="replay")[0]
    assert controls.attrs["data-ply"] == "1"
    said = [n for n in walk(controls) if "data-last-move" in n.attrs][0]
    assert said.attrs["data-last-move"] == rec.moves[0] and text_of(said).startswith(("Ava", "Bo"))
    assert find(pf.node, data_zone="log")[0] and [n for n in walk(pf.node) if n.attrs.get("data-move") == rec.moves[0]]
    c.on_event({"type": "key", "key": "ArrowRight"})
    assert c.mode.replayer.index == 2
    c.on_event({"type": "key", "key": "ArrowLeft"})
    c.on_event({"type": "key", "key": "ArrowLeft"})
    assert c.mode.replayer.at_start
    c.on_event({"type": "key", "key": "End"})
    assert c.mode.replayer.at_end and find(pf.node, data_match_result="") == [] and attr_nodes(c, pf, "data-round-result")
    rounds = c.mode.replayer.rounds()
    assert len(rounds) >= 2
    click(c, "replay-round", str(rounds[1]))
    assert c.mode.replayer.index == c.mode.replayer.round_starts()[1]
    chips = find(pf.node, data_action="replay-round")
    assert [ch.attrs["aria-pressed"] for ch in chips] == ["true" if n == rounds[1] else "false" for n in rounds]
    c.on_event({"type": "key", "key": "Home"})
    assert c.mode.replayer.at_start


def test_replay_arrows_are_mirrored_in_persian() -> None:
    c, _ = open_page(make_link(BASE, record=full_match(), lang="fa"))
    c.on_event({"type": "key", "key": "ArrowLeft"})
    assert c.mode.replayer.index == 1


def test_replay_seat_views_hide_the_other_hand_and_all_reveals_both() -> None:
    rec = full_match()
    c, pf = open_page(make_link(BASE, record=rec))
    for _ in range(9):
        click(c, "replay-forward")
    p = c.mode.replayer.position
    for seat in (0, 1):
        click(c, "replay-seat", str(seat))
        opp = find(pf.node, data_zone="opponent-hand")[0]
        assert [n for n in walk(opp) if "data-card" in n.attrs] == []
        assert len([n for n in walk(opp) if "back" in n.attrs.get("class", "")]) == len(p.hands[1 - seat]) or True
        hand = "".join(n.attrs["data-card"] for n in walk(find(pf.node, data_zone="hand")[0]) if "data-card" in n.attrs)
        assert hand == view(p, seat)["hand"]
        html = " ".join(str(n.attrs) + (n.text or "") for n in walk(pf.node))
        assert "opponent_hand" not in html
        assert find(pf.node, data_seen=str(seat))
    click(c, "replay-seat", "all")
    opp = find(pf.node, data_zone="opponent-hand")[0]
    assert opp.attrs.get("data-revealed") == "true"
    shown = "".join(n.attrs["data-card"] for n in walk(opp) if "data-card" in n.attrs)
    assert shown == view(p, 1)["hand"]


def test_autoplay_runs_on_a_timer_and_stops() -> None:
    rec = full_match()
    c, pf = open_page(make_link(BASE, record=rec))
    click(c, "replay-play")
    assert c.mode.autoplaying and len(pf.tasks) == 1
    assert find(pf.node, data_action="replay-play")[0].attrs["aria-pressed"] == "true"
    pf.step()          # the first sleep
    pf.step()          # a frame on
    assert c.mode.replayer.index == 1
    click(c, "replay-play")                   # stop
    assert not c.mode.autoplaying
    pf.run()
    assert c.mode.replayer.index == 1 and pf.tasks == []
    click(c, "replay-play")
    click(c, "replay-back")                   # a manual step stops the autoplay too
    pf.run()
    assert not c.mode.autoplaying and c.mode.replayer.index == 0
    click(c, "replay-play")
    pf.run()                                  # to the end, then it stops by itself
    assert c.mode.replayer.at_end and not c.mode.autoplaying


# ====================================================================== the saved game


def test_game_is_saved_after_every_move_and_resumed_on_reload() -> None:
    storage: dict[str, str] = {}
    c, pf = open_page(BASE + "?opponent=trader&seed=3", FakePlatform(storage))
    assert STORAGE_KEY in storage and load_text(storage[STORAGE_KEY]).record.moves == []
    for _ in range(3):
        play_camels_or_first(c)
        pf.run()
        saved = load_text(storage[STORAGE_KEY])
        assert saved.record.moves == c.mode.moves and saved.opponent == "trader" and saved.human_seat == 0
    moves = list(c.mode.moves)
    # reload: the same address, and the bare address, both resume
    for link in (BASE + "?opponent=trader&seed=3", BASE):
        c2, pf2 = open_page(link, FakePlatform(storage))
        assert c2.screen == "table" and c2.mode.moves == moves and c2.position == c.position
        assert c2.mode.opponent == "trader"
        assert [n.attrs["data-code"] for n in walk(attr_nodes(c2, pf2, "data-notices")[0]) if "data-code" in n.attrs] \
            == ["save.resumed"]
        assert [e.get("move") for e in c2.mode.log if e.get("move")] == moves
    # another seed or opponent in the address: a new game instead
    c3, _ = open_page(BASE + "?opponent=trader&seed=4", FakePlatform(dict(storage)))
    assert c3.mode.history[0] == new_match(4) and len(c3.mode.moves) <= 1
    c4, _ = open_page(BASE + "?opponent=novice", FakePlatform(dict(storage)))
    assert c4.mode.moves == [] and c4.mode.opponent == "novice"


@pytest.mark.parametrize("text,code", [
    ("{not json", "save.json"), ('{"format": "jaipur-save/9"}', "save.version"), ("[1, 2]", "save.format"),
    ('{"format": "jaipur-save/1", "opponent": "trader", "record": {"seed": 1, "moves": ["S9D"]}}', "save.record"),
    ('{"format": "jaipur-save/1", "opponent": "wizard", "record": {"seed": 1}}', "save.opponent"),
])
def test_a_corrupt_save_gives_a_message_and_a_fresh_game(text: str, code: str) -> None:
    storage = {STORAGE_KEY: text}
    c, pf = open_page(BASE, FakePlatform(storage))
    assert c.screen == "table" and c.mode.moves == [] and c.position is not None
    notices = attr_nodes(c, pf, "data-notices")[0]
    assert [n.attrs["data-code"] for n in walk(notices) if "data-code" in n.attrs] == [code]
    assert "new game" in text_of(notices) or "cannot be resumed" in text_of(notices)
    assert pf.errors == [] and load_text(storage[STORAGE_KEY]).record.moves == []    # replaced by the fresh game
    c.on_event({"action": "switch-lang", "value": "fa"})
    assert all(ord(ch) < 0x2000 or "\u0600" <= ch <= "\u06ff" or ch in "«»…‌" for ch in text_of(notices))


def test_a_finished_saved_match_is_not_resumed() -> None:
    rec = full_match(mode="single-round")
    storage = {STORAGE_KEY: save_text(rec, {"opponent": "trader"})}
    c, _ = open_page(BASE, FakePlatform(storage))
    assert c.screen == "start"


def test_embed_never_reads_or_writes_the_saved_game() -> None:
    original = save_text(Record(seed=3, moves=["TM"]), {"opponent": "trader"})
    storage = {STORAGE_KEY: original}
    c, pf = open_page(BASE + "?embed=1&opponent=trader&seed=3", FakePlatform(storage))
    assert c.mode.moves == []
    play_camels_or_first(c)
    pf.run()
    assert storage == {STORAGE_KEY: original}


def test_storage_refused_is_said_once_and_the_game_goes_on() -> None:
    c, pf = open_page(BASE + "?opponent=trader&seed=3", FakePlatform(can_store=False))
    play_camels_or_first(c)
    pf.run()
    codes = [n.code for n in c.notices]
    assert codes.count("save.unavailable") == 1 and len(c.mode.moves) == 2


def test_saved_position_game_resumes_from_the_same_position_link() -> None:
    storage: dict[str, str] = {}
    link = make_link(BASE, SALE, opponent="trader")
    c, pf = open_page(link, FakePlatform(storage))
    select(c, "hand", *hand_indexes(c, "L"))
    click(c, "sell")
    pf.run()
    c2, _ = open_page(link, FakePlatform(storage))
    assert c2.kind == "position" and c2.mode.moves == c.mode.moves


# ====================================================================== undo


def test_undo_goes_back_to_the_previous_decision() -> None:
    storage: dict[str, str] = {}
    c, pf = open_page(BASE + "?opponent=trader&seed=3", FakePlatform(storage))
    assert "disabled" in find(pf.node, data_action="undo")[0].attrs
    start = c.position
    play_camels_or_first(c)
    pf.run()
    assert len(c.mode.moves) == 2 and "disabled" not in find(pf.node, data_action="undo")[0].attrs
    click(c, "undo")
    # the same table as the player saw it; the deck and the computer's hand are dealt afresh (test_undo.py)
    assert c.mode.moves == [] and view(c.position, 0) == view(start, 0) and find(pf.node, data_turn="you")
    saved = load_text(storage[STORAGE_KEY])
    assert isinstance(saved, SavedGame) and saved.record.moves == [] and saved.record.start == c.position
    assert [e for e in c.mode.log if e.get("move")] == []


def test_undo_cancels_a_pending_computer_think() -> None:
    c, pf = open_page(BASE + "?opponent=trader&seed=3")
    play_camels_or_first(c)                  # the computer's think is spawned, not yet run
    assert c.mode.thinking and len(pf.tasks) == 1
    click(c, "undo")
    assert not c.mode.thinking and c.mode.moves == []
    pf.run()                                 # the stale think wakes up and must not play
    assert c.mode.moves == [] and view(c.position, 0) == view(new_match(3), 0) and find(pf.node, data_turn="you")


def test_undo_is_not_offered_across_a_round_end_or_against_a_person() -> None:
    c, pf = open_page(BASE + "?opponent=human&seed=3")
    c.on_event({"action": "ready"})
    assert not find(pf.node, data_action="undo") and not c.mode.can_undo()
    rec = full_match()
    positions = replay(rec)
    end = next(i for i, p in enumerate(positions) if p.round_over)
    storage = {STORAGE_KEY: save_text(Record(seed=rec.seed, moves=rec.moves[:end]), {"opponent": "trader"})}
    c2, pf2 = open_page(BASE, FakePlatform(storage))
    assert c2.dialog == "round" and not c2.mode.can_undo()


# ====================================================================== export, import, share


def test_export_downloads_a_record_file_that_replays_the_game() -> None:
    c, pf = open_page(BASE + "?opponent=trader&seed=3")
    play_camels_or_first(c)
    pf.run()
    click(c, "game")
    assert find(pf.node, data_dialog="game")
    click(c, "export")
    name, text = pf.downloads[-1]
    assert name.endswith(".json") and json.loads(text)["moves"] == c.mode.moves
    assert replay(Record(**{k: v for k, v in json.loads(text).items() if k in ("seed", "moves")}))[-1] == c.position


def test_import_by_file_or_paste_opens_the_replay_viewer_and_a_bad_one_is_explained() -> None:
    c, pf = open_page(BASE + "?opponent=trader&seed=3")
    click(c, "game")
    click(c, "import")
    assert find(pf.node, data_dialog="import")
    click(c, "import-paste", text="hello")
    problem = attr_nodes(c, pf, "data-import-problem")[0]
    assert problem.attrs["data-import-problem"] == "import.format" and c.kind == "game"
    c.on_event({"type": "file", "action": "import", "text": "", "size": -1})
    assert attr_nodes(c, pf, "data-import-problem")[0].attrs["data-import-problem"] == "import.size"
    rec = full_match()
    c.on_event({"type": "file", "action": "import", "text": json.dumps(record_to_json(rec)), "size": 100})
    assert c.kind == "replay" and c.dialog is None and c.mode.replayer.record.moves == rec.moves
    c2, _ = open_page(BASE + "?opponent=trader&seed=3")
    click(c2, "import")
    click(c2, "import-paste", text=make_link(BASE, record=rec))
    assert c2.kind == "replay"


def test_share_link_replays_the_game_and_is_copied() -> None:
    c, pf = open_page(BASE + "?opponent=trader&seed=3")
    play_camels_or_first(c)
    pf.run()
    click(c, "share")
    link = find(pf.node, data_share_link="")[0].attrs["value"]
    req = read_address("?" + link.partition("?")[2].partition("#")[0], "#" + link.partition("#")[2])
    assert req.kind == "replay" and req.record.moves == c.mode.moves and req.problems == []
    click(c, "copy-link")
    pf.run()
    assert pf.copied == [link] and attr_nodes(c, pf, "data-copied")[0].attrs["data-copied"] == "true"
    c2, pf2 = open_page(BASE + "?opponent=trader&seed=3", FakePlatform(can_copy=False))
    click(c2, "share")
    click(c2, "copy-link")
    pf2.run()
    assert "select it" in text_of(attr_nodes(c2, pf2, "data-copied")[0])
    c.on_event({"type": "key", "key": "Escape"})
    assert c.dialog is None


# ====================================================================== the host page


def test_ready_and_move_events_carry_only_public_information() -> None:
    c, pf = open_page(BASE + "?embed=1&opponent=trader&seed=3&host=https://blog.example")
    ready = pf.events("ready")
    assert len(ready) == 1 and ready[0]["view"] == "game"
    assert pf.posted[0][1] == ["http://127.0.0.1:8000", "https://blog.example"]
    p = new_match(3)
    hidden = [p.deck[:8], letters_of(p.hands[1])]
    for _ in range(12):
        if c.dialog is not None:
            break
        play_camels_or_first(c)
        pf.run()
    text = json.dumps([m for m, _ in pf.posted])
    for secret in hidden:
        assert secret not in text
    moves = pf.events("move")
    assert [m["move"] for m in moves] == c.mode.moves and all(set(m) == {"source", "version", "type", "move", "seat",
                                                                     "round", "ply", "status"} for m in moves)


def test_round_over_event_after_the_last_move_of_a_round() -> None:
    rec = full_match(mode="single-round")
    storage = {STORAGE_KEY: save_text(Record(seed=rec.seed, mode="single-round", moves=rec.moves[:-1]),
                                      {"opponent": "human"})}
    c, pf = open_page(BASE + "?host=*", FakePlatform(storage))
    c.on_event({"action": "ready"})
    c.play(rec.moves[-1])
    assert [m["type"] for m in pf.events()][-2:] == ["move", "match-over"]
    assert pf.posted[-1][1] == ["*"]


def test_host_commands_load_position_puzzle_record_and_reset() -> None:
    c, pf = open_page(BASE + "?embed=1&interactive=0" + "#position=" + make_link(BASE, SALE).partition("=")[2])
    own = "http://127.0.0.1:8000"
    c.on_event({"type": "message", "origin": own,
                "data": {"target": "jaipur", "type": "load-position", "position": PUZZLE, "caption": "Hello"}})
    assert c.kind == "still" and c.position == position_from_json(PUZZLE) and c.mode.caption == "Hello"
    c.on_event({"type": "message", "origin": own,
                "data": {"target": "jaipur", "type": "load-position", "position": PUZZLE, "solution": ["S4L"]}})
    assert c.kind == "puzzle"
    rec = full_match()
    c.on_event({"type": "message", "origin": own,
                "data": {"target": "jaipur", "type": "load-record", "record": record_to_json(rec), "seat": 1}})
    assert c.kind == "replay" and c.mode.replayer.seen_from == 1
    c.on_event({"type": "message", "origin": own, "data": {"target": "jaipur", "type": "reset"}})
    assert c.kind == "still" and c.position == position_from_json(SALE)
    # refused: a bad command from an allowed origin is answered; another origin is only logged
    c.on_event({"type": "message", "origin": own, "data": {"target": "jaipur", "type": "explode", "id": 7}})
    assert pf.events("error")[-1]["code"] == "host.type" and pf.events("error")[-1]["id"] == 7
    before = len(pf.posted)
    c.on_event({"type": "message", "origin": "https://evil.example",
                "data": {"target": "jaipur", "type": "load-position", "position": PUZZLE}})
    assert len(pf.posted) == before and c.position == position_from_json(SALE) and pf.warnings
    c.on_event({"type": "message", "origin": own, "data": "not for us"})
    assert c.kind == "still" and pf.errors == []


def test_resize_events_only_when_embedded() -> None:
    c, pf = open_page(BASE + "?embed=1&seed=3")
    draws = pf.draws
    c.on_event({"type": "resize", "height": 812.4})
    assert pf.events("resize")[-1]["height"] == 813 and pf.draws == draws
    c2, pf2 = open_page(BASE + "?seed=3")
    c2.on_event({"type": "resize", "height": 500})
    assert pf2.events("resize") == []


# ====================================================================== language


def test_new_strings_and_problem_codes_read_in_persian() -> None:
    from jaipur.web.links import address
    from jaipur.web.store import saved
    from jaipur.web.teach import puzzle

    fa, en = strings("fa"), strings("en")
    for module in (address, puzzle, host, saved):
        for code in module.PROBLEMS:
            text = fa.t(code, value="x", detail="y", n=3, used="a", dropped="b")
            assert text == catalogue("fa")[code].format(value="x", detail="y", n="۳", used="a", dropped="b"), code
            assert text != en.t(code, value="x", detail="y", n=3, used="a", dropped="b"), code
    c, pf = open_page(make_link(BASE, record=full_match(), lang="fa"))
    text = text_of(pf.node)
    assert "بازپخش" in text and "حرکت ۰ از" in text and "Replay" not in text
