"""The position editor as a page mode (modes/editor.py) through the controller: built by clicks, refused with the
engine's sentence, written out as a link, an <iframe> or a puzzle that opens exactly that position, the puzzle's
solution played on the table and judged by the verifier, and "Open in editor" never carrying hidden cards."""

from __future__ import annotations

import json
import subprocess
import sys
from urllib.parse import urlsplit

import pytest

from jaipur import JaipurError, Position, apply, legal_moves, position_from_json, position_to_json, view
from jaipur.lang.strings import strings
from jaipur.study.puzzlebook import judge, load
from jaipur.web.app import Controller
from jaipur.web.draw.render import find, text_of
from jaipur.web.links.address import read_address
from jaipur.web.modes import MatchMode
from jaipur.web.modes.editor import EditorMode
from jaipur.web.modes.replay import ReplayMode
from jaipur.web.teach.editor import draft_data

from .fakes import FakeBots, FakePlatform


def booted(query: str, hash_text: str = "") -> tuple[Controller, FakePlatform]:
    pf = FakePlatform()
    c = Controller(pf, read_address(query, hash_text), FakeBots(), min_think=0)
    c.boot()
    pf.run()
    return c, pf


def click(c: Controller, pf: FakePlatform, action: str, value: str = "") -> None:
    c.on_event({"type": "click", "action": action, "value": value})
    pf.run()


def build(c: Controller, pf: FakePlatform) -> None:
    """An empty table, then MMMDG in the market, LLL and a camel for player 1, a cloth for player 2."""
    click(c, pf, "editor-clear")
    for letter in "MMMDG":
        click(c, pf, "editor-add", letter)
    click(c, pf, "editor-zone", "hand0")
    for letter in "LLLM":
        click(c, pf, "editor-add", letter)
    click(c, pf, "editor-zone", "hand1")
    click(c, pf, "editor-add", "C")


def editor_of(c: Controller) -> EditorMode:
    assert isinstance(c.mode, EditorMode)
    return c.mode


def check_text(pf: FakePlatform) -> tuple[str, str]:
    assert pf.node is not None
    (node,) = [n for n in find(pf.node) if "data-editor-check" in n.attrs]
    return node.attrs["data-editor-check"], text_of(node)


TABLE = ("mode", "market", "hands", "herds", "goods", "bonus", "taken", "discard", "to_move", "round", "seals")


def same_table(p: Position | None, q: Position | None) -> bool:
    """The same position but for the deck's order (the editor deals the cards placed nowhere by its seed)."""
    assert p is not None and q is not None
    a, b = position_to_json(p), position_to_json(q)
    return all(a[k] == b[k] for k in TABLE) and len(p.deck) == len(q.deck)


def seen(p: Position, seat: int) -> dict[str, object]:
    """What a seat sees, but for the public memory of the cards taken (`known`), which the editor starts empty."""
    return {k: v for k, v in view(p, seat).items() if k != "known"}


def opened(link: str) -> Controller:
    parts = urlsplit(link)
    c, _ = booted("?" + parts.query, "#" + parts.fragment)
    return c


def test_the_address_and_the_start_screen_open_the_editor() -> None:
    c, pf = booted("?edit=1")
    assert editor_of(c).screen == "editor" and c.kind == "editor"
    assert check_text(pf)[0] == "ok"           # a fresh deal: a valid position to start from
    assert pf.events("ready")[-1]["view"] == "editor"
    c, pf = booted("")
    assert c.screen == "start"
    assert pf.node is not None and find(pf.node, data_action="edit")
    click(c, pf, "edit")
    assert editor_of(c).screen == "editor"
    assert read_address("?edit=2").problems[0].code == "param.edit"


def test_clicks_build_a_position_and_the_link_opens_exactly_it() -> None:
    c, pf = booted("?edit=1")
    build(c, pf)
    assert check_text(pf) == ("ok", "The engine accepts this position.")
    d = editor_of(c).draft
    assert draft_data(d)["market"] == "MMMDG" and draft_data(d)["hands"] == ["LLL", "C"] and d.herds == (1, 0)
    click(c, pf, "editor-copy", "link")
    link = pf.copied[-1]
    assert "#position=" in link and "embed=" not in link
    shown = opened(link)
    assert isinstance(shown.mode, MatchMode)
    assert shown.position == position_from_json(draft_data(d))
    assert position_to_json(shown.position)["deck"] == position_to_json(position_from_json(draft_data(d)))["deck"]


def test_an_invalid_position_is_refused_with_the_engines_sentence_and_never_written_out() -> None:
    c, pf = booted("?edit=1")
    build(c, pf)
    click(c, pf, "editor-add", "D")            # into the second hand: fine
    click(c, pf, "editor-zone", "market")
    click(c, pf, "editor-add", "S")            # a sixth market card
    data = draft_data(editor_of(c).draft)
    with pytest.raises(JaipurError) as exc:
        position_from_json(data)
    state, text = check_text(pf)
    assert state == "bad" and text == exc.value.message == "The market holds 6 cards; it holds 5 (R10)."
    assert pf.node is not None
    for what in ("link", "embed"):
        (button,) = find(pf.node, data_action="editor-copy", data_value=what)
        assert "disabled" in button.attrs
        click(c, pf, "editor-copy", what)      # pressed anyway (a stale click): nothing is written out
    assert pf.copied == [] and editor_of(c).output is None
    c.on_event({"action": "switch-lang", "value": "fa"})
    state, text = check_text(pf)
    assert state == "bad" and exc.value.message in text and text.startswith("موتور بازی")
    click(c, pf, "editor-remove", "market:5")
    assert check_text(pf)[0] == "ok"


def test_the_iframe_snippet_escapes_its_ampersands_and_opens_the_still_picture() -> None:
    c, pf = booted("?edit=1&lang=fa")
    build(c, pf)
    click(c, pf, "editor-still")
    click(c, pf, "editor-copy", "embed")
    snippet = pf.copied[-1]
    assert snippet.startswith('<iframe src="') and "height: 744px" in snippet
    src = snippet.split('src="', 1)[1].split('"', 1)[0]
    assert "&amp;" in src and "&" not in src.replace("&amp;", "")
    shown = opened(src.replace("&amp;", "&"))
    assert shown.embed and shown.kind == "still" and shown.lang == "fa"
    assert shown.position == position_from_json(draft_data(editor_of(c).draft))
    assert pf.node is not None and find(pf.node, data_editor_output="embed")
    assert find(pf.node, data_copied="true")


def test_piles_turn_round_and_seals_are_set_by_buttons_and_checked() -> None:
    c, pf = booted("?edit=1")
    build(c, pf)
    for _ in range(3):
        click(c, pf, "editor-goods", "D:-1")
    click(c, pf, "editor-bonus", "5:-1")
    click(c, pf, "editor-turn", "1")
    click(c, pf, "editor-round", "2")
    click(c, pf, "editor-herd", "1:1")
    p = position_from_json(draft_data(editor_of(c).draft))
    assert p.goods[0] == (5, 5) and len(p.bonus[2]) == 4 and p.to_move == 1 and p.round == 2 and p.herds == (1, 1)
    click(c, pf, "editor-seal", "0")
    click(c, pf, "editor-seal", "1")           # two seals before round 2: the engine refuses
    state, text = check_text(pf)
    assert state == "bad" and "seal" in text
    click(c, pf, "editor-seal", "1")
    assert check_text(pf)[0] == "ok"
    assert position_from_json(draft_data(editor_of(c).draft)).seals == (1, 0)


def test_a_puzzle_solution_is_played_on_the_table_and_judged() -> None:
    entry = next(e for e in load() if e.level == 1)
    c, pf = booted("?edit=1", "#position=" + json.dumps(position_to_json(entry.position)))
    mode = editor_of(c)
    assert same_table(mode.position, entry.position)
    click(c, pf, "editor-solve")
    assert c.screen == "table" and c.can_move()
    assert pf.node is not None and find(pf.node, data_editor_solving="")
    c.play(entry.solution)
    pf.run()
    assert c.screen == "editor" and mode.solution == entry.solution and not mode.judging
    v = mode.verdict
    assert v is not None and v.sure and v.accepted
    assert pf.node is not None
    (said,) = find(pf.node, data_editor_verdict="accepted")
    assert strings("en").move(entry.solution) in text_of(said) and entry.solution not in text_of(said)   # words
    click(c, pf, "editor-copy", "puzzle")
    shown = opened(pf.copied[-1])
    assert shown.kind == "puzzle" and shown.position == mode.position and same_table(shown.position, entry.position)
    click(c, pf, "editor-copy", "puzzle-embed")
    assert "#puzzle=" in pf.copied[-1] and "embed=1" in pf.copied[-1]


def test_a_move_as_good_as_the_solution_is_named() -> None:
    entry = next(e for e in load() if e.level == 1)
    other = next(m for m in legal_moves(entry.position) if m != entry.solution)
    v = judge(entry.position, other, 8, 0)
    assert not v.accepted and entry.solution in v.as_good
    c, pf = booted("?edit=1", "#position=" + json.dumps(position_to_json(entry.position)))
    click(c, pf, "editor-solve")
    c.play(other)
    pf.run()
    assert pf.node is not None
    (said,) = find(pf.node, data_editor_verdict="as-good")
    assert entry.solution in said.attrs["data-as-good"]


def test_an_edit_drops_the_solution_and_leaving_stops_the_judgement() -> None:
    entry = load()[0]
    c, pf = booted("?edit=1", "#position=" + json.dumps(position_to_json(entry.position)))
    mode = editor_of(c)
    click(c, pf, "editor-solve")
    c.play(entry.solution)                     # the verifier's work waits in the fake platform's tasks
    assert mode.judging and mode.solution == entry.solution
    click(c, pf, "editor-turn", str(1 - entry.position.to_move))
    assert mode.solution is None and mode.verdict is None and not mode.judging


def test_open_in_editor_from_a_match_never_carries_the_hidden_cards() -> None:
    c, pf = booted("?opponent=trader&seed=5")
    match = c.mode
    assert isinstance(match, MatchMode)
    for _ in range(6):
        if c.can_move():
            c.play(legal_moves(match.position)[0])
        pf.run()
    p = match.position
    before = seen(p, match.human_seat)
    click(c, pf, "open-editor")
    mode = editor_of(c)
    assert mode.notice is not None and mode.notice.code == "editor.dealt"
    q = mode.position
    assert q is not None
    assert seen(q, match.human_seat) == before   # what the player saw, exactly
    assert q.deck != p.deck                     # the hidden parts dealt afresh
    assert pf.node is not None and find(pf.node, data_editor_notice="editor.dealt")


def test_open_in_editor_from_a_replay_step_is_that_step() -> None:
    c, pf = booted("?opponent=trader&seed=9")
    match = c.mode
    assert isinstance(match, MatchMode)
    for _ in range(4):
        if c.can_move():
            c.play(legal_moves(match.position)[0])
        pf.run()
    c.open_record(match.shareable(), 0)
    replay = c.mode
    assert isinstance(replay, ReplayMode)
    replay.act("replay-forward", "")
    replay.act("replay-forward", "")
    step = replay.position
    click(c, pf, "open-editor")
    q = editor_of(c).position
    assert q is not None
    assert same_table(q, step)


def test_the_command_line_judges_a_puzzle_and_writes_its_link(tmp_path: object) -> None:
    entry = load()[0]
    path = f"{tmp_path}/p.json"
    with open(path, "w", encoding="utf-8") as f:
        json.dump(position_to_json(entry.position), f)
    run = subprocess.run([sys.executable, "-m", "jaipur.puzzlebook", "check", "--position", path, "--solution",
                          entry.solution, "--seed", str(entry.seed), "--link", "index.html"], capture_output=True, text=True)
    out = json.loads(run.stdout)
    assert run.returncode == 0 and out["accepted"] and out["sure"] and out["link"].startswith("index.html#puzzle=")
    assert (out["rival"], out["rival_rate"]) == (entry.rival, entry.rival_rate)   # the collection's own check
    assert read_address("", "#" + out["link"].split("#", 1)[1]).puzzle is not None
    bad = subprocess.run([sys.executable, "-m", "jaipur.puzzlebook", "check", "--position", path, "--solution",
                          "S9D"], capture_output=True, text=True)
    assert bad.returncode == 2 and "error" in json.loads(bad.stdout)
    assert apply(entry.position, entry.solution).round_over


def test_open_in_editor_from_a_puzzle_keeps_what_the_solver_sees() -> None:
    entry = load()[3]
    c, pf = booted(f"?puzzle={entry.id}")
    assert c.kind == "puzzle" and pf.node is not None and find(pf.node, data_action="open-editor")
    click(c, pf, "open-editor")
    q = editor_of(c).position
    assert q is not None
    seat = entry.position.to_move
    assert seen(q, seat) == seen(entry.position, seat)
    c, pf = booted(f"?embed=1&puzzle={entry.id}")
    assert pf.node is not None and not find(pf.node, data_action="open-editor")   # not in an embedded page


def test_while_the_solution_is_played_only_back_counts() -> None:
    c, pf = booted("?edit=1")
    mode = editor_of(c)
    draft = mode.draft
    click(c, pf, "editor-solve")
    assert c.screen == "table"
    click(c, pf, "editor-clear")               # a stale click from the editor's screen
    assert mode.draft == draft and c.screen == "table" and c.error is None
    click(c, pf, "editor-back")
    assert c.screen == "editor" and mode.solution is None


def test_a_scripted_edit_link_opens_the_editor_at_its_puzzle() -> None:
    entry = load()[0]
    run = subprocess.run([sys.executable, "-m", "jaipur.web.links", "--position", "-", "--solution", entry.solution,
                          "--edit"], input=json.dumps(position_to_json(entry.position)), capture_output=True, text=True)
    link = run.stdout.strip()
    assert run.returncode == 0 and link.startswith("index.html?edit=1#puzzle=")
    c = opened(link)
    mode = editor_of(c)
    assert same_table(mode.position, entry.position) and mode.solution == entry.solution
    c.platform.run()  # type: ignore[attr-defined]
    assert mode.verdict is not None and mode.verdict.accepted
