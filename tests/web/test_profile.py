"""What the browser remembers between visits (jaipur.web.store.profile): the chosen language and the matches
won, lost and drawn per computer level, shown on the start screen; and the notice of a new release."""

from __future__ import annotations

import doctest
import json
from pathlib import Path

import pytest

from jaipur import legal_moves
from jaipur.web.draw.render import Node, text_of, walk
from jaipur.web.store import profile as profile_module
from jaipur.web.store.profile import PROFILE_KEY, Profile, Tally, outcome_for, profile_text, read_profile
from jaipur.web.store.saved import STORAGE_KEY

from .fakes import FakePlatform
from .test_app import BASE, click, open_page


def having(node: Node | None, attr: str, value: object = None) -> list[Node]:
    """Elements carrying the attribute (with this value, when one is given)."""
    assert node is not None
    return [n for n in walk(node) if attr in n.attrs and (value is None or n.attrs[attr] == value)]


def test_profile_doctests() -> None:
    assert doctest.testmod(profile_module).failed == 0


@pytest.mark.parametrize("text", [None, "", "{", "[]", '"fa"', "null", '{"lang": 3, "stats": []}',
                                  '{"stats": {"trader": {"won": -1, "lost": "2", "drawn": true}}}',
                                  '{"stats": {"trader": 5}}'])
def test_a_missing_or_corrupt_profile_reads_as_empty(text: str | None) -> None:
    got = read_profile(text)
    assert got.lang is None
    assert all(t == Tally() for t in got.stats.values())


def test_profile_round_trips_and_drops_unknown_parts() -> None:
    p = Profile().with_lang("fa").with_result("maharaja", "lost").with_result("maharaja", "drawn")
    assert read_profile(profile_text(p)) == p
    data = json.loads(profile_text(p))
    data["extra"] = {"x": 1}
    data["lang"] = "de"
    assert read_profile(json.dumps(data)) == Profile(stats=p.stats)
    assert Profile().with_lang("de") == Profile()
    with pytest.raises(ValueError):
        Profile().with_result("trader", "resigned")


def test_outcome_for_each_seat() -> None:
    assert [outcome_for(w, 1) for w in (0, 1, "draw", None)] == ["lost", "won", "drawn", None]


def finish_match(c, pf) -> None:  # type: ignore[no-untyped-def]
    """Play the human's first legal move each turn (the fake bot answers) until the match is over."""
    for _ in range(500):
        p = c.position
        if p.status == "match-over":
            return
        if p.round_over:
            click(c, "next-round")
        elif p.to_move == c.mode.human_seat and not c.mode.thinking:
            c.play(legal_moves(p)[0])
        pf.run()
    raise AssertionError("the match did not end")


def test_a_finished_match_against_the_computer_is_counted_once_for_its_level() -> None:
    pf = FakePlatform()
    c, pf = open_page(BASE + "?opponent=novice&mode=single-round&seed=5", pf)
    finish_match(c, pf)
    outcome = outcome_for(c.position.result["match_winner"], c.mode.human_seat)
    stored = read_profile(pf.storage[PROFILE_KEY])
    assert stored.record("novice") == Tally(**{outcome: 1})
    assert stored.record("trader") == Tally()
    click(c, "new-game")          # back to the start screen: the table of results is there
    stats = having(pf.node, "data-stats")
    assert len(stats) == 1
    row = having(stats[0], "data-level", "novice")[0]
    assert text_of(row).startswith("Novice")
    assert having(row, f"data-{outcome}", "1")
    # a reload of the finished match does not count it again
    c2, pf2 = open_page(BASE, FakePlatform(dict(pf.storage)))
    assert read_profile(pf2.storage[PROFILE_KEY]) == stored
    assert c2.profile == stored


def test_two_player_matches_and_embedded_tables_are_not_counted() -> None:
    c, pf = open_page(BASE + "?opponent=human&mode=single-round&seed=5")
    for _ in range(500):
        if c.position.status == "match-over":
            break
        c.on_event({"action": "ready"})
        c.play(legal_moves(c.position)[0])
    assert c.position.status == "match-over"
    assert PROFILE_KEY not in pf.storage
    click(c, "new-game")
    assert not having(pf.node, "data-stats")            # nothing finished yet: no table of results


def test_the_start_screen_shows_statistics_in_persian_digits() -> None:
    stored = profile_text(Profile().with_result("trader", "won").with_result("trader", "won"))
    c, pf = open_page(BASE + "?lang=fa", FakePlatform({PROFILE_KEY: stored}))
    row = having(pf.node, "data-level", "trader")[0]
    assert "۲" in text_of(row) and "2" not in text_of(row)


def test_the_language_chosen_is_remembered_unless_the_address_names_one() -> None:
    c, pf = open_page(BASE)
    assert c.lang == "en"
    click(c, "set-lang", "fa")
    assert read_profile(pf.storage[PROFILE_KEY]).lang == "fa"
    c2, pf2 = open_page(BASE, FakePlatform(dict(pf.storage)))
    assert c2.lang == "fa" and pf2.node.attrs["dir"] == "rtl"
    c3, _ = open_page(BASE + "?lang=en", FakePlatform(dict(pf.storage)))
    assert c3.lang == "en"
    c4, pf4 = open_page(BASE + "?embed=1&seed=3", FakePlatform(dict(pf.storage)))
    assert c4.lang == "en"                                      # an embedded table follows its own address


def test_an_update_ready_is_offered_and_applied_after_saving() -> None:
    c, pf = open_page(BASE + "?opponent=novice&seed=4")
    assert not having(pf.node, "data-update")
    c.on_event({"type": "update-ready"})
    bar = having(pf.node, "data-update")
    assert len(bar) == 1 and "new version" in text_of(bar[0])
    c.play(legal_moves(c.position)[0])
    pf.run()
    saved_before = pf.storage.get(STORAGE_KEY)
    click(c, "apply-update")
    assert pf.updates_applied == 1
    assert pf.storage.get(STORAGE_KEY) == saved_before or saved_before is None


def test_an_embedded_table_does_not_show_the_update_bar() -> None:
    c, pf = open_page(BASE + "?embed=1&seed=3", FakePlatform())
    c.on_event({"type": "update-ready"})
    assert not having(pf.node, "data-update")


def test_the_loading_screen_reads_the_same_stored_choice() -> None:
    """index.html picks the loading screen's language from the same localStorage key before Python runs."""
    page = (Path(__file__).resolve().parents[2] / "index.html").read_text(encoding="utf-8")
    assert f'localStorage.getItem("{PROFILE_KEY}")' in page


def test_a_saved_game_in_another_language_follows_the_players_choice() -> None:
    """A game saved while the address said ?lang=fa resumes in the language the player chose on the page."""
    c, pf = open_page(BASE + "?opponent=novice&seed=4")
    click(c, "set-lang", "en")                                  # the player's own choice: English
    c2, pf2 = open_page(BASE + "?lang=fa&opponent=novice&seed=4", FakePlatform(dict(pf.storage)))
    assert c2.lang == "fa"                                      # the address wins while it says so
    c2.play(legal_moves(c2.position)[0])
    pf2.run()
    c3, _ = open_page(BASE, FakePlatform(dict(pf2.storage)))    # reloaded without ?lang: the player's choice
    assert c3.kind == "game" and c3.mode.moves and c3.lang == "en"
