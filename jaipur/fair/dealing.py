"""The cryptography of one round's deal, as Barnett and Smart deal cards: every item an ElGamal ciphertext
under the players' joint key, each player's shuffle proven, every card opened by a proven decryption share.

A round starts from a public deck (item i encrypted under the joint key H with randomness 1: anyone can make
it). The friend shuffles it and proves it (Terelius–Wikström, one argument per group of places); the inviter
shuffles the friend's deck and proves it; the result is the round's deal, whose order neither knows. A place
opens to a player when the other sends its share sk·C1 with a Chaum–Pedersen proof; the player subtracts
its own share and finds the item among the round's 70 points. Nothing here keeps state: `FriendGame`
holds the keys and decks, this module makes and checks what goes in a message.

>>> from jaipur.fair.proofs.transcript import Context
>>> Context(b"g" * 12, 1, shuffle_step(1)).step, Context(b"g" * 12, 1, open_step(7)).step
('shuffle-seat-1', 'open-message-7')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .items import GROUPS, ITEMS, label
from .proofs import elgamal as eg
from .proofs import grouped, sigma
from .proofs.elgamal import Ciphertext, KeyPair
from .proofs.errors import ProofFailed
from .proofs.group import ProofGroup, read_element
from .proofs.pace import Pacer, Steps
from .proofs.transcript import Context
from .suite import Element

Random = Callable[[int], bytes]


def key_context(game: bytes) -> Context:
    """Where a dealing key's Schnorr proof belongs (the seat is added by `sigma`)."""
    return Context(game, 0, "key")


def shuffle_step(seat: int) -> str:
    """The step a seat's shuffle of a round is proven under (each seat shuffles once a round)."""
    return f"shuffle-seat-{seat}"


def open_step(number: int) -> str:
    """The step the shares of one message are proven under (its number: a proof never serves twice)."""
    return f"open-message-{number}"


def prove_key(pg: ProofGroup, key: KeyPair, game: bytes, seat: int, random: Random) -> tuple[bytes, bytes]:
    """A dealing key and its Schnorr proof, as bytes."""
    proof = sigma.prove_key(pg, key, key_context(game), seat, random)
    return pg.encode(key.public), proof.to_bytes(pg)


def check_key(pg: ProofGroup, public: bytes, proof: bytes, game: bytes, seat: int) -> Element:
    """The sender's dealing key, its proof checked (`proof-key`, `proof-malformed`)."""
    element = read_element(pg, public)
    sigma.check_key(pg, element, sigma.SigmaProof.from_bytes(pg, proof), key_context(game), seat)
    return element


def item_points(pg: ProofGroup, game: bytes, pacer: Pacer) -> Steps[list[Element]]:
    """The 70 items' points of a game (each hashed from its public label: nobody knows a relation)."""
    points = []
    for i in range(ITEMS):
        points.append(pg.hash_to_element(label(game, i)))
        yield from pacer.pause()
    return points


def starting_deck(pg: ProofGroup, joint: Element, points: Sequence[Element]) -> list[Ciphertext]:
    """A round's public starting deck: item i at place i under the joint key, randomness 1."""
    return [eg.encrypt(pg, joint, m, 1) for m in points]


def shuffle_steps(pg: ProofGroup, joint: Element, deck: Sequence[Ciphertext], game: bytes, round_number: int,
                  seat: int, random: Random, pacer: Pacer) -> Steps[tuple[list[Ciphertext], bytes, bytes]]:
    """This seat's shuffle of `deck` (within each group) re-masked under the joint key, with its argument:
    (the new deck, its bytes, the argument's bytes)."""
    parts = yield from grouped.shuffle_grouped_steps(pg, joint, deck, GROUPS, random, pacer)
    out = grouped.joined(parts)
    context = Context(game, round_number, shuffle_step(seat))
    proof = yield from grouped.prove_grouped_steps(pg, joint, deck, GROUPS, parts, context, random, pacer)
    return out, eg.write_ciphertexts(pg, out), proof


def read_deck(pg: ProofGroup, data: bytes) -> list[Ciphertext]:
    """A deck's 70 ciphertexts from its bytes, every point checked (`proof-malformed`)."""
    return eg.read_ciphertexts(pg, data, ITEMS)


def read_deck_steps(pg: ProofGroup, data: bytes, pacer: Pacer) -> Steps[list[Ciphertext]]:
    """`read_deck`, stepped (140 points to decode and check)."""
    size = 2 * pg.element_size
    if len(data) != ITEMS * size:
        raise ProofFailed("proof-malformed", f"{len(data)} bytes where a deck has {ITEMS * size}")
    deck = []
    for k in range(ITEMS):
        deck.append(eg.read_ciphertexts(pg, data[k * size:(k + 1) * size], 1)[0])
        yield from pacer.pause()
    return deck


def check_shuffle_steps(pg: ProofGroup, joint: Element, deck: Sequence[Ciphertext], data: bytes, proof: bytes,
                        game: bytes, round_number: int, seat: int, pacer: Pacer) -> Steps[list[Ciphertext]]:
    """The shuffled deck a seat sent, refused (`proof-shuffle`, `proof-malformed`) unless its argument shows
    it is `deck` permuted within each group and re-masked under the joint key."""
    out = yield from read_deck_steps(pg, data, pacer)
    context = Context(game, round_number, shuffle_step(seat))
    yield from grouped.check_grouped_steps(pg, joint, deck, out, GROUPS, proof, context, pacer)
    return out


def make_shares(pg: ProofGroup, key: KeyPair, ciphers: Sequence[Ciphertext], game: bytes, round_number: int,
                number: int, random: Random, pacer: Pacer) -> Steps[tuple[tuple[bytes, ...], bytes]]:
    """This side's decryption shares of some places, and one proof for all of them, as bytes (stepped)."""
    shares, proof = yield from sigma.prove_shares_steps(pg, key, ciphers, Context(game, round_number,
                                                                                  open_step(number)), random, pacer)
    return tuple(pg.encode(s) for s in shares), proof.to_bytes(pg)


def check_shares(pg: ProofGroup, public: Element, ciphers: Sequence[Ciphertext], shares: Sequence[bytes],
                 proof: bytes, game: bytes, round_number: int, number: int, pacer: Pacer) -> Steps[list[Element]]:
    """The shares a message sent, refused (`proof-share`, `proof-malformed`) unless each is the sender's key
    applied to its place's C1 (stepped)."""
    points = [read_element(pg, s) for s in shares]
    yield from sigma.check_shares_steps(pg, public, ciphers, points, sigma.SigmaProof.from_bytes(pg, proof),
                                        Context(game, round_number, open_step(number)), pacer)
    return points


def own_share(pg: ProofGroup, key: KeyPair, c: Ciphertext) -> Element:
    """This side's share of a place (never sent unless the other may see the place)."""
    return eg.share(pg, key.secret, c)


def open_place(pg: ProofGroup, c: Ciphertext, shares: Sequence[Element], table: dict[bytes, int]) -> int | None:
    """The item at a place from both players' shares; None when the point is none of the round's items."""
    return table.get(pg.encode(eg.open_with(pg, c, shares)))
