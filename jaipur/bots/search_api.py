"""The engine's public search API as the bots use it (one import point while the names settle)."""

from __future__ import annotations

from .. import rules

legal_tuple = getattr(rules, "legal_tuple", None) or rules._legal_tuple  # noqa: SLF001
"""Sorted legal moves, memoised (see `jaipur.rules.legal_tuple`)."""
play_unchecked = getattr(rules, "play_unchecked", None) or rules._play  # noqa: SLF001
"""The position after a move known to be legal (see `jaipur.rules.play_unchecked`)."""


def legal_cache_size() -> int:
    """How many legal-move listings the engine holds in memory."""
    cache = getattr(rules, "legal_cache", None)
    return len(cache) if cache is not None else len(rules._LEGAL_CACHE)  # noqa: SLF001


def clear_legal_cache() -> None:
    """Forget the engine's memoised legal-move listings (they are rebuilt on demand)."""
    cache = getattr(rules, "legal_cache", None)
    if cache is not None:
        cache.clear()
    else:
        rules._LEGAL_CACHE.clear()  # noqa: SLF001
        rules._LEGAL_SET_CACHE.clear()  # noqa: SLF001
