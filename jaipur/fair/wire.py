"""A friend game's messages as bytes and as link text.

Every message is signed content followed by the signature:

    version (1 byte: 2) | suite (1) | game id (12) | number (2, from 0) | hash of the previous message's
    content (16) | sections, each a tag byte and its fields, tags strictly increasing | signature

Sections (at most one of each): 1 invite (mode, signing key, name, coin commitment, dealing key and its
Schnorr proof), 2 answer (signing key, name, coin, dealing key and proof), 3 coin (the inviter's coin),
4 shuffle (round, 70 ciphertexts, the grouped shuffle argument), 5 open (round, the places, one decryption
share each, one Chaum–Pedersen proof), 6 move (round, notation, the hidden places it uses). The protocol,
message by message, is in docs/fair-play.md.

A message travels as base64url (no padding) after `#friend=` in a link; the terminal reads and writes the same
text, one message a line. A message longer than `PART_CHARS` (a shuffle: about 19,000 characters) travels as
parts (`split`), each `#part=k.n.tag.chunk`, joined in any order by `Parts`.

Reading never trusts a length: every field has the size the suite fixes, a message that does not end exactly
where its fields do is refused, and nothing is decoded into group elements here (that is the game's job, which
checks each element and proof).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from ..record import b64decode, b64encode
from .errors import Refused
from .items import GROUPS, ITEMS
from .names import NAME_CHARS, clean_name
from .suite import Suite

VERSION = 2
"""The first byte of every message of this protocol (malicious-secure dealing, issue 49)."""
OLD_VERSIONS = (b"\x01",)
"""First bytes of the messages of earlier protocols (version 1: commutative encryption, secrets shown at a
round's end): recognised so a player is told what they are."""
GAME_ID_SIZE = 12
DIGEST_SIZE = 16
HEADER_SIZE = 2 + GAME_ID_SIZE + 2 + DIGEST_SIZE
NAME_BYTES = 96
MAX_TEXT = 80_000
"""The longest text read as messages (a catch-up of several, one a shuffle); longer text is refused unread."""
PART_CHARS = 3_800
"""The most characters of a message one part carries (a link of a part, with the page's address, stays under
4,000 characters)."""
PART_KEY = "part="
MAX_PARTS = 24
LINK_KEY = "friend="
MAX_PIECES = 4
"""The most messages one catch-up link carries."""
MODES = ("standard", "single-round")

INVITE, ANSWER, COIN, SHUFFLE, OPEN, MOVE = range(1, 7)


@dataclass(frozen=True)
class Invite:
    """The inviter's first message: the match's mode, its signing key, its name, its coin's commitment, and its
    dealing key (an ElGamal public key) with a Schnorr proof that it holds the secret."""

    mode: str
    public: bytes
    name: str
    commitment: bytes
    key: bytes = b""
    key_proof: bytes = b""


@dataclass(frozen=True)
class Answer:
    """The friend's answer: its signing key, its name, its coin, its dealing key with its proof."""

    public: bytes
    name: str
    coin: bytes
    key: bytes = b""
    key_proof: bytes = b""


@dataclass(frozen=True)
class Shuffle:
    """One player's shuffle of a round's 70 places: the deck it received permuted (within each group) and
    re-masked under the joint key, with the argument that it is (raw bytes, read by the game)."""

    round: int
    deck: bytes
    proof: bytes


@dataclass(frozen=True)
class Opens:
    """The sender's decryption shares for places of a round, in increasing place order, with one
    Chaum–Pedersen proof that every share was made with its dealing key (raw bytes, read by the game)."""

    round: int
    places: tuple[int, ...]
    shares: tuple[bytes, ...]
    proof: bytes


@dataclass(frozen=True)
class MoveSection:
    """A move of a round in notation, and the hidden places of its player's hand it gives or sells."""

    round: int
    move: str
    places: tuple[int, ...]


@dataclass(frozen=True)
class Message:
    """One signed message of a friend game."""

    game: bytes
    number: int
    prev: bytes
    invite: Invite | None = None
    answer: Answer | None = None
    coin: bytes | None = None
    shuffle: Shuffle | None = None
    opens: Opens | None = None
    move: MoveSection | None = None
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


@dataclass(frozen=True)
class Sizes:
    """The fixed sizes of a suite's fields (a reader trusts no length it is sent)."""

    public: int
    element: int
    sigma: int
    deck: int
    proof: int


def sizes(suite: Suite) -> Sizes:
    """The field sizes of a suite's messages."""
    from .proofs.group import suite_group
    from .proofs.grouped import grouped_size
    from .proofs.sigma import sigma_size

    pg = suite_group(suite)
    return Sizes(suite.public_size, pg.element_size, sigma_size(pg), 2 * pg.element_size * ITEMS,
                 grouped_size(pg, GROUPS))


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
    z = sizes(suite)
    w = _Writer()
    w.byte(VERSION)
    w.byte(suite.ident)
    w.raw(m.game, GAME_ID_SIZE)
    w.raw(m.number.to_bytes(2, "big"))
    w.raw(m.prev, DIGEST_SIZE)
    if m.invite is not None:
        w.byte(INVITE)
        w.byte(MODES.index(m.invite.mode))
        w.raw(m.invite.public, z.public)
        w.short(_name_bytes(m.invite.name))
        w.raw(m.invite.commitment, 32)
        w.raw(m.invite.key, z.element)
        w.raw(m.invite.key_proof, z.sigma)
    if m.answer is not None:
        w.byte(ANSWER)
        w.raw(m.answer.public, z.public)
        w.short(_name_bytes(m.answer.name))
        w.raw(m.answer.coin, 16)
        w.raw(m.answer.key, z.element)
        w.raw(m.answer.key_proof, z.sigma)
    if m.coin is not None:
        w.byte(COIN)
        w.raw(m.coin, 16)
    if m.shuffle is not None:
        w.byte(SHUFFLE)
        w.byte(m.shuffle.round)
        w.raw(m.shuffle.deck, z.deck)
        w.raw(m.shuffle.proof, z.proof)
    if m.opens is not None:
        w.byte(OPEN)
        w.byte(m.opens.round)
        w.short(bytes(m.opens.places))
        for share in m.opens.shares:
            w.raw(share, z.element)
        w.raw(m.opens.proof, z.sigma)
    if m.move is not None:
        w.byte(MOVE)
        w.byte(m.move.round)
        w.short(m.move.move.encode("ascii"))
        w.short(bytes(m.move.places))
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
        if clean_name(value) != value:   # an honest page writes names cleaned: invisible characters, spaces
            raise Refused(f"The message's {what} holds characters a name never has (invisible or reordering "
                          "ones): it was made by a changed page.", "friend-malformed")
        return value

    def round(self) -> int:
        r = self.byte()
        if not 1 <= r <= 3:
            raise Refused("The message names a round that does not exist.", "friend-malformed")
        return r

    def places(self) -> tuple[int, ...]:
        named = tuple(self.short())
        if list(named) != sorted(set(named)) or any(p >= ITEMS for p in named):
            raise Refused("The message names places out of order or that do not exist.", "friend-malformed")
        return named


def decode(suite: Suite, data: bytes) -> Message:
    """A message from its bytes; raises Refused with the reason when they are not one (signature unchecked)."""
    if data[:1] in OLD_VERSIONS:
        raise Refused("This link was made by an older version of Jaipur's friend games, which this page no longer "
                      "plays: finish that game where it was started, or start a new game together.",
                      "friend-old-version")
    if len(data) < HEADER_SIZE + suite.signature_size:
        raise Refused("This link is cut short: ask your friend to send it again, whole.", "friend-malformed")
    if data[0] != VERSION or data[1] != suite.ident:
        raise Refused("The link is not a message of a friend game of this version.", "friend-malformed")
    z = sizes(suite)
    content, signature = data[:-suite.signature_size], data[-suite.signature_size:]
    r = _Reader(content)
    r.take(2)
    game = r.take(GAME_ID_SIZE)
    number = int.from_bytes(r.take(2), "big")
    prev = r.take(DIGEST_SIZE)
    parts: dict[str, object] = {}
    last = 0
    while r.at < len(content):
        tag = r.byte()
        if tag <= last or tag > MOVE:
            raise Refused("The message's parts are not in order.", "friend-malformed")
        last = tag
        if tag == INVITE:
            mode_index = r.byte()
            if mode_index >= len(MODES):
                raise Refused("The invitation names an unknown mode.", "friend-malformed")
            parts["invite"] = Invite(MODES[mode_index], r.take(z.public), r.text("name"), r.take(32),
                                     r.take(z.element), r.take(z.sigma))
        elif tag == ANSWER:
            parts["answer"] = Answer(r.take(z.public), r.text("name"), r.take(16), r.take(z.element),
                                     r.take(z.sigma))
        elif tag == COIN:
            parts["coin"] = r.take(16)
        elif tag == SHUFFLE:
            parts["shuffle"] = Shuffle(r.round(), r.take(z.deck), r.take(z.proof))
        elif tag == OPEN:
            rnd = r.round()
            places = r.places()
            if not places:
                raise Refused("The message opens no place.", "friend-malformed")
            shares = tuple(r.take(z.element) for _ in places)
            parts["opens"] = Opens(rnd, places, shares, r.take(z.sigma))
        elif tag == MOVE:
            rnd = r.round()
            raw = r.short()
            if not raw or any(not (0x21 <= b < 0x7F) for b in raw):
                raise Refused("The message's move is not notation.", "friend-malformed")
            named = tuple(r.short())
            if len(set(named)) != len(named) or any(p >= ITEMS for p in named):
                raise Refused("The message's move names a place twice.", "friend-malformed")
            parts["move"] = MoveSection(rnd, raw.decode("ascii"), named)
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
    if data[:1] in OLD_VERSIONS:
        raise Refused("This link was made by an older version of Jaipur's friend games, which this page no longer "
                      "plays: finish that game where it was started, or start a new game together.",
                      "friend-old-version")
    if len(data) < HEADER_SIZE:
        raise Refused("This link is cut short: ask your friend to send it again, whole.", "friend-malformed")
    return data[2:2 + GAME_ID_SIZE], int.from_bytes(data[2 + GAME_ID_SIZE:4 + GAME_ID_SIZE], "big")


def _tag(value: str) -> str:
    """The 8 characters that tie a long text's parts together (base64url of its SHA-256)."""
    return b64encode(hashlib.sha256(value.encode("ascii")).digest())[:8]


def split(text: str, size: int = PART_CHARS) -> list[str]:
    """A `friend=` text as the link texts to send: itself when short, else parts of at most `size` characters
    of it, each `part=k.n.tag.chunk` (k from 1; `Parts` joins them in any order).

    >>> split("friend=" + "A" * 10, 4)[:2]
    ['part=1.3.HWW_KUA-.AAAA', 'part=2.3.HWW_KUA-.AAAA']
    >>> split("friend=AB")
    ['friend=AB']
    """
    value = text[text.index(LINK_KEY) + len(LINK_KEY):] if LINK_KEY in text else text
    if len(value) <= size:
        return [LINK_KEY + value]
    chunks = [value[i:i + size] for i in range(0, len(value), size)]
    tag = _tag(value)
    return [f"{PART_KEY}{k}.{len(chunks)}.{tag}.{chunk}" for k, chunk in enumerate(chunks, 1)]


def is_part(text: str) -> bool:
    """Whether a link (or the text after `#`) holds a part of a long message."""
    return isinstance(text, str) and PART_KEY in text and LINK_KEY not in text


@dataclass(frozen=True)
class Part:
    """One part of a long message: its place k of n, the tag of the whole, its characters."""

    k: int
    n: int
    tag: str
    chunk: str


def read_part(text: str) -> Part:
    """A part from its link text; Refused when it is not one."""
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise Refused("This is not a link of a friend game.", "friend-not-a-link")
    at = text.find(PART_KEY)
    value = text[at + len(PART_KEY):] if at >= 0 else ""
    for stop in "&# \n\r\t":
        value = value.split(stop, 1)[0]
    fields = value.split(".", 3)
    try:
        k, n = int(fields[0]), int(fields[1])
        tag, chunk = fields[2], fields[3]
    except (IndexError, ValueError):
        raise Refused("This part of a link is damaged: ask your friend to send it again.", "friend-malformed") from None
    if not (1 <= k <= n <= MAX_PARTS) or len(tag) != 8 or not chunk:
        raise Refused("This part of a link is damaged: ask your friend to send it again.", "friend-malformed")
    return Part(k, n, tag, chunk)


_PART_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.")


def read_sound_part(text: str) -> Part:
    """`read_part`, and Refused when the part shows damage on its own: a character base64url never has, or a part
    before the last shorter or longer than `PART_CHARS` (a chat app cut the link short). `split` makes no other.

    >>> [read_sound_part(t).k for t in split("friend=" + "A" * 4000)]
    [1, 2]
    >>> read_sound_part(split("friend=" + "A" * 4000)[0][:-5])
    Traceback (most recent call last):
    ...
    jaipur.fair.errors.Refused: This link is cut short (part 1 of 2): ask your friend to send it again, whole.
    """
    part = read_part(text)
    if not _PART_CHARS.issuperset(part.chunk) or not _PART_CHARS.issuperset(part.tag):
        raise Refused(f"This link is damaged (part {part.k} of {part.n}): ask your friend to send it again.",
                      "friend-malformed", k=part.k, n=part.n)
    if part.k < part.n and len(part.chunk) != PART_CHARS:
        raise Refused(f"This link is cut short (part {part.k} of {part.n}): ask your friend to send it again, whole.",
                      "friend-malformed", k=part.k, n=part.n)
    return part


def part_texts(text: str) -> list[str]:
    """The parts a text holds (a pasted text may hold several links, one a line or between spaces), in order.

    >>> part_texts("x https://a/#part=1.2.abcdefgh.AA\\n#part=2.2.abcdefgh.B friend=X")
    ['https://a/#part=1.2.abcdefgh.AA', '#part=2.2.abcdefgh.B']
    """
    if not isinstance(text, str):
        return []
    return [word for word in text.split() if is_part(word)]


class Parts:
    """Parts of long messages as they come, in any order; `add` gives the whole `friend=` text once the last
    part of it is in.

    >>> parts = Parts()
    >>> texts = split("friend=" + "AB" * 5, 4)
    >>> [parts.add(t) for t in reversed(texts)]
    [None, None, 'friend=ABABABABAB']
    """

    def __init__(self, held: dict[str, dict[str, Any]] | None = None) -> None:
        self.held: dict[str, dict[str, Any]] = {}
        for tag, entry in (held or {}).items():   # as `held` was saved; anything else is dropped
            if isinstance(entry, dict) and isinstance(entry.get("n"), int) and isinstance(entry.get("chunks"), dict):
                chunks = {str(k): v for k, v in entry["chunks"].items() if isinstance(v, str)}
                self.held[str(tag)] = {"n": entry["n"], "chunks": chunks}

    def add(self, text: str) -> str | None:
        """Take one part (Refused when damaged); the joined text when it completes its message, else None."""
        part = read_part(text)
        entry = self.held.setdefault(part.tag, {"n": part.n, "chunks": {}})
        if entry["n"] != part.n:
            raise Refused("This part of a link does not belong with the others: ask your friend to send them "
                          "again.", "friend-malformed")
        entry["chunks"][str(part.k)] = part.chunk
        if len(entry["chunks"]) < part.n:
            return None
        value = "".join(entry["chunks"][str(k)] for k in range(1, part.n + 1))
        del self.held[part.tag]
        if _tag(value) != part.tag:
            raise Refused("The parts of this link do not fit together: ask your friend to send them again.",
                          "friend-malformed")
        return LINK_KEY + value

    def missing(self, text: str) -> tuple[int, int]:
        """(how many parts are still missing, how many there are) for the message a part belongs to."""
        part = read_part(text)
        entry = self.held.get(part.tag)
        return (part.n - len(entry["chunks"]) if entry else 0), part.n
