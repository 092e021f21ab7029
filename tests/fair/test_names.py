"""Players' names: plain text, at most 24 characters, with no control or invisible format characters (a right-to-left
override or a zero-width character could make a name read as another, or reorder the sentence it is shown in).

`clean_name` makes a name so when a side makes its own message; a name read from the other's message must be held
to the same rule (the other's page may have been changed): `wire._Reader.text` refuses C0 and C1 controls, and a
name with a format character (Unicode Cf), a line or paragraph separator must be cleaned, or refused, when read.
"""

from __future__ import annotations

import unicodedata
from dataclasses import replace

import pytest

from jaipur.fair import FriendGame, Refused, clean_name, wire

from .duel import signed
from .toy import ToySuite, counter_random

SUITE = ToySuite()
INVISIBLE = {
    "right-to-left override": "\u202e",
    "left-to-right override": "\u202d",
    "right-to-left isolate": "\u2067",
    "pop directional isolate": "\u2069",
    "right-to-left mark": "\u200f",
    "zero-width space": "\u200b",
    "zero-width joiner": "\u200d",
    "byte order mark": "\ufeff",
    "Arabic letter mark": "\u061c",
    "line separator": "\u2028",
}


def plain(name: str) -> bool:
    """Whether a name holds only printable characters that are no format characters."""
    return all(c.isprintable() and unicodedata.category(c) != "Cf" for c in name)


@pytest.mark.parametrize("what", sorted(INVISIBLE))
def test_clean_name_takes_out_invisible_and_reordering_characters(what: str) -> None:
    c = INVISIBLE[what]
    for raw in (f"Bo{c}evil", f"{c}Bo", f"Bo{c}", f"{c}{c}Bo{c}b{c}"):
        cleaned = clean_name(raw)
        assert plain(cleaned) and c not in cleaned and "Bo" in cleaned, (raw, cleaned)


def test_clean_name_keeps_plain_text_and_cuts_it_to_24_characters() -> None:
    assert clean_name("  Ava  ") == "Ava"
    assert clean_name("Ava\nBo\tC\x00D\x85E") == "Ava Bo C D E"
    assert clean_name("مهرنوش") == "مهرنوش"
    assert clean_name("A" * 40) == "A" * wire.NAME_CHARS
    assert clean_name("A" * 23 + " \u202e" + "B") == "A" * 23   # a space left at the cut goes


def test_a_name_made_by_a_side_is_clean_in_its_message() -> None:
    a = FriendGame.invite("Ava\u202eevil\u200b", suite=SUITE, random=counter_random(1))
    b = FriendGame.accept(a.outgoing_text(), "\u2066Bo\u2069", suite=SUITE, random=counter_random(2))
    assert a.names[0] == "Ava evil" and b.names[1] == "Bo"
    m = b.messages[1]
    assert m.answer is not None and m.answer.name == "Bo"


def invitation_named(name: str) -> str:
    """An invitation whose name was written by a changed page (not cleaned), signed by its inviter."""
    a = FriendGame.invite("Ava", suite=SUITE, random=counter_random(3))
    m = a.messages[0]
    assert m.invite is not None
    return signed(a, replace(m, invite=replace(m.invite, name=name)))


@pytest.mark.parametrize("control", ["\x00", "\n", "\x1b", "\x7f", "\x85", "\x9b"])
def test_a_name_with_a_control_character_in_a_message_is_refused_when_read(control: str) -> None:
    text = invitation_named(f"Ava{control}x")
    with pytest.raises(Refused) as err:
        FriendGame.read_invitation(text, SUITE)
    assert err.value.code == "friend-malformed"


@pytest.mark.parametrize("what", sorted(INVISIBLE))
def test_a_name_with_an_invisible_character_in_a_message_is_cleaned_or_refused_when_read(what: str) -> None:
    raw = f"Ava{INVISIBLE[what]}live"
    text = invitation_named(raw)
    try:
        read = FriendGame.read_invitation(text, SUITE)
        b = FriendGame.accept(text, "Bo", suite=SUITE, random=counter_random(4))
    except Refused as err:
        assert err.code == "friend-malformed"
        return
    assert read.invite is not None and plain(read.invite.name), repr(read.invite.name)
    assert plain(b.names[0]) and b.names[0] == clean_name(raw), repr(b.names[0])


def test_a_friend_name_with_an_invisible_character_is_cleaned_or_refused_when_read() -> None:
    a = FriendGame.invite("Ava", suite=SUITE, random=counter_random(5))
    b = FriendGame.accept(a.outgoing_text(), "Bo", suite=SUITE, random=counter_random(6))
    m = b.messages[1]
    assert m.answer is not None
    text = signed(b, replace(m, answer=replace(m.answer, name="Bo\u202eevil")))
    try:
        a.receive(text)
    except Refused as err:
        assert err.code == "friend-malformed"
        return
    assert a.invalid is not None or plain(a.names[1]), repr(a.names[1])
