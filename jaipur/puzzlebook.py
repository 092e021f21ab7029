"""The puzzle collection, now `jaipur.study.puzzlebook`: this name keeps working, as `python -m jaipur.puzzlebook`
does (the study tools are imported only when one of their names is asked for, or the command runs)."""

from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:
    """A name of `jaipur.study.puzzlebook`."""
    from .study import puzzlebook

    return getattr(puzzlebook, name)


if __name__ == "__main__":
    from jaipur.study.puzzlebook_cli import main

    main()
