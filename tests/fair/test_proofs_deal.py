"""A round-1 deal as the design sketches it, made of the library's parts only (the game does not use them yet):
keys with Schnorr proofs; the inviter shuffles under its key; the friend re-keys to the joint key and shuffles;
hands open to their owners by the other's shares. Every step checked by the other side; the audit's attack
(the friend planting sums of the inviter's places in its own hand places) is refused when it arrives."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from jaipur.fair.items import CARDS, GROUPS, HANDS, ITEMS, MARKET_PLACES, label
from jaipur.fair.proofs import elgamal as eg
from jaipur.fair.proofs import grouped as gr
from jaipur.fair.proofs import sigma
from jaipur.fair.proofs.elgamal import Ciphertext
from jaipur.fair.proofs.errors import ProofFailed
from jaipur.fair.proofs.group import ProofGroup
from jaipur.fair.proofs.transcript import Context
from jaipur.fair.suite import Element

from .toy import counter_random
from .toy_proofs import ToyProofGroup

GAME = b"game-id-0042"
GROUP: ProofGroup = ToyProofGroup()


def ctx(step: str) -> Context:
    return Context(GAME, 1, step)


@dataclass
class Side:
    key: eg.KeyPair
    seed: int

    def random(self, n: int) -> bytes:
        self.seed += 1
        return counter_random(self.seed)(n)


def items() -> list[Element]:
    return [GROUP.hash_to_element(label(GAME, i)) for i in range(ITEMS)]


def start() -> tuple[Side, Side, Element, list[Ciphertext]]:
    """Both keys proven and checked; the public starting deck under the inviter's key (randomness 1)."""
    a = Side(eg.KeyPair.make(GROUP, counter_random(1)), 100)
    b = Side(eg.KeyPair.make(GROUP, counter_random(2)), 200)
    for n, side in enumerate((a, b)):
        proof = sigma.prove_key(GROUP, side.key, ctx("key"), n, side.random)
        sigma.check_key(GROUP, side.key.public, proof, ctx("key"), n)
    h = eg.joint_key(GROUP, [a.key.public, b.key.public])
    return a, b, h, [eg.encrypt(GROUP, a.key.public, m, 1) for m in items()]


def opened(mine: eg.KeyPair, theirs: Element, deck: list[Ciphertext], places: range | tuple[int, ...],
           shares: list[Element], proof: sigma.SigmaProof, step: str) -> list[int]:
    """The items at `places`, opened with the other's proven shares and this side's own."""
    chosen = [deck[p] for p in places]
    sigma.check_shares(GROUP, theirs, chosen, shares, proof, ctx(step))
    table = {GROUP.encode(m): i for i, m in enumerate(items())}
    return [table[GROUP.encode(eg.open_with(GROUP, c, [s, eg.share(GROUP, mine.secret, c)]))]
            for c, s in zip(chosen, shares)]


def deal(cheat: str | None = None) -> dict[str, list[int]]:
    a, b, h, public = start()
    # message 1, the inviter: its deck shuffled by group under its own key
    parts = gr.shuffle_grouped(GROUP, a.key.public, public, GROUPS, a.random)
    deck_a = gr.joined(parts)
    arg_a = gr.prove_grouped(GROUP, a.key.public, public, GROUPS, parts, ctx("deal-inviter"), a.random)
    gr.check_grouped(GROUP, a.key.public, public, deck_a, GROUPS, arg_a, ctx("deal-inviter"))   # the friend
    # message 2, the friend: re-key to H, shuffle by group under H, its shares of the inviter's hand
    rekeyed, rk = sigma.prove_rekey(GROUP, b.key, deck_a, ctx("rekey-friend"), b.random)
    parts_b = gr.shuffle_grouped(GROUP, h, rekeyed, GROUPS, b.random)
    deck_b = gr.joined(parts_b)
    if cheat == "audit":   # its own hand places hold sums of the inviter's places, re-masked
        for j, place in enumerate(HANDS[1]):
            total = rekeyed[j]
            for k in range(1, 5):
                total = Ciphertext(GROUP.add(total.c1, rekeyed[(j + k) % 52].c1),
                                   GROUP.add(total.c2, rekeyed[(j + k) % 52].c2))
            deck_b[place] = eg.remask(GROUP, h, total, 7 + j)
    arg_b = gr.prove_grouped(GROUP, h, rekeyed, GROUPS, parts_b, ctx("deal-friend"), b.random)
    shares_b, proof_b = sigma.prove_shares(GROUP, b.key, [deck_b[p] for p in HANDS[0]], ctx("open-hand-0"),
                                           b.random)
    # the inviter checks everything on arrival, then opens its hand
    sigma.check_rekey(GROUP, b.key.public, deck_a, rekeyed, rk, ctx("rekey-friend"))
    gr.check_grouped(GROUP, h, rekeyed, deck_b, GROUPS, arg_b, ctx("deal-friend"))
    hand_a = opened(a.key, b.key.public, deck_b, HANDS[0], shares_b, proof_b, "open-hand-0")
    # message 3, the inviter: its shares of the friend's hand and of the market
    shares_a, proof_a = sigma.prove_shares(GROUP, a.key, [deck_b[p] for p in HANDS[1]], ctx("open-hand-1"),
                                           a.random)
    if cheat == "share":   # a share of another place sent for the friend's first hand card
        shares_a[0] = eg.share(GROUP, a.key.secret, deck_b[20])
    hand_b = opened(b.key, a.key.public, deck_b, HANDS[1], shares_a, proof_a, "open-hand-1")
    market_shares, market_proof = sigma.prove_shares(GROUP, a.key, [deck_b[p] for p in MARKET_PLACES],
                                                     ctx("open-market"), a.random)
    market = opened(b.key, a.key.public, deck_b, MARKET_PLACES, market_shares, market_proof, "open-market")
    return {"hand_a": hand_a, "hand_b": hand_b, "market": market}


def test_a_whole_deal_opens_distinct_cards_to_their_owners() -> None:
    got = deal()
    every = got["hand_a"] + got["hand_b"] + got["market"]
    assert len(set(every)) == 12 and all(i < CARDS for i in every)


def test_the_audits_attack_is_refused_when_the_deck_arrives() -> None:
    with pytest.raises(ProofFailed) as caught:
        deal("audit")
    assert caught.value.code == "proof-shuffle"


def test_a_wrong_share_for_a_hand_is_refused() -> None:
    with pytest.raises(ProofFailed) as caught:
        deal("share")
    assert caught.value.code == "proof-share"
