"""A friend game's messages downloaded from the page: a file anyone can check, with no secret of this side."""

from __future__ import annotations

from jaipur.fair.verify import check_transcript, read_transcript
from jaipur.web.draw.nodes import find, text_of

from .test_friend import click, deal_both_ways, friend_state, reply


def test_the_waiting_side_downloads_the_games_messages_and_they_check() -> None:
    a, b = deal_both_ways()
    mover, waiting = (a, b) if friend_state(a) == "your-turn" else (b, a)
    if not find(waiting.platform.node, data_friend_bar="their-turn"):   # type: ignore[attr-defined]
        click(waiting, "friend-paste", text=reply(mover))   # its table comes with the mover's first move
        mover, waiting = waiting, mover
    buttons = find(waiting.platform.node, data_action="friend-transcript")  # type: ignore[attr-defined]
    assert len(buttons) == 1 and text_of(buttons[0]) == "Download the game's messages"
    click(waiting, "friend-transcript")
    name, text = waiting.platform.downloads[-1]  # type: ignore[attr-defined]
    assert name.startswith("jaipur-friend-") and name.endswith("-messages.txt")
    game = waiting.mode.game  # type: ignore[union-attr]
    saved = game.to_json()
    assert saved["signing"] not in text and all(secret not in text for secret in saved["secrets"].values())
    report = check_transcript(read_transcript(text))
    assert report.problem is None and report.messages == game.number
    notes = find(waiting.platform.node, data_note="friend-transcript-done")  # type: ignore[attr-defined]
    assert notes and "--check" in text_of(notes[0])
