"""Games with friends as the browser keeps them: one `localStorage` key per game, and a list for the start screen.

Each game is kept under `jaipur.friend.v1.<game id in hex>` as `FriendGame.to_json()` (this side's secret keys
with it: they never leave the browser but as the rules reveal cards). The list under `jaipur.friends.v1` is
a JSON array with one entry per game — its id, the friend's name, this side's seat, the game's status and
how many messages it has — so the start screen can list the games without reading every one. A game that
cannot be read is left in storage untouched (and said so); nothing here ever touches another game's key.

Several tabs may hold one game. What is kept only ever moves forward: `keep` writes a game only when the kept
one's messages are the first of its own (`compare` reads the message chains, never a clock), and says `behind`
otherwise, so a tab that fell behind, or made a move another tab had already made differently, never writes
over the newer game: it reads that game back instead (`newer`).

The fair-play package (`jaipur.fair`) is imported only once there is a game with a friend to read: a browser
that never played one boots without it.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, replace
from typing import TYPE_CHECKING, Any, Literal, Protocol

from ... import safejson

if TYPE_CHECKING:
    from ...fair import FriendGame

KEY_PREFIX = "jaipur.friend.v1."
INDEX_KEY = "jaipur.friends.v1"
NAME_KEY = "jaipur.friend-name.v1"
"""The name this player gave in their last invitation or answer (plain text), offered for the next one."""
MAX_GAMES = 50
"""Games listed at most (the oldest finished ones go first when there are more)."""
MAX_SAVE = 400_000
"""Characters a kept game may have (a whole match is about 200 000: each round's two decks with their proofs)."""
VERSION = 2
"""The friend games' protocol the list's entries are written by (`version`); an entry without one was written by
version 1, whose games this page lists as started by an older version when their saved form says so."""
_OLD_FORMAT = re.compile(r'"format"\s*:\s*"jaipur-friend/1"')


class Storage(Protocol):
    """The browser's storage as the page's platform offers it."""

    def load(self, key: str) -> str | None: ...
    def store(self, key: str, text: str) -> bool: ...
    def remove(self, key: str) -> None: ...


@dataclass(frozen=True)
class FriendEntry:
    """One game in the start screen's list."""

    id: str
    friend: str
    seat: int
    status: str
    number: int
    abandoned: bool = False
    version: int = VERSION
    """The protocol that started the game: 1 (an older version: it cannot go on here), or VERSION."""


def game_id(game: FriendGame) -> str:
    """A game's id as its storage key ends."""
    return game.game.hex()


def valid_id(text: str) -> bool:
    """Whether text is a game id (hex of the 12-byte id).

    >>> valid_id("00" * 12), valid_id("zz")
    (True, False)
    """
    from ...fair.wire import GAME_ID_SIZE

    return len(text) == 2 * GAME_ID_SIZE and all(c in "0123456789abcdef" for c in text)


def entry_for(game: FriendGame) -> FriendEntry:
    """The list's entry for a game."""
    return FriendEntry(game_id(game), game.names[game.other], game.seat, game.status, game.number, game.abandoned)


def list_games(store: Storage) -> list[FriendEntry]:
    """The games kept in this browser, the last played first (a damaged list reads as empty)."""
    try:
        data = safejson.loads(store.load(INDEX_KEY) or "[]", "The list of games with friends")
    except (ValueError, TypeError):
        return []
    items = [item for item in data if isinstance(item, dict)] if isinstance(data, list) else []
    if not items:
        return []
    from ...fair import STATUSES

    out = []
    for item in items:
        try:
            entry = FriendEntry(str(item["id"]), str(item["friend"])[:24], int(item["seat"]), str(item["status"]),
                                int(item["number"]), bool(item.get("abandoned", False)))
        except (KeyError, TypeError, ValueError):
            continue
        if valid_id(entry.id) and entry.status in STATUSES and entry.seat in (0, 1):
            if item.get("version") != VERSION and old_save(store.load(KEY_PREFIX + entry.id)):
                entry = replace(entry, version=1)
            out.append(entry)
    return out


def old_save(text: str | None) -> bool:
    """Whether a kept game's text is the saved form of an older version's game (read from its first characters:
    the format is the first field every version writes; a text that does not say is read whole).

    >>> old_save('{"format":"jaipur-friend/1","seat":0}'), old_save('{"format":"jaipur-friend/2"}'), old_save(None)
    (True, False, False)
    """
    if not isinstance(text, str):
        return False
    head = text[:200]
    if '"format"' in head:
        return bool(_OLD_FORMAT.search(head))
    try:
        data = safejson.loads(text, "The saved game with a friend", max_chars=MAX_SAVE)
    except (ValueError, TypeError):
        return False
    return isinstance(data, dict) and data.get("format") == "jaipur-friend/1"


def load_game_data(store: Storage, ident: str) -> Any:
    """A kept game's saved data (None when there is none; ValueError when it cannot be read as JSON)."""
    if not valid_id(ident):
        return None
    text = store.load(KEY_PREFIX + ident)
    if text is None:
        return None
    return safejson.loads(text, "The saved game with a friend", max_chars=MAX_SAVE)


Relation = Literal["same", "ahead", "behind", "diverged", "none"]
"""How a game held in a tab stands against the one kept: the same messages; ahead (the kept messages are the first
of the tab's); behind (the tab's are the first of the kept ones); diverged (each has a message the other has not,
at the same number); none (nothing readable is kept)."""


def chain(data: Any) -> list[str] | None:
    """The message texts of a kept game's data, in order (None when the data has none)."""
    messages = data.get("messages") if isinstance(data, dict) else None
    if not isinstance(messages, list) or not all(isinstance(m, str) for m in messages):
        return None
    return messages


def compare(held: list[str], kept: list[str] | None) -> Relation:
    """How a tab's message chain stands against the kept one.

    >>> compare(["a", "b"], ["a"]), compare(["a"], ["a", "b"]), compare(["a", "c"], ["a", "b"])
    ('ahead', 'behind', 'diverged')
    """
    if kept is None:
        return "none"
    common = min(len(held), len(kept))
    if held[:common] != kept[:common]:
        return "diverged"
    if len(held) == len(kept):
        return "same"
    return "ahead" if len(held) > len(kept) else "behind"


def held_chain(game: FriendGame) -> list[str]:
    """A game's message texts as `to_json` keeps them."""
    from ...record import b64encode

    return [b64encode(raw) for raw in game.raw]


def newer(store: Storage, game: FriendGame) -> Any:
    """The kept data of this game when it is newer than the tab's (behind or diverged: another tab went on);
    None when the tab's game is as new as the kept one or newer, or nothing readable is kept."""
    try:
        data = load_game_data(store, game_id(game))
    except ValueError:
        return None
    if not isinstance(data, dict) or data.get("seat") != game.seat:
        return None   # nothing kept, or something that is not this side's game: this tab's game is written
    return data if compare(held_chain(game), chain(data)) in ("behind", "diverged") else None


def keep(store: Storage, game: FriendGame, replacing: list[str] | None = None) -> Literal["kept", "refused", "behind"]:
    """Keep a game and its line in the list (first), unless the kept one is newer (`behind`: nothing is written) —
    or is exactly `replacing`, the chain this tab replaced on purpose (its last move, by the one the friend kept);
    `refused` when the browser refused to store it."""
    kept = newer(store, game)
    if kept is not None and (replacing is None or chain(kept) != replacing):
        return "behind"
    ident = game_id(game)
    if not store.store(KEY_PREFIX + ident, json.dumps(game.to_json(), separators=(",", ":"))):
        return "refused"
    entries = [e for e in list_games(store) if e.id != ident]
    entries.insert(0, entry_for(game))
    while len(entries) > MAX_GAMES:
        gone = next((e for e in reversed(entries) if e.status in ("over", "invalid") or e.abandoned), entries[-1])
        entries.remove(gone)
        store.remove(KEY_PREFIX + gone.id)
    listed = store.store(INDEX_KEY, json.dumps([asdict(e) for e in entries], ensure_ascii=False, separators=(",", ":")))
    return "kept" if listed else "refused"


def kept_game_of(store: Storage, text: str) -> str | None:
    """The id of the kept game a link belongs to (None: not a link, or a game not kept here)."""
    from ...fair import FairError
    from ...fair.wire import peek
    from ..live import signal

    try:
        ident = signal.read(text).game if "live=" in text and "friend=" not in text else peek(text)[0]
    except FairError:
        return None
    return ident.hex() if store.load(KEY_PREFIX + ident.hex()) is not None else None


def forget(store: Storage, ident: str) -> None:
    """Remove a game and its line in the list."""
    if valid_id(ident):
        store.remove(KEY_PREFIX + ident)
        entries = [asdict(e) for e in list_games(store) if e.id != ident]
        store.store(INDEX_KEY, json.dumps(entries, ensure_ascii=False, separators=(",", ":")))


def remembered_name(store: Storage) -> str:
    """The name given last time ('' when none, or when what is kept is not a name)."""
    from ...fair import clean_name

    text = store.load(NAME_KEY)
    return clean_name(text) if isinstance(text, str) and len(text) <= 400 else ""


def remember_name(store: Storage, name: str) -> None:
    """Keep the name given, for the next invitation or answer (nothing when it is empty)."""
    if name:
        store.store(NAME_KEY, name)
