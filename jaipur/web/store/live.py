"""What the browser remembers for live games with a friend: the STUN server the player named (none by default,
so no request leaves the site) and whether the friend's move is announced by a tone and a buzz.

Kept as one small JSON object under `LIVE_KEY`; whatever is stored is read defensively (a missing or damaged
value gives the defaults).

>>> s = read_settings('{"stun": "stun:stun.example.org:3478", "alert": false}')
>>> s.stun, s.alert
('stun:stun.example.org:3478', False)
>>> read_settings("{broken") == LiveSettings()
True
>>> clean_stun(" stun:stun.example.org "), clean_stun("https://example.org")
('stun:stun.example.org', None)
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Protocol

from ... import safejson

LIVE_KEY = "jaipur.live.v1"
MAX_TEXT = 2_000
_STUN = re.compile(r"stuns?:[A-Za-z0-9.\-]{1,253}(:[0-9]{1,5})?\Z")


class Storage(Protocol):
    """Where it is kept (the page's platform)."""

    def load(self, key: str) -> str | None: ...
    def store(self, key: str, text: str) -> bool: ...


@dataclass(frozen=True)
class LiveSettings:
    """The player's choices for live games: a STUN URL ('' for none) and the your-turn tone and buzz."""

    stun: str = ""
    alert: bool = True


def clean_stun(text: str) -> str | None:
    """A STUN URL as the connection takes it (`stun:host[:port]`, or `stuns:`), '' for none; None when it is not one.
    Only STUN: a TURN server needs credentials this page has no place for."""
    text = text.strip() if isinstance(text, str) else ""
    if not text:
        return ""
    return text if _STUN.match(text) else None


def read_settings(text: str | None) -> LiveSettings:
    """The settings stored as text (the defaults for anything missing or damaged)."""
    if not text:
        return LiveSettings()
    try:
        data: Any = safejson.loads(text, "The live settings", max_chars=MAX_TEXT, max_depth=2)
    except ValueError:
        return LiveSettings()
    if not isinstance(data, dict):
        return LiveSettings()
    stun = clean_stun(data.get("stun", "")) if isinstance(data.get("stun", ""), str) else None
    alert = data.get("alert", True)
    return LiveSettings(stun or "", alert if isinstance(alert, bool) else True)


def load_settings(storage: Storage) -> LiveSettings:
    """The settings kept in this browser."""
    return read_settings(storage.load(LIVE_KEY))


def keep_settings(storage: Storage, settings: LiveSettings) -> bool:
    """Keep the settings; False when the browser refuses to store them."""
    return storage.store(LIVE_KEY, json.dumps({"stun": settings.stun, "alert": settings.alert}))
