"""The offer and the answer of a live channel as short text: what of a WebRTC session description matters
(the ICE credentials, the DTLS fingerprint, the setup role, the UDP candidates) packed into bytes, and a
description rebuilt from them that the browser accepts.

An offer travels in a link, `#live=…` (with the game's pending message as `friend=…` when there is one); the
answer travels as text to paste, `live=…`, never as a link (opening it would reload the offering page and
drop its connection). Both name the game, so a code of another game is refused.

    version (1) | kind (1: 0 offer, 1 answer) | game id (12) | setup (1) | ufrag (1+n) | pwd (1+n)
    | fingerprint (32, sha-256) | candidates (1), each: kind (1: type << 4 | address form) | address | port (2)

>>> sdp = SAMPLE_OFFER
>>> s = from_sdp(sdp, b"g" * 12, OFFER)
>>> text = s.to_text()
>>> len(text) < 200, read(text) == s
(True, True)
>>> "a=fingerprint:sha-256 B6:24" in read(text).to_sdp()
True
"""

from __future__ import annotations

import ipaddress
import re
import uuid
from dataclasses import dataclass

from ...fair.errors import Refused
from ...fair.wire import GAME_ID_SIZE
from ...record import b64decode, b64encode

KEY = "live="
VERSION = 1
OFFER, ANSWER = 0, 1
SETUPS = ("actpass", "active", "passive")
TYPES = ("host", "srflx", "prflx", "relay")
TYPE_PREFERENCE = {"host": 126, "prflx": 110, "srflx": 100, "relay": 0}
IPV4, IPV6, MDNS, NAME = range(4)
MAX_CANDIDATES = 16
MAX_TEXT = 1_000
"""The longest code read (characters): a few candidates fit in under 300."""
FINGERPRINT_SIZE = 32

SAMPLE_OFFER = """v=0
o=- 1929436195206048229 2 IN IP4 127.0.0.1
s=-
t=0 0
a=group:BUNDLE 0
m=application 42146 UDP/DTLS/SCTP webrtc-datachannel
c=IN IP4 192.0.2.2
a=candidate:2218994188 1 udp 2113937151 192.0.2.2 42146 typ host generation 0 network-cost 999
a=candidate:1327885292 1 udp 2113942271 fd00::2 51218 typ host generation 0 network-cost 999
a=candidate:3 1 tcp 1518280447 192.0.2.2 9 typ host tcptype active generation 0
a=ice-ufrag:Q/xY
a=ice-pwd:7Lckg7s4yxsyCX75H+Pnz0Xh
a=ice-options:trickle
a=fingerprint:sha-256 B6:24:09:CC:64:77:65:AD:BE:62:17:91:33:75:88:98:94:42:87:0C:4C:23:AA:4D:70:CF:C5:EC:06:F6:13:3B
a=setup:actpass
a=mid:0
a=sctp-port:5000
a=max-message-size:262144
"""
"""An offer as headless Chromium makes it (its TCP candidate is dropped: only UDP ones travel)."""

_ICE_CHARS = re.compile(r"[A-Za-z0-9+/]{1,255}\Z")
_NAME_CHARS = re.compile(r"[A-Za-z0-9.-]{1,253}\Z")


@dataclass(frozen=True)
class Candidate:
    """One UDP candidate: its type (host, srflx, prflx, relay), its address (an IP or an mDNS name), its port."""

    type: str
    address: str
    port: int


@dataclass(frozen=True)
class Signal:
    """What one side tells the other to connect: offer or answer, for one game."""

    kind: int
    game: bytes
    setup: str
    ufrag: str
    pwd: str
    fingerprint: bytes
    candidates: tuple[Candidate, ...]

    def to_text(self) -> str:
        """The code: `live=` and base64url of the packed bytes."""
        return KEY + b64encode(self.pack())

    def pack(self) -> bytes:
        """The packed bytes (the module's layout)."""
        out = bytearray([VERSION, self.kind])
        out += self.game
        out.append(SETUPS.index(self.setup))
        for text in (self.ufrag, self.pwd):
            raw = text.encode("ascii")
            out.append(len(raw))
            out += raw
        out += self.fingerprint
        out.append(len(self.candidates))
        for c in self.candidates:
            form, raw = _address_bytes(c.address)
            out.append(TYPES.index(c.type) << 4 | form)
            if form == NAME:
                out.append(len(raw))
            out += raw
            out += c.port.to_bytes(2, "big")
        return bytes(out)

    def to_sdp(self) -> str:
        """A session description the browser accepts, rebuilt from what travelled."""
        fingerprint = ":".join(f"{b:02X}" for b in self.fingerprint)
        lines = ["v=0", f"o=- {int.from_bytes(self.game[:7], 'big')} 2 IN IP4 127.0.0.1", "s=-", "t=0 0",
                 "a=group:BUNDLE 0", "a=msid-semantic: WMS", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
                 "c=IN IP4 0.0.0.0"]
        for i, c in enumerate(self.candidates):
            priority = (TYPE_PREFERENCE[c.type] << 24) + ((65535 - i) << 8) + 255
            related = " raddr 0.0.0.0 rport 0" if c.type != "host" else ""
            lines.append(f"a=candidate:{i + 1} 1 udp {priority} {c.address} {c.port} typ {c.type}{related}"
                         " generation 0")
        lines += [f"a=ice-ufrag:{self.ufrag}", f"a=ice-pwd:{self.pwd}", "a=ice-options:trickle",
                  f"a=fingerprint:sha-256 {fingerprint}", f"a=setup:{self.setup}", "a=mid:0",
                  "a=sctp-port:5000", "a=max-message-size:262144"]
        return "\r\n".join(lines) + "\r\n"

    @property
    def servers(self) -> tuple[str, ...]:
        """The candidate types it names other than host (a STUN or TURN server was asked)."""
        return tuple(sorted({c.type for c in self.candidates if c.type != "host"}))


def _address_bytes(address: str) -> tuple[int, bytes]:
    try:
        ip = ipaddress.ip_address(address)
        return (IPV4 if ip.version == 4 else IPV6), ip.packed
    except ValueError:
        pass
    if address.endswith(".local"):
        try:
            u = uuid.UUID(address[:-6])
            if str(u) == address[:-6].lower():
                return MDNS, u.bytes
        except ValueError:
            pass
    return NAME, address.encode("ascii")


def from_sdp(sdp: str, game: bytes, kind: int) -> Signal:
    """What travels of a session description made by the browser; Refused when it lacks what a channel needs."""
    fields: dict[str, str] = {}
    candidates: list[Candidate] = []
    for line in sdp.splitlines():
        line = line.strip()
        if line.startswith("a=candidate:"):
            found = _candidate(line)
            if found is not None and found not in candidates and len(candidates) < MAX_CANDIDATES:
                candidates.append(found)
        elif line.startswith("a=") and ":" in line:
            key, _, value = line[2:].partition(":")
            fields.setdefault(key, value.strip())
    fingerprint = fields.get("fingerprint", "")
    algorithm, _, hexes = fingerprint.partition(" ")
    try:
        digest = bytes.fromhex(hexes.replace(":", ""))
    except ValueError:
        digest = b""
    setup = fields.get("setup", "")
    if (algorithm.lower() != "sha-256" or len(digest) != FINGERPRINT_SIZE or setup not in SETUPS
            or not _ICE_CHARS.match(fields.get("ice-ufrag", "")) or not _ICE_CHARS.match(fields.get("ice-pwd", ""))):
        raise Refused("The browser made a connection description this page cannot send.", "live-no-channel")
    return Signal(kind, bytes(game), setup, fields["ice-ufrag"], fields["ice-pwd"], digest, tuple(candidates))


def _candidate(line: str) -> Candidate | None:
    """A UDP candidate line's type, address and port (None for TCP or anything unreadable)."""
    parts = line[len("a=candidate:"):].split()
    if len(parts) < 8 or parts[2].lower() != "udp" or parts[6] != "typ" or parts[7] not in TYPES:
        return None
    try:
        port = int(parts[5])
    except ValueError:
        return None
    if not 0 < port < 65536:
        return None
    form, raw = _address_bytes(parts[4])
    if form == NAME and not _NAME_CHARS.match(parts[4]):
        return None
    return Candidate(parts[7], parts[4], port)


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def take(self, size: int) -> bytes:
        if self.at + size > len(self.data):
            raise _bad("it is cut short")
        out = self.data[self.at:self.at + size]
        self.at += size
        return out

    def byte(self) -> int:
        return self.take(1)[0]

    def ascii(self, pattern: re.Pattern[str]) -> str:
        try:
            text = self.take(self.byte()).decode("ascii")
        except UnicodeDecodeError:
            raise _bad("a field is not text") from None
        if not pattern.match(text):
            raise _bad("a field holds characters it may not")
        return text


def _bad(why: str) -> Refused:
    return Refused(f"This connection code is damaged ({why}): ask your friend for a new one.", "live-malformed")


def find(text: str) -> str | None:
    """The code in a pasted text or a link (after `live=`, up to `&` or a space); None when it holds none."""
    at = text.find(KEY) if isinstance(text, str) else -1
    if at < 0:
        return None
    code = text[at + len(KEY):]
    for stop in "&# \n\r\t":
        code = code.split(stop, 1)[0]
    return code


def read(text: str) -> Signal:
    """A code (with or without `live=`, or a link holding one) read back; Refused in a sentence when it is not."""
    code = find(text) if isinstance(text, str) and KEY in text else text
    if not isinstance(code, str) or not code:
        raise Refused("This is not a connection code of a live game.", "live-not-a-code")
    if len(code) > MAX_TEXT:
        raise _bad("it is far too long")
    try:
        data = b64decode(code)
    except ValueError:
        raise _bad("it is not base64url") from None
    r = _Reader(data)
    if r.byte() != VERSION:
        raise _bad("it was made by another version of the page")
    kind = r.byte()
    if kind not in (OFFER, ANSWER):
        raise _bad("it is neither an offer nor an answer")
    game = r.take(GAME_ID_SIZE)
    setup = r.byte()
    if setup >= len(SETUPS):
        raise _bad("its setup role is unknown")
    ufrag, pwd = r.ascii(_ICE_CHARS), r.ascii(_ICE_CHARS)
    fingerprint = r.take(FINGERPRINT_SIZE)
    count = r.byte()
    if count > MAX_CANDIDATES:
        raise _bad("it names too many addresses")
    candidates = []
    for _ in range(count):
        head = r.byte()
        type_, form = head >> 4, head & 15
        if type_ >= len(TYPES) or form > NAME:
            raise _bad("an address is of an unknown kind")
        if form == IPV4:
            address = str(ipaddress.IPv4Address(r.take(4)))
        elif form == IPV6:
            address = str(ipaddress.IPv6Address(r.take(16)))
        elif form == MDNS:
            address = str(uuid.UUID(bytes=r.take(16))) + ".local"
        else:
            address = r.ascii(_NAME_CHARS)
        port = int.from_bytes(r.take(2), "big")
        if port == 0:
            raise _bad("an address has no port")
        candidates.append(Candidate(TYPES[type_], address, port))
    if r.at != len(data):
        raise _bad("it goes on past its end")
    return Signal(kind, game, SETUPS[setup], ufrag, pwd, fingerprint, tuple(candidates))
