"""Live play with a friend: a direct browser-to-browser channel (`signal`: the offer and answer as short codes;
`session`: the channel's state and frames). The page's side is `web/modes/friend_live.py`; the browser's is
`assets/js/live.js`. Importing this package loads nothing else (the page's boot needs only `LIVE_ACTIONS`)."""

LIVE_ACTIONS = frozenset({"go-live", "live-off", "live-stun", "live-alert", "friend-rematch", "friend-accept-rematch"})
"""The buttons of a live game (they reach the friend game's mode like the other friend buttons)."""
