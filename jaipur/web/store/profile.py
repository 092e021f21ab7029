"""What the browser remembers about the player between visits: the language chosen and the
matches won, lost and drawn against each computer level — apart from them, practice matches (in which undo
was used), under `practice`.

It is kept as one small JSON object under `PROFILE_KEY` in localStorage (the controller reads and
writes it through its platform). Whatever is stored is read defensively: a missing, corrupt or
foreign value gives an empty profile, never an error, and unknown parts are dropped.

>>> p = Profile().with_lang("fa").with_result("trader", "won").with_result("trader", "lost")
>>> p.lang, p.record("trader"), p.record("novice")
('fa', Tally(won=1, lost=1, drawn=0), Tally(won=0, lost=0, drawn=0))
>>> read_profile(profile_text(p)) == p
True
>>> read_profile("{not json") == Profile()
True
>>> q = p.with_result("trader", "won", practice=True)
>>> q.record("trader"), q.practice_record("trader")
(Tally(won=1, lost=1, drawn=0), Tally(won=1, lost=0, drawn=0))
>>> read_profile(profile_text(q)) == q
True

Stored: `{"lang": "fa", "stats": {level: {"won": n, "lost": n, "drawn": n}}, "practice": {level: {...}}}`;
`practice` is absent from profiles written before it existed, which read as no practice match.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from ... import safejson
from ..i18n import LANGS
from .saved import set_aside

PROFILE_KEY = "jaipur.profile.v1"
"""The localStorage key of the profile (the saved match has its own key, saved.STORAGE_KEY)."""
OUTCOMES = ("won", "lost", "drawn")
MAX_COUNT = 10**9
MAX_TEXT = 20_000
"""Longest profile read (characters): a profile with every level is under 1,000."""
MAX_DEPTH = 4
"""Deepest profile read: {"stats": {level: {outcome: n}}} is 3 levels."""


@dataclass(frozen=True)
class Tally:
    """Matches won, lost and drawn against one level."""

    won: int = 0
    lost: int = 0
    drawn: int = 0

    @property
    def played(self) -> int:
        """How many matches were finished."""
        return self.won + self.lost + self.drawn


@dataclass(frozen=True)
class Profile:
    """The language chosen on the page (None: not chosen yet) and a tally per computer level: of the matches
    played without undo (`stats`), and of the practice matches, in which undo was used (`practice`)."""

    lang: str | None = None
    stats: dict[str, Tally] = field(default_factory=dict)
    practice: dict[str, Tally] = field(default_factory=dict)

    def record(self, level: str) -> Tally:
        """The tally against `level` (zeros when no match was finished against it)."""
        return self.stats.get(level, Tally())

    def practice_record(self, level: str) -> Tally:
        """The tally of practice matches (undo used) against `level`."""
        return self.practice.get(level, Tally())

    def with_lang(self, lang: str) -> Profile:
        """This profile with the language chosen (an unknown language changes nothing)."""
        return replace(self, lang=lang) if lang in LANGS else self

    def with_result(self, level: str, outcome: str, practice: bool = False) -> Profile:
        """This profile with one more finished match against `level`: outcome is won, lost or drawn; a
        `practice` match (undo was used) is counted apart."""
        if outcome not in OUTCOMES:
            raise ValueError(f"unknown outcome {outcome!r}")
        old = self.practice_record(level) if practice else self.record(level)
        new = replace(old, **{outcome: min(MAX_COUNT, getattr(old, outcome) + 1)})
        if practice:
            return replace(self, practice={**self.practice, level: new})
        return replace(self, stats={**self.stats, level: new})

    def any_played(self) -> bool:
        """Whether any match against the computer was finished (practice ones too)."""
        return any(t.played for t in (*self.stats.values(), *self.practice.values()))


def outcome_for(match_winner: int | str | None, human_seat: int) -> str | None:
    """won / lost / drawn for the player in `human_seat`, or None while the match goes on.

    >>> outcome_for(0, 0), outcome_for(0, 1), outcome_for("draw", 1), outcome_for(None, 0)
    ('won', 'lost', 'drawn', None)
    """
    if match_winner is None:
        return None
    if match_winner == "draw":
        return "drawn"
    return "won" if match_winner == human_seat else "lost"


def _count(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_COUNT else 0


def _data(text: str | None) -> Any:
    """The stored JSON data, or None when there is none or it cannot be read (bounded before parsing)."""
    if not text or not isinstance(text, str):
        return None
    try:
        return safejson.loads(text, "The profile", max_chars=MAX_TEXT, max_depth=MAX_DEPTH)
    except safejson.JsonLimitError:
        return None


def readable(text: str | None) -> bool:
    """Whether a stored profile can be read (a JSON object within the limits); nothing stored is readable too."""
    return not text or isinstance(_data(text), dict)


def read_profile(text: str | None) -> Profile:
    """The profile stored as `text`; an empty one when it is missing or cannot be read."""
    data = _data(text)
    if not isinstance(data, dict):
        return Profile()
    lang = data.get("lang")
    return Profile(lang=lang if lang in LANGS else None, stats=_tallies(data.get("stats")),
                   practice=_tallies(data.get("practice")))


def _tallies(raw: Any) -> dict[str, Tally]:
    """A stored {level: {won, lost, drawn}} object (what cannot be read is dropped)."""
    out: dict[str, Tally] = {}
    if isinstance(raw, dict):
        for level, tally in list(raw.items())[:20]:
            if isinstance(level, str) and len(level) <= 20 and isinstance(tally, dict):
                out[level] = Tally(*(_count(tally.get(k)) for k in OUTCOMES))
    return out


def profile_text(profile: Profile) -> str:
    """The profile as the JSON text that is stored."""
    data: dict[str, Any] = {"lang": profile.lang,
                            "stats": {lv: {k: getattr(t, k) for k in OUTCOMES} for lv, t in profile.stats.items()}}
    if profile.practice:
        data["practice"] = {lv: {k: getattr(t, k) for k in OUTCOMES} for lv, t in profile.practice.items()}
    return json.dumps(data, separators=(",", ":"), sort_keys=True)


class Storage(Protocol):
    """The browser's storage as the profile uses it."""

    def load(self, key: str) -> str | None: ...
    def store(self, key: str, text: str) -> bool: ...
    def remove(self, key: str) -> None: ...
    def console_warn(self, text: str) -> None: ...


def load_profile(storage: Storage) -> Profile:
    """The profile kept in the browser (an empty one when there is none or storage refuses); one that cannot
    be read is set aside (saved.set_aside) so the next visit starts fresh."""
    try:
        text = storage.load(PROFILE_KEY)
    except Exception:  # noqa: BLE001 - storage refused: nothing remembered
        return Profile()
    if not readable(text):
        set_aside(storage, PROFILE_KEY, str(text))
        return Profile()
    return read_profile(text)


def keep_profile(storage: Storage, profile: Profile) -> None:
    """Store the profile; a refusal goes to the console only (statistics are a convenience)."""
    try:
        storage.store(PROFILE_KEY, profile_text(profile))
    except Exception as exc:  # noqa: BLE001
        storage.console_warn(f"Jaipur could not keep the statistics: {type(exc).__name__}: {exc}")


__all__ = ["PROFILE_KEY", "Profile", "Tally", "keep_profile", "load_profile", "outcome_for", "profile_text",
           "read_profile", "readable"]
