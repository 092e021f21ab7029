"""Drive both sides of a friend game in one process: every message of one side handed to the other."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from jaipur.fair import FriendGame, Suite
from jaipur.rng import Rng

from .toy import ToySuite, counter_random

Choose = Callable[[FriendGame, Rng], str]


def random_move(side: FriendGame, rng: Rng) -> str:
    """A legal move of the side, drawn from the seeded generator."""
    legal = side.legal_moves()
    return legal[rng.below(len(legal))]


@dataclass
class Match:
    """Both sides of a game and every message text in the order it travelled."""

    sides: tuple[FriendGame, FriendGame]
    texts: list[str] = field(default_factory=list)


def start(seed: int, suite: Suite | None = None, mode: str = "standard") -> Match:
    """The invitation and its answer, made with seeded 'randomness' (tests only)."""
    suite = suite or ToySuite()
    a = FriendGame.invite("Ava", mode, suite=suite, random=counter_random(2 * seed))
    b = FriendGame.accept(a.outgoing_text(), "Bo", suite=suite, random=counter_random(2 * seed + 1))
    return Match((a, b), [a.outgoing_text(), b.outgoing_text()])


def step(match: Match, rng: Rng, choose: Choose = random_move) -> bool:
    """Hand the last message to the side it is for; that side moves if it must. False when nothing is left."""
    sender = FriendGame_sender(match)
    receiver = match.sides[1 - sender]
    receiver.receive(match.texts[-1])
    if receiver.move_due():
        receiver.play(choose(receiver, rng))
    text = receiver.outgoing_text()
    if not text or text == match.texts[-1]:
        return False
    match.texts.append(text)
    return True


def FriendGame_sender(match: Match) -> int:  # noqa: N802 - reads as what it returns
    """The seat that sent the last message (messages alternate, the inviter sends the odd ones)."""
    return (len(match.texts) - 1) % 2


def play(seed: int, suite: Suite | None = None, mode: str = "standard", choose: Choose = random_move,
         limit: int = 2000) -> Match:
    """A whole match between two honest sides."""
    match = start(seed, suite, mode)
    rng = Rng(seed)
    for _ in range(limit):
        if not step(match, rng, choose):
            return match
    raise AssertionError("the match did not end")
