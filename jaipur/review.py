"""The game review, now `jaipur.study.review`: this name keeps working (the study tools are imported only when
one of their names is asked for, so the engine's layer imports nothing above it)."""

from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:
    """A name of `jaipur.study.review`."""
    from .study import review

    return getattr(review, name)
