"""Motion in CPython: the flights of each kind of move from both seats (motion.py), checked against the
trees render.py draws before and after the move, the hidden-card rule (nothing leaves the opponent's hand
or the deck face up), and when the controller hands flights to the platform (moves just played only)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from jaipur import Position, Record, apply, legal_moves, new_match, position_from_json, view
from jaipur.rng import Rng
from jaipur.web.app import Controller
from jaipur.web.draw.motion import BACK, TOKEN, Flight, flights
from jaipur.web.draw.render import TEXT, Node, find, render
from jaipur.web.links import make_link

from .fakes import FakeBots, FakePlatform, table_at
from .test_app import BASE, click, open_page, select

# ---------------------------------------------------------------- the selectors, read in CPython

_COMPOUND = re.compile(r'\.([\w-]+)|\[([\w-]+)="?([^"\]]*)"?\]')


def _parts(compound: str) -> tuple[list[str], dict[str, str]]:
    classes, attrs = [], {}
    for cls, name, value in _COMPOUND.findall(compound):
        if cls:
            classes.append(cls)
        else:
            attrs[name] = value
    return classes, attrs


def _matches(node: Node, part: tuple[list[str], dict[str, str]]) -> bool:
    classes, attrs = part
    have = node.attrs.get("class", "").split()
    return all(c in have for c in classes) and all(node.attrs.get(k) == v for k, v in attrs.items())


def select_all(root: Node, selector: str) -> list[Node]:
    """querySelectorAll for the selectors motion.py writes (descendant combinators, classes, [attr=value])."""
    parts = [_parts(c) for c in selector.split()]
    out: list[Node] = []

    def chain(ancestors: list[Node], wanted: list[Any]) -> bool:
        k = len(wanted) - 1
        for node in reversed(ancestors):
            if k < 0:
                break
            if _matches(node, wanted[k]):
                k -= 1
        return k < 0

    def visit(node: Node, ancestors: list[Node]) -> None:
        if node.tag == TEXT:
            return
        if _matches(node, parts[-1]) and chain(ancestors, parts[:-1]):
            out.append(node)
        for child in node.children:
            visit(child, [*ancestors, node])

    visit(root, [])
    return out


def tree(c: Controller, p: Position, seat: int) -> Node:
    """The page as the controller draws it at position p for the seat in front of the screen."""
    c.mode = table_at(c, p, seat, "human", "position")
    return render(c.state(), c.strings)


def table_controller() -> Controller:
    return Controller(FakePlatform(), bots=FakeBots(), min_think=0)


def check(c: Controller, p: Position, move: str, seat: int) -> list[Flight]:
    """The flights of `move` seen from `seat`, each checked against the trees drawn before and after it."""
    after = apply(p, move)
    before_tree, after_tree = tree(c, p, seat), tree(c, after, seat)
    out = flights(view(p, seat), move, view(after, seat))
    for f in out:
        sources, targets = select_all(before_tree, f.source), select_all(after_tree, f.target)
        assert f.source_nth < len(sources), (move, f)
        assert f.target_nth < len(targets), (move, f)
        src, dst = sources[f.source_nth], targets[f.target_nth]
        if "opponent-hand" in f.source or "deck" in f.source:
            assert f.face == BACK, (move, f)               # the hidden-card rule
        if f.face == TOKEN:
            assert "token" in src.attrs["class"].split() and "token" in dst.attrs["class"].split()
            assert src.attrs.get("data-good") == dst.attrs.get("data-good")
        elif f.face != BACK:
            assert src.attrs.get("data-card", f.face) == f.face, (move, f)   # the opponent's herd is an icon
            assert dst.attrs.get("data-card", f.face) == f.face, (move, f)
            assert f.face in "DGSCPLM"
    return out


def travel(fs: list[Flight]) -> list[tuple[str, str, str]]:
    """The flights that change rows, shortly: (source zone, target zone, face)."""
    def zone(sel: str) -> str:
        return sel.split("]")[0].split("=")[1]
    return [(zone(f.source), zone(f.target), f.face) for f in fs if not f.slide]


POSITION = {"market": "MMGCS", "hands": ["LLLLDG", "CSPP"], "herds": [2, 2], "to_move": 0, "seed": 12,
            "deck": "PDLMCCG"}


@pytest.fixture
def c() -> Controller:
    return table_controller()


# ---------------------------------------------------------------- each kind of move, both seats


@pytest.mark.parametrize("seat", [0, 1])
def test_take_one_good_flies_to_the_hand_and_the_deck_refills_face_down(c: Controller, seat: int) -> None:
    p = position_from_json(POSITION)
    fs = check(c, p, "TG", seat)
    hand = "hand" if seat == 0 else "opponent-hand"
    assert travel(fs) == [("market", hand, "G"), ("deck", "market", BACK)]   # visible in the market: its face flies
    took = fs[0]
    assert took.source_nth == view(p, seat)["market"].index("G")
    if seat == 1:   # the opponent's new card is the last back of its fan
        assert took.target_nth == view(apply(p, "TG"), 1)["opponent_hand_size"] - 1


@pytest.mark.parametrize("seat", [0, 1])
def test_camels_fly_to_the_herd(c: Controller, seat: int) -> None:
    p = position_from_json(POSITION)
    fs = check(c, p, "TM", seat)
    herd = "herd" if seat == 0 else "opponent-herd"
    assert travel(fs) == [("market", herd, "M")] * 2 + [("deck", "market", BACK)] * 2
    if seat == 0:
        assert [f.target_nth for f in fs[:2]] == [2, 3] and all(f.hide for f in fs[:2])
    else:   # the opponent's herd is one icon that was there already: it is not hidden
        assert {f.target_nth for f in fs[:2]} == {0} and not any(f.hide for f in fs[:2])


@pytest.mark.parametrize("seat", [0, 1])
def test_exchange_swaps_hand_and_herd_cards_with_the_market(c: Controller, seat: int) -> None:
    p = position_from_json(POSITION)
    move = "XSC-LM"
    assert move in legal_moves(p)
    fs = check(c, p, move, seat)
    if seat == 0:
        assert travel(fs) == [("market", "hand", "S"), ("market", "hand", "C"),
                              ("hand", "market", "L"), ("herd", "market", "M")]
    else:
        assert travel(fs) == [("market", "opponent-hand", "S"), ("market", "opponent-hand", "C"),
                              ("opponent-hand", "market", BACK), ("opponent-herd", "market", "M")]
    assert not any(f.source == "[data-zone=deck] .card" for f in fs)   # an exchange draws nothing


@pytest.mark.parametrize("seat", [0, 1])
def test_a_sale_sends_cards_to_the_discard_and_tokens_to_the_seller(c: Controller, seat: int) -> None:
    p = position_from_json(POSITION)
    fs = check(c, p, "S4L", seat)
    hand, tokens = ("hand", "tokens") if seat == 0 else ("opponent-hand", "opponent-tokens")
    face = "L" if seat == 0 else BACK
    assert travel(fs) == [(hand, "discard", face)] * 4 + [("goods", tokens, TOKEN)] * 4 + [("bonus", tokens, TOKEN)]
    assert [f.source_nth for f in fs[4:8]] == [0, 1, 2, 3]          # the top of the pile first
    assert [f.target_nth for f in fs[4:8]] == [0, 1, 2, 3]
    assert fs[8].source == '[data-zone=bonus] .bonus-pile[data-size="4"] .token'
    assert not any(f.hide for f in fs[:4])                          # the discard pile: no card of its own


def test_a_second_sale_lands_after_the_tokens_already_held(c: Controller) -> None:
    p = apply(apply(position_from_json(POSITION), "S2L"), "S1P")
    fs = check(c, p, "S2L", 0)
    assert [f.target_nth for f in fs if f.face == TOKEN] == [2, 3]


def test_the_chosen_cards_fly_from_where_they_were_picked(c: Controller) -> None:
    p = position_from_json({**POSITION, "hands": ["LLLDG", "CSPP"], "to_move": 0})
    after = apply(p, "S2L")
    fs = flights(view(p, 0), "S2L", view(after, 0), {"hand:3", "hand:4"})
    assert view(p, 0)["hand"] == "DGLLL"
    assert [f.source_nth for f in fs if f.face == "L" and not f.slide] == [3, 4]
    assert [f for f in fs if f.slide] == []                         # D, G and the first L stay where they were


def test_cards_that_stay_slide_to_their_new_places(c: Controller) -> None:
    p = position_from_json(POSITION)
    fs = check(c, p, "TG", 0)
    slides = [(f.source_nth, f.target_nth, f.face) for f in fs if f.slide and "market" in f.source]
    market_after = view(apply(p, "TG"), 0)["market"]
    for i, j, face in slides:
        assert view(p, 0)["market"][i] == face == market_after[j] and i != j


def test_a_revealed_replay_shows_the_opponents_cards_flying() -> None:
    p = position_from_json(POSITION)
    after = apply(p, "S2L")
    before_v, after_v = view(p, 1), view(after, 1)
    for v, q in ((before_v, p), (after_v, after)):
        v.update(revealed=True, opponent_hand=view(q, 0)["hand"])   # the replay viewer's "all"
    fs = flights(before_v, "S2L", after_v)
    assert [(f.source_nth, f.face) for f in fs if "opponent-hand" in f.source and not f.slide] == [(2, "L"), (3, "L")]
    assert [(f.source_nth, f.target_nth) for f in fs if f.slide] == [(4, 2), (5, 3)]


# ---------------------------------------------------------------- the hidden-card rule over whole rounds


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_move_of_a_round_from_both_seats(c: Controller, seed: int) -> None:
    """Random rounds: every flight's selectors hit the drawn trees, nothing hidden flies face up."""
    p = new_match(seed)
    rng = Rng(seed)
    kinds: set[str] = set()
    while p.status == "playing":
        legal = legal_moves(p)
        move = rng.choice(legal)
        for seat in (0, 1):
            assert check(c, p, move, seat), move            # every move moves something
        kinds.add(move[0] + ("M" if move == "TM" else ""))
        p = apply(p, move)
    assert {"T", "TM", "X", "S"} <= kinds


# ---------------------------------------------------------------- when the controller flies


class RecordingPlatform(FakePlatform):
    """A fake platform that keeps every draw: (tree, flights)."""

    def __init__(self) -> None:
        super().__init__()
        self.drawn: list[tuple[Node, list[Flight]]] = []

    def draw(self, node: Node, lang: str, direction: str, flights: Any = ()) -> None:
        super().draw(node, lang, direction, flights)
        self.drawn.append((node, list(flights)))


def test_your_move_and_the_computers_reply_fly_once_each() -> None:
    c, pf = open_page(BASE + "?opponent=novice&seed=3")
    assert pf.flown == []                                   # the board's first drawing: nothing moves
    click(c, "camels")
    assert travel(pf.flights)[0] == ("market", "herd", "M")
    pf.run()                                                # the computer thinks (a redraw), then moves
    assert len(pf.flown) == 2 and pf.flights
    assert any("opponent" in f.source or "opponent" in f.target for f in pf.flights)
    select(c, "market", 0)
    assert pf.flights == []                                 # a selection moves nothing


def test_undo_and_a_new_game_move_nothing() -> None:
    c, pf = open_page(BASE + "?opponent=novice&seed=3")
    click(c, "camels")
    pf.run()
    click(c, "undo")
    assert c.mode.moves == [] and pf.flights == []
    click(c, "menu")
    assert pf.flights == []


def test_hot_seat_shows_the_others_move_after_the_pass_screen() -> None:
    pf = RecordingPlatform()
    c, _ = open_page(BASE + "?opponent=human&seed=3", pf)
    click(c, "ready")
    click(c, "camels")
    assert c.screen == "pass" and pf.drawn[-1][1] == []     # the pass screen: nothing to fly over
    n = len(pf.drawn)
    click(c, "ready")
    (first, none), (second, moving) = pf.drawn[n:]
    assert none == [] and find(first, data_zone="market")   # the table as it was, then the move flying
    assert travel(moving)[0] == ("market", "opponent-herd", "M")
    assert find(second, data_turn="you")
    click(c, "clear")
    assert pf.drawn[-1][1] == []


def test_replay_flies_a_step_forward_only() -> None:
    p = new_match(5)
    moves: list[str] = []
    for _ in range(6):
        moves.append(legal_moves(p)[0])
        p = apply(p, moves[-1])
    c, pf = open_page(make_link(BASE, record=Record(seed=5, mode="standard", players=["A", "B"], moves=moves)))
    click(c, "replay-forward")
    assert pf.flights and travel(pf.flights)
    click(c, "replay-back")
    assert pf.flights == []
    click(c, "replay-last")
    assert pf.flights == []
    click(c, "replay-first")
    click(c, "replay-seat", "all")
    click(c, "replay-forward")
    assert pf.flights


def test_views_from_different_seats_fly_nothing() -> None:
    p, move = _last_move_of_a_round(4)
    assert flights(view(p, 0), move, view(apply(p, move), 1)) == []


@pytest.mark.parametrize("seed", [4, 6, 9])
def test_the_move_that_ends_a_round_flies_too(c: Controller, seed: int) -> None:
    p, move = _last_move_of_a_round(seed)
    after = apply(p, move)
    assert after.round_over
    for seat in (0, 1):
        fs = check(c, p, move, seat)
        drawn = sum(1 for f in fs if f.source == "[data-zone=deck] .card")
        assert drawn <= len(p.deck)                      # an empty deck refills what it can


def _last_move_of_a_round(seed: int) -> tuple[Position, str]:
    p = new_match(seed)
    rng = Rng(seed)
    while True:
        move = rng.choice(legal_moves(p))
        after = apply(p, move)
        if after.round_over:
            return p, move
        p = after


def test_autoplay_flies_each_step() -> None:
    p = new_match(5)
    moves = []
    for _ in range(4):
        moves.append(legal_moves(p)[0])
        p = apply(p, moves[-1])
    c, pf = open_page(make_link(BASE, record=Record(seed=5, mode="standard", players=["A", "B"], moves=moves)))
    click(c, "replay-play")
    pf.step()          # the first sleep
    pf.step()          # a frame on
    assert c.mode.replayer is not None and c.mode.replayer.index == 1 and pf.flights


def test_a_solved_puzzle_flies_its_move_and_a_wrong_try_nothing() -> None:
    puzzle = {"market": "MMMDG", "hands": ["LLLL", "SC"], "herds": [1, 2], "seed": 5}
    c, pf = open_page(make_link(BASE, puzzle, solution="S4L", embed=True))
    select(c, "hand", 0, 1, 2)
    click(c, "sell")                           # legal, but not the answer: nothing moved
    assert pf.flights == []
    select(c, "hand", 0, 1, 2, 3)
    click(c, "sell")
    assert travel(pf.flights)[:4] == [("hand", "discard", "L")] * 4
    pf.run()                                   # the wrong try's explanation, dropped by the right one, ends
