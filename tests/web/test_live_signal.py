"""The live channel's offer and answer codes (jaipur/web/live/signal.py): what a browser's description holds
round-trips through a short code into a description with the same credentials, fingerprint and candidates;
anything else pasted is refused in a sentence, never with another exception."""

from __future__ import annotations

import ipaddress
import uuid

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jaipur.fair.errors import Refused
from jaipur.record import b64encode
from jaipur.web.live import signal

ICE = st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+/", min_size=4, max_size=40)
ADDRESS = st.one_of(
    st.integers(0, 2**32 - 1).map(lambda n: str(ipaddress.IPv4Address(n))),
    st.integers(0, 2**128 - 1).map(lambda n: str(ipaddress.IPv6Address(n))),
    st.uuids().map(lambda u: f"{u}.local"),
    st.from_regex(r"[a-z][a-z0-9-]{0,20}\.example", fullmatch=True))
CANDIDATE = st.builds(signal.Candidate, st.sampled_from(signal.TYPES), ADDRESS, st.integers(1, 65535))


@settings(max_examples=200, deadline=None)
@given(kind=st.sampled_from([signal.OFFER, signal.ANSWER]), game=st.binary(min_size=12, max_size=12),
       setup=st.sampled_from(signal.SETUPS), ufrag=ICE, pwd=ICE, fingerprint=st.binary(min_size=32, max_size=32),
       candidates=st.lists(CANDIDATE, max_size=6, unique=True))
def test_a_code_round_trips_through_text_and_through_a_description(
        kind: int, game: bytes, setup: str, ufrag: str, pwd: str, fingerprint: bytes,
        candidates: list[signal.Candidate]) -> None:
    s = signal.Signal(kind, game, setup, ufrag, pwd, fingerprint, tuple(candidates))
    text = s.to_text()
    assert signal.read(text) == s
    assert signal.read("https://example.org/index.html#friend=AAAA&" + text) == s   # inside a link
    assert signal.from_sdp(s.to_sdp(), game, kind) == s                           # what the browser is given


def test_chromiums_offer_travels_in_under_200_characters_and_only_udp() -> None:
    s = signal.from_sdp(signal.SAMPLE_OFFER, b"g" * 12, signal.OFFER)
    assert len(s.to_text()) < 200
    assert [c.address for c in s.candidates] == ["192.0.2.2", "fd00::2"]   # the TCP candidate is dropped
    assert s.servers == ()


def test_an_mdns_name_travels_as_sixteen_bytes() -> None:
    name = f"{uuid.UUID(int=7)}.local"
    s = signal.Signal(0, b"g" * 12, "actpass", "abcd", "p" * 22, bytes(32), (signal.Candidate("host", name, 9),))
    assert signal.read(s.to_text()).candidates[0].address == name
    assert len(s.pack()) == 2 + 12 + 1 + 5 + 23 + 32 + 1 + 1 + 16 + 2


@pytest.mark.parametrize("text", ["", "live=", "live=AAAA", "live=!!!!", "live=" + "A" * 1200, "hello",
                                  "live=" + b64encode(bytes([9, 0]) + bytes(100)),
                                  "live=" + b64encode(bytes([1, 5]) + bytes(100))])
def test_what_is_not_a_code_is_refused_in_a_sentence(text: str) -> None:
    with pytest.raises(Refused) as caught:
        signal.read(text)
    assert caught.value.code in ("live-malformed", "live-not-a-code") and caught.value.message


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300))
def test_any_bytes_are_read_or_refused_never_an_other_error(data: bytes) -> None:
    try:
        signal.read("live=" + b64encode(data))
    except Refused:
        pass


@settings(max_examples=100, deadline=None)
@given(cut=st.integers(0, 120))
def test_a_cut_code_is_refused(cut: int) -> None:
    s = signal.from_sdp(signal.SAMPLE_OFFER, b"g" * 12, signal.OFFER)
    packed = s.pack()
    if cut >= len(packed):
        return
    with pytest.raises(Refused):
        signal.read("live=" + b64encode(packed[:cut]))


def test_a_description_without_credentials_or_fingerprint_is_refused() -> None:
    for drop in ("a=ice-ufrag", "a=ice-pwd", "a=fingerprint", "a=setup"):
        sdp = "\n".join(line for line in signal.SAMPLE_OFFER.splitlines() if not line.startswith(drop))
        with pytest.raises(Refused):
            signal.from_sdp(sdp, b"g" * 12, signal.OFFER)
