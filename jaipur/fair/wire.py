"""A friend game's messages as bytes and as link text.

Every message is signed content followed by the signature:

    suite (1 byte) | game id (12) | number (2, from 0) | hash of the previous message's content (16)
    | sections, each a tag byte and its fields, tags strictly increasing | signature

Sections (at most one of each): 1 invite (mode, public key, name, coin commitment), 2 answer (public key,
name, coin), 3 coin (the inviter's coin), 4 deck (round, 70 packed elements), 5 open (round, then for each
place: its number and the sender's layer: an element from the inviter, a scalar from the friend), 6 move
(round, notation, the hidden places it uses), 7 secret (round, 32 bytes). A message travels as base64url
(no padding) after `#friend=` in a link; the terminal reads and writes the same text, one message a line.

Reading never trusts a length: every field is checked against what is left, a message that does not end
exactly where its fields do is refused, and nothing is decoded into group elements here (that is the game's
job, which checks each element).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from ..record import b64decode, b64encode
from .errors import Refused
from .items import ITEMS
from .suite import Suite

GAME_ID_SIZE = 12
DIGEST_SIZE = 16
HEADER_SIZE = 1 + GAME_ID_SIZE + 2 + DIGEST_SIZE
NAME_BYTES = 96
NAME_CHARS = 24
MAX_TEXT = 8000
"""The longest link text read (twice the longest message made); longer text is refused unread."""
LINK_KEY = "friend="
MAX_PIECES = 4
"""The most messages one catch-up link carries."""
MODES = ("standard", "single-round")

INVITE, ANSWER, COIN, DECK, OPEN, MOVE, SECRET = range(1, 8)


@dataclass(frozen=True)
class Invite:
    """The inviter's first message: the match's mode, its public key, its name, its coin's commitment."""

    mode: str
    public: bytes
    name: str
    commitment: bytes


@dataclass(frozen=True)
class Answer:
    """The friend's answer: its public key, its name, its coin."""

    public: bytes
    name: str
    coin: bytes


@dataclass(frozen=True)
class Deck:
    """One player's pass over a round's deal: 70 elements, packed (decoded by the game)."""

    round: int
    packed: bytes


@dataclass(frozen=True)
class Opens:
    """The sender's layers for places of a round, in increasing place order (raw bytes, decoded by the game)."""

    round: int
    layers: tuple[tuple[int, bytes], ...]


@dataclass(frozen=True)
class MoveSection:
    """A move of a round in notation, and the hidden places of its player's hand it gives or sells."""

    round: int
    move: str
    places: tuple[int, ...]


@dataclass(frozen=True)
class Secret:
    """A player's round secret, revealed when the round is over."""

    round: int
    value: bytes


@dataclass(frozen=True)
class Message:
    """One signed message of a friend game."""

    game: bytes
    number: int
    prev: bytes
    invite: Invite | None = None
    answer: Answer | None = None
    coin: bytes | None = None
    deck: Deck | None = None
    opens: Opens | None = None
    move: MoveSection | None = None
    secret: Secret | None = None
    signature: bytes = b""
    content: bytes = field(default=b"", compare=False)
    """The signed bytes (header and sections), as read or made."""

    @property
    def sender(self) -> int:
        """The seat that sent it: messages alternate, the inviter (seat 0) sends the even ones."""
        return self.number % 2

    @property
    def digest(self) -> bytes:
        """What the next message names as its previous one: a hash of the signed content only (a signature
        is not part of a message's identity)."""
        return hashlib.sha256(self.content).digest()[:DIGEST_SIZE]


class _Writer:
    def __init__(self) -> None:
        self.out = bytearray()

    def byte(self, value: int) -> None:
        if not 0 <= value < 256:
            raise ValueError(f"byte out of range: {value}")
        self.out.append(value)

    def raw(self, data: bytes, size: int | None = None) -> None:
        if size is not None and len(data) != size:
            raise ValueError(f"expected {size} bytes, got {len(data)}")
        self.out += data

    def short(self, data: bytes) -> None:
        self.byte(len(data))
        self.out += data


def _name_bytes(name: str) -> bytes:
    data = name.encode("utf-8")
    if len(name) > NAME_CHARS or len(data) > NAME_BYTES:
        raise ValueError("a name has at most 24 characters")
    return data


def content_of(suite: Suite, m: Message) -> bytes:
    """The signed bytes of a message (its header and sections)."""
    w = _Writer()
    w.byte(suite.ident)
    w.raw(m.game, GAME_ID_SIZE)
    w.raw(m.number.to_bytes(2, "big"))
    w.raw(m.prev, DIGEST_SIZE)
    if m.invite is not None:
        w.byte(INVITE)
        w.byte(MODES.index(m.invite.mode))
        w.raw(m.invite.public, suite.public_size)
        w.short(_name_bytes(m.invite.name))
        w.raw(m.invite.commitment, 32)
    if m.answer is not None:
        w.byte(ANSWER)
        w.raw(m.answer.public, suite.public_size)
        w.short(_name_bytes(m.answer.name))
        w.raw(m.answer.coin, 16)
    if m.coin is not None:
        w.byte(COIN)
        w.raw(m.coin, 16)
    if m.deck is not None:
        w.byte(DECK)
        w.byte(m.deck.round)
        w.raw(m.deck.packed, suite.group.packed_size(ITEMS))
    if m.opens is not None:
        w.byte(OPEN)
        w.byte(m.opens.round)
        w.byte(len(m.opens.layers))
        size = suite.group.element_size if m.sender == 0 else suite.group.scalar_size
        for place, layer in m.opens.layers:
            w.byte(place)
            w.raw(layer, size)
    if m.move is not None:
        w.byte(MOVE)
        w.byte(m.move.round)
        w.short(m.move.move.encode("ascii"))
        w.short(bytes(m.move.places))
    if m.secret is not None:
        w.byte(SECRET)
        w.byte(m.secret.round)
        w.raw(m.secret.value, 32)
    return bytes(w.out)


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.at = 0

    def take(self, size: int) -> bytes:
        if size < 0 or self.at + size > len(self.data):
            raise Refused("The link is cut short: part of the message is missing.", "friend-malformed")
        out = self.data[self.at:self.at + size]
        self.at += size
        return out

    def byte(self) -> int:
        return self.take(1)[0]

    def short(self) -> bytes:
        return self.take(self.byte())

    def text(self, what: str) -> str:
        try:
            value = self.short().decode("utf-8")
        except UnicodeDecodeError:
            raise Refused(f"The message's {what} is not text.", "friend-malformed") from None
        if len(value) > NAME_CHARS or any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 for c in value):
            raise Refused(f"The message's {what} is not a name.", "friend-malformed")
        return value

    def round(self) -> int:
        r = self.byte()
        if not 1 <= r <= 3:
            raise Refused("The message names a round that does not exist.", "friend-malformed")
        return r


def decode(suite: Suite, data: bytes) -> Message:
    """A message from its bytes; raises Refused with the reason when they are not one (signature unchecked)."""
    if len(data) < HEADER_SIZE + suite.signature_size:
        raise Refused("This link is cut short: ask your friend to send it again, whole.", "friend-malformed")
    if data[0] != suite.ident:
        raise Refused("The link is not a message of a friend game of this version.", "friend-malformed")
    content, signature = data[:-suite.signature_size], data[-suite.signature_size:]
    r = _Reader(content)
    r.take(1)
    game = r.take(GAME_ID_SIZE)
    number = int.from_bytes(r.take(2), "big")
    prev = r.take(DIGEST_SIZE)
    parts: dict[str, object] = {}
    last = 0
    while r.at < len(content):
        tag = r.byte()
        if tag <= last or tag > SECRET:
            raise Refused("The message's parts are not in order.", "friend-malformed")
        last = tag
        if tag == INVITE:
            mode_index = r.byte()
            if mode_index >= len(MODES):
                raise Refused("The invitation names an unknown mode.", "friend-malformed")
            parts["invite"] = Invite(MODES[mode_index], r.take(suite.public_size), r.text("name"), r.take(32))
        elif tag == ANSWER:
            parts["answer"] = Answer(r.take(suite.public_size), r.text("name"), r.take(16))
        elif tag == COIN:
            parts["coin"] = r.take(16)
        elif tag == DECK:
            parts["deck"] = Deck(r.round(), r.take(suite.group.packed_size(ITEMS)))
        elif tag == OPEN:
            rnd = r.round()
            count = r.byte()
            size = suite.group.element_size if number % 2 == 0 else suite.group.scalar_size
            layers = tuple((r.byte(), r.take(size)) for _ in range(count))
            places = [p for p, _ in layers]
            if places != sorted(set(places)) or any(p >= ITEMS for p in places):
                raise Refused("The message's opened places are not in order.", "friend-malformed")
            parts["opens"] = Opens(rnd, layers)
        elif tag == MOVE:
            rnd = r.round()
            raw = r.short()
            if not raw or any(not (0x21 <= b < 0x7F) for b in raw):
                raise Refused("The message's move is not notation.", "friend-malformed")
            named = tuple(r.short())
            if len(set(named)) != len(named) or any(p >= ITEMS for p in named):
                raise Refused("The message's move names a place twice.", "friend-malformed")
            parts["move"] = MoveSection(rnd, raw.decode("ascii"), named)
        elif tag == SECRET:
            parts["secret"] = Secret(r.round(), r.take(32))
    return Message(game, number, prev, signature=signature, content=content, **parts)  # type: ignore[arg-type]


def encode(suite: Suite, m: Message) -> bytes:
    """A message's bytes: its content and its signature."""
    return (m.content or content_of(suite, m)) + m.signature


def to_text(data: bytes) -> str:
    """A message as the text after `#` in a link: `friend=` and base64url."""
    return LINK_KEY + b64encode(data)


def from_text(text: str) -> bytes:
    """A message's bytes from a link, the part after `#`, or the bare base64url; Refused when there is none."""
    if not isinstance(text, str):
        raise Refused("This is not a link of a friend game.", "friend-not-a-link")
    text = text.strip()
    if len(text) > MAX_TEXT:
        raise Refused("The link is far too long to be a message of a friend game.", "friend-malformed")
    at = text.find(LINK_KEY)
    if at >= 0:
        text = text[at + len(LINK_KEY):]
        for stop in "&# \n\r\t":
            text = text.split(stop, 1)[0]
    elif "#" in text or "/" in text or "?" in text:
        raise Refused("This is not a link of a friend game.", "friend-not-a-link")
    if not text:
        raise Refused("The link holds no message.", "friend-not-a-link")
    try:
        return b64decode(text)
    except ValueError:
        raise Refused("This link is damaged (a part of it is missing or changed): ask your friend to send it "
                      "again.", "friend-malformed") from None


def pieces(text: str) -> list[str]:
    """The messages a link carries, each as link text: one, or several in a row (a catch-up link: `friend=` and
    the messages' base64url joined by `.`, oldest first).

    >>> pieces("https://x/#friend=AAAA.BBBB"), pieces("friend=AAAA")
    (['friend=AAAA', 'friend=BBBB'], ['friend=AAAA'])
    """
    at = text.find(LINK_KEY) if isinstance(text, str) else -1
    if at < 0:
        return [text]
    value = text[at + len(LINK_KEY):]
    for stop in "&# \n\r\t":
        value = value.split(stop, 1)[0]
    parts = value.split(".")
    if len(parts) == 1 or len(parts) > MAX_PIECES or not all(parts):
        return [text]
    return [LINK_KEY + part for part in parts]


def catch_up_text(raws: list[bytes]) -> str:
    """Several messages in a row as one link's text (`pieces` reads it back)."""
    return LINK_KEY + ".".join(b64encode(raw) for raw in raws)


def peek(text: str) -> tuple[bytes, int]:
    """A link's game id and message number, read without the cryptography (to find the game it belongs to);
    Refused when the text is not a message of a friend game."""
    data = from_text(text)
    if len(data) < HEADER_SIZE:
        raise Refused("This link is cut short: ask your friend to send it again, whole.", "friend-malformed")
    return data[1:1 + GAME_ID_SIZE], int.from_bytes(data[1 + GAME_ID_SIZE:3 + GAME_ID_SIZE], "big")
