"""Undo that reveals nothing new: against the computer, an undo deals afresh the deck, the computer's unseen
cards and the hidden bonus values from what the player cannot see (saved.redeal), so the same move played again
does not bring the same refill; the saved game, Share and the replay carry the new deal; the log and the rounds
played before it stay; such a match is practice, counted apart in the statistics (profile `practice`)."""

from __future__ import annotations

import json
import random

from jaipur import (
    Record,
    apply,
    legal_moves,
    new_match,
    next_round,
    position_from_json,
    record_from_json,
    record_to_json,
    replay,
    view,
)
from jaipur.cards import ORDER
from jaipur.web.app import Controller
from jaipur.web.draw.render import find, text_of
from jaipur.web.links.address import read_address
from jaipur.web.modes import MatchMode
from jaipur.web.modes.lesson import LessonMode
from jaipur.web.store.profile import PROFILE_KEY, Profile, Tally, load_profile, read_profile
from jaipur.web.store.saved import STORAGE_KEY, SavedGame, load_text, redeal, undo_point

from .fakes import FakeBots, FakePlatform

SEED = 3
"""new_match(3): the player (seat 0) moves first, the market holds leather and spice, the deck every kind."""


class ShufflingPlatform(FakePlatform):
    """A platform whose random seeds differ from call to call, as the page's do (os.urandom)."""

    def __init__(self, storage: dict[str, str] | None = None) -> None:
        super().__init__(storage)
        self.rng = random.Random(2024)

    def random_seed(self) -> int:
        return self.rng.getrandbits(32)


def open_page(link: str, pf: FakePlatform | None = None) -> tuple[Controller, FakePlatform]:
    """Boot a controller on a link's query and hash."""
    search, _, fragment = link.partition("#")
    pf = pf or ShufflingPlatform()
    c = Controller(pf, read_address(search, "#" + fragment if fragment else ""), FakeBots(), min_think=0)
    c.boot()
    pf.run()
    return c, pf


def refill(before: tuple[int, ...], taken: str, after: tuple[int, ...]) -> str:
    """The card that came into the market after `taken` was taken from `before`."""
    left = list(before)
    left[ORDER.index(taken)] -= 1
    return next(ORDER[i] for i in range(7) if after[i] > left[i])


def test_undo_and_the_same_take_twenty_times_does_not_always_bring_the_same_refill() -> None:
    c, pf = open_page(f"?opponent=trader&seed={SEED}")
    start = c.position
    assert start is not None and start.to_move == 0 and "TL" in legal_moves(start)
    assert len(set(start.deck)) >= 5                    # the deck holds several kinds
    seen = view(start, 0)
    refills = []
    for _ in range(21):
        assert isinstance(c.mode, MatchMode) and view(c.position, 0) == seen   # the player's table, unchanged
        before = c.position
        c.play("TL")
        pf.run()                                        # the computer answers
        after = c.mode.history[1]
        refills.append(refill(before.market, "L", after.market))
        c.on_event({"type": "click", "action": "undo"})
    print("refills after TL:", "".join(refills))
    assert len(set(refills)) > 1
    assert c.mode.undos == 21 and c.mode.practice


def test_the_new_deal_keeps_what_the_player_sees_and_what_both_remember() -> None:
    """The player's view is the same before and after; the computer's hand still holds what it was seen to
    take (public memory, `known`); the hidden parts are dealt by the seed given."""
    p = position_from_json({"market": "DGSMM", "hands": ["LLC", "PPS"], "herds": [1, 2], "known": ["", "PS"],
                            "to_move": 0, "seed": 4})
    rec = Record(seed=p.seed, start=p, moves=["TD", legal_moves(apply(p, "TD"))[0]])
    positions = replay(rec)
    keep = undo_point(rec, 0, positions)
    assert keep == 0
    decks = set()
    for seed in range(12):
        done, fresh = redeal(rec, keep, 0, seed, positions)
        q = fresh.initial()
        assert done.moves == [] and fresh.moves == [] and fresh.start is q and fresh.seed == q.seed
        assert view(q, 0) == view(p, 0) and q.known == p.known
        assert q.hands[1][ORDER.index("P")] >= 1 and q.hands[1][ORDER.index("S")] >= 1
        assert record_from_json(json.loads(json.dumps(record_to_json(fresh)))) == fresh   # a record that replays
        decks.add(q.deck)
    assert len(decks) > 1


def test_an_undo_at_a_new_round_deals_that_round_afresh_not_the_round_before() -> None:
    """Undo of the first move of a round (the round's end before it is final): the next round's deal, already
    seen, keeps what the player saw; its hidden parts are dealt afresh."""
    p = new_match(SEED)
    moves: list[str] = []
    while not p.round_over:
        moves.append(legal_moves(p)[0])
        p = apply(p, moves[-1])
    q = next_round(p)
    rec = Record(seed=SEED, moves=[*moves, legal_moves(q)[0]])
    seat = q.to_move
    done, fresh = redeal(rec, len(moves), seat, 77)
    assert done.moves == moves and view(fresh.initial(), seat) == view(q, seat)
    assert fresh.initial().round == 2 and not fresh.initial().round_over


def test_the_save_share_and_replay_carry_the_new_deal_and_a_reload_keeps_the_log() -> None:
    storage: dict[str, str] = {}
    c, pf = open_page(f"?opponent=trader&seed={SEED}", ShufflingPlatform(storage))
    for _ in range(2):
        c.play(legal_moves(c.position)[0])
        pf.run()
    c.on_event({"type": "click", "action": "undo"})
    c.play(legal_moves(c.position)[0])
    pf.run()
    mode = c.mode
    assert isinstance(mode, MatchMode) and mode.practice and mode.kind == "game"
    saved = load_text(storage[STORAGE_KEY])
    assert isinstance(saved, SavedGame) and saved.record == mode.record and saved.undos == 1
    assert saved.record.start is not None and replay(saved.record)[-1] == mode.position
    assert saved.earlier == mode.earlier and saved.origin.seed == SEED and saved.origin.start is None
    shared = mode.shareable()                          # Share and the replay: the record from the new deal
    assert shared.start == mode.record.start and replay(shared)[-1] == mode.position
    # the log holds the whole match: 3 of the player's moves and the computer's replies (the undone ones out)
    played = [e["move"] for e in mode.log if e.get("move")]
    assert len(played) == mode.plies == 4 and played[2:] == mode.record.moves
    assert find(pf.node, **{"class": "badge practice"})    # the table says it is practice
    # a reload resumes the same match (not a lesson from a position), its log and its practice mark
    c2, pf2 = open_page(f"?opponent=trader&seed={SEED}", ShufflingPlatform(storage))
    m2 = c2.mode
    assert isinstance(m2, MatchMode) and not isinstance(m2, LessonMode)
    assert m2.record == mode.record and m2.log == mode.log and m2.practice and m2.kind == "game"
    assert c2.position == mode.position


def test_a_match_with_an_undo_is_practice_and_counted_apart() -> None:
    storage: dict[str, str] = {PROFILE_KEY: '{"lang": null, "stats": {"trader": {"won": 2, "lost": 1, "drawn": 0}}}'}
    c, pf = open_page(f"?opponent=trader&seed={SEED}&mode=single-round", ShufflingPlatform(storage))
    c.play(legal_moves(c.position)[0])
    pf.run()
    c.on_event({"type": "click", "action": "undo"})
    assert "counts as practice" in text_of(pf.node)      # the notice says what the undo did
    while c.position.status != "match-over":
        assert c.can_move()
        c.play(legal_moves(c.position)[0])
        pf.run()
    c.refresh()
    assert c.dialog == "match" and "A practice match" in text_of(pf.node)
    profile = load_profile(pf)
    assert profile.record("trader") == Tally(2, 1, 0)    # the counted matches, unchanged
    assert profile.practice_record("trader").played == 1
    c3, pf3 = open_page("?lang=fa", ShufflingPlatform(storage))
    row = find(pf3.node, **{"data-level": "trader"})
    tally = profile.practice_record("trader")
    assert find(row[-1], **{"data-practice": f"{tally.won} {tally.lost} {tally.drawn}"})
    assert find(row[-1], **{"data-won": "2"}) and find(row[-1], **{"data-lost": "1"})   # the counted ones apart
    assert "تمرینی" in text_of(pf3.node)


def test_a_match_without_undo_counts_as_before() -> None:
    storage: dict[str, str] = {}
    c, pf = open_page(f"?opponent=trader&seed={SEED}&mode=single-round", ShufflingPlatform(storage))
    while c.position.status != "match-over":
        c.play(legal_moves(c.position)[0])
        pf.run()
    profile = load_profile(pf)
    assert profile.record("trader").played == 1 and profile.practice == {}
    assert "practice" not in json.loads(storage[PROFILE_KEY])     # the stored form is as before


def test_profiles_with_and_without_practice_read_back() -> None:
    old = '{"lang": "fa", "stats": {"novice": {"won": 1, "lost": 0, "drawn": 0}}}'
    assert read_profile(old) == Profile(lang="fa", stats={"novice": Tally(1, 0, 0)})
    assert read_profile('{"stats": {}, "practice": {"trader": {"won": 3}}}').practice == {"trader": Tally(3, 0, 0)}
    assert read_profile('{"stats": {}, "practice": [1, 2]}').practice == {}
    assert read_profile('{"stats": {}, "practice": {"trader": {"won": -4, "lost": "x"}}}').practice == \
        {"trader": Tally(0, 0, 0)}


def test_a_lesson_undoes_as_before_and_keeps_its_deck() -> None:
    """A match from a given position (a lesson: Try again replays its own deck by design) is not dealt afresh."""
    from jaipur.web.links import make_link

    lesson = {"market": "MMMDG", "hands": ["LLLC", "SC"], "herds": [1, 2], "deck": "PPSSCCLLGGDD", "seed": 5}
    c, pf = open_page(make_link("index.html", lesson, opponent="trader").split("index.html", 1)[1])
    assert isinstance(c.mode, LessonMode)
    start = c.position
    c.play("TD")
    pf.run()
    c.on_event({"type": "click", "action": "undo"})
    assert c.position == start and not c.mode.practice


def test_an_undo_of_a_rounds_first_move_keeps_the_round_before_in_the_log_and_the_results() -> None:
    """The player starts round 2, the computer answers, the player undoes: round 1 stays in the log and in the
    rounds' results, round 2 is dealt afresh (as the player saw it) and its start is in the log once."""
    for seed in range(40):
        c, pf = open_page(f"?opponent=trader&seed={seed}")
        while c.dialog != "round":
            c.play(legal_moves(c.position)[0])
            pf.run()
        c.on_event({"type": "click", "action": "next-round"})
        pf.run()
        if c.position.to_move == 0:
            break
    else:
        raise AssertionError("no seed where the player starts round 2")
    mode = c.mode
    assert isinstance(mode, MatchMode)
    seen = view(c.position, 0)
    c.play(legal_moves(c.position)[0])
    pf.run()
    c.on_event({"type": "click", "action": "undo"})
    assert mode.practice and view(c.position, 0) == seen and c.position.round == 2 and c.dialog is None
    kinds = [(e["kind"], e["round"]) for e in mode.log if e.get("move") is None]
    assert kinds == [("round-start", 1), ("round-end", 1), ("round-start", 2)]
    assert len(mode.round_results(0)) == 1          # round 1's result, for the match summary


def test_undo_after_undo_walks_back_to_the_rounds_start() -> None:
    """Two moves played, two undos: back at the start (as the player saw it), the log empty; a third is refused."""
    storage: dict[str, str] = {}
    c, pf = open_page(f"?opponent=trader&seed={SEED}", ShufflingPlatform(storage))
    seen = view(c.position, 0)
    for _ in range(2):
        c.play(legal_moves(c.position)[0])
        pf.run()
    mode = c.mode
    assert isinstance(mode, MatchMode) and mode.plies == 4
    c.on_event({"type": "click", "action": "undo"})
    assert mode.plies == 2 and mode.can_undo()
    c.on_event({"type": "click", "action": "undo"})
    assert mode.plies == 0 and view(c.position, 0) == seen and not mode.can_undo()
    assert [e for e in mode.log if e.get("move")] == [] and len(mode.earlier) == 1 and mode.undos == 2
    saved = load_text(storage[STORAGE_KEY])
    assert isinstance(saved, SavedGame) and saved.record.moves == [] and saved.origin.seed == SEED
    c.on_event({"type": "click", "action": "undo"})
    assert mode.plies == 0 and mode.undos == 2
