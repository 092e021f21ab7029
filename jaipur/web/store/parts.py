"""The parts of a long friend message as the browser gathers them: links opened in any order, in any tab, kept
under one `localStorage` key until the last one comes and the message is whole.

A message that carries a deck (the answer to an invitation, the deal, each later round's start) is about 19,000
characters: it travels as several links, `#part=k.n.tag.chunk` (`jaipur.fair.wire.split`). Each part opened
here (by its address, in the open tab, or pasted, several at once) is added to a `wire.Parts` kept under
`PARTS_KEY` as `{"held": Parts.held, "done": [tags]}`; when a message's last part comes, its whole text
(`friend=…`) is given back and its parts are dropped. What is kept is bounded (`MAX_HELD` messages,
`MAX_CHARS` characters: the oldest message goes first) and dropped whole when it cannot be read. A damaged part
is refused and changes nothing; parts that do not fit together (one changed on the way) are refused and kept, so
the damaged one, opened again as the friend sends it again, completes the message. `done` remembers the last messages joined, so a part of one
opened again is said as such.

>>> store = _Dict()
>>> texts = wire.split("friend=" + "A" * 8000)
>>> got = join_parts(store, texts[2] + "\\n" + texts[0])
>>> got.texts, got.have, got.total, got.missing
([], 2, 3, 1)
>>> join_parts(store, texts[1]).texts == ["friend=" + "A" * 8000], json.loads(store.data[PARTS_KEY])["held"]
(True, {})
>>> join_parts(store, texts[0]).again
True
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from typing import Protocol

from ... import safejson
from ...fair import wire
from ...fair.errors import Refused

PARTS_KEY = "jaipur.friend-parts.v1"
MAX_HELD = 4
"""Messages gathered at once at most (the oldest is dropped for a fifth)."""
MAX_CHARS = 120_000
"""Characters kept at most (a long message is about 19,000; a catch-up link of several, more)."""
MAX_DONE = 8
"""Messages joined whose tags are remembered (a part of one opened again is said as such)."""


class Storage(Protocol):
    """The browser's storage as the page's platform offers it."""

    def load(self, key: str) -> str | None: ...
    def store(self, key: str, text: str) -> bool: ...
    def remove(self, key: str) -> None: ...


@dataclass
class Joined:
    """What the parts just opened did: the messages they completed (`friend=…` texts, in order), and for the last
    message still incomplete, how many of its parts are held (`have`) of how many (`total`)."""

    texts: list[str] = field(default_factory=list)
    have: int = 0
    total: int = 0
    again: bool = False
    """A part of a message joined here already was opened again."""
    problem: Refused | None = None
    """The first part refused (damaged, or parts that do not fit together); nothing of what is held is lost."""
    kept: bool = True
    """The browser kept the parts (False: storage refused; they are held for this page only)."""

    @property
    def missing(self) -> int:
        """Parts of the last incomplete message still to open."""
        return self.total - self.have


def has_parts(text: str) -> bool:
    """Whether a text (a link, the part after `#`, a paste of several links) holds a part of a long message."""
    return bool(wire.part_texts(text))


def _load(store: Storage) -> tuple[wire.Parts, list[str]]:
    """The parts kept (empty, and the key dropped, when what is kept cannot be read)."""
    text = store.load(PARTS_KEY)
    if text is None:
        return wire.Parts(), []
    try:
        data = safejson.loads(text, "The parts of a friend's message", max_chars=2 * MAX_CHARS, max_depth=4)
    except (ValueError, TypeError):
        data = None
    held = data.get("held") if isinstance(data, dict) else None
    done = data.get("done") if isinstance(data, dict) else None
    if not isinstance(held, dict) or not isinstance(done, list):
        store.remove(PARTS_KEY)
        return wire.Parts(), []
    return wire.Parts(held), [t for t in done if isinstance(t, str)][-MAX_DONE:]


def _keep(store: Storage, parts: wire.Parts, done: list[str]) -> bool:
    """Write what is held, the oldest message dropped while over the bounds; the key goes when nothing is held."""
    while parts.held and (len(parts.held) > MAX_HELD or _size(parts) > MAX_CHARS):
        del parts.held[next(iter(parts.held))]
    if not parts.held and not done:
        store.remove(PARTS_KEY)
        return True
    return store.store(PARTS_KEY, json.dumps({"held": parts.held, "done": done[-MAX_DONE:]}, separators=(",", ":")))


def _size(parts: wire.Parts) -> int:
    return sum(len(chunk) for entry in parts.held.values() for chunk in entry["chunks"].values())


def join_parts(store: Storage, text: str) -> Joined:
    """Add every part a text holds to those kept (in any order), and give back the messages they complete."""
    parts, done = _load(store)
    out, done = gather(parts, done, text)
    out.kept = _keep(store, parts, done)
    return out


def gather(parts: wire.Parts, done: list[str], text: str) -> tuple[Joined, list[str]]:
    """Add every part a text holds to `parts` (in place), and give back what they did and the tags of the messages
    joined lately (`done`, the newest last). Pure: the terminal keeps its parts in memory (`jaipur.cli_friend`)."""
    out = Joined()
    last: str | None = None   # the tag of the last message a part was opened of
    joined: set[str] = set()  # the messages made whole by this text (the rest of their parts in it: the same ones)
    for word in wire.part_texts(text):
        try:
            part = wire.read_sound_part(word)
        except Refused as exc:
            out.problem = out.problem or exc
            try:
                last = wire.read_part(word).tag   # a part cut short still says which message it belongs to
            except Refused:
                pass
            continue
        if part.tag in joined:
            continue
        before = copy.deepcopy(parts.held)
        try:
            whole = parts.add(word)
        except Refused as exc:
            # the parts do not fit together: what was held stays, with this part among them, so the damaged one
            # opened again (sent again by the friend) completes the message
            last = part.tag
            parts.held = before
            entry = before.get(part.tag)
            if entry is not None and entry["n"] == part.n:
                entry["chunks"][str(part.k)] = part.chunk
            out.problem = out.problem or Refused(exc.message, "friend-parts-mismatch", n=part.n, tag=part.tag)
            continue
        if part.tag in done:
            out.again = True
        if whole is not None:
            joined.add(part.tag)
            out.texts.append(whole)
            done = [t for t in done if t != part.tag] + [part.tag]
            if out.problem is not None and out.problem.values.get("tag") == part.tag:
                out.problem = None   # the damaged part was replaced further on in the same text: the message is whole
        last = part.tag
    entry = parts.held.get(last) if last is not None else None
    if entry is not None:
        out.total, out.have = entry["n"], len(entry["chunks"])
    return out, done[-MAX_DONE:]


def forget_parts(store: Storage) -> None:
    """Drop every part kept."""
    store.remove(PARTS_KEY)


class _Dict:
    """A storage in a dict (for the examples)."""

    def __init__(self, data: dict[str, str] | None = None) -> None:
        self.data = data if data is not None else {}

    def load(self, key: str) -> str | None:
        return self.data.get(key)

    def store(self, key: str, text: str) -> bool:
        self.data[key] = text
        return True

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

