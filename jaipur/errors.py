"""Typed errors: every failure carries a code (a rule id or an input kind) and a player's sentence."""

from __future__ import annotations


class JaipurError(ValueError):
    """Base error: `code` is a rule id ("R13c") or one of the input codes; `message` a sentence."""

    code = "error"

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code

    def to_json(self) -> dict[str, dict[str, str]]:
        """The command line's error object."""
        return {"error": {"code": self.code, "message": self.message}}


class IllegalMoveError(JaipurError):
    """A well-formed move the rules forbid here; `code` is the broken rule's id or "unavailable"."""

    code = "illegal"


class BadMoveError(JaipurError):
    """Text that is not a move in the notation."""

    code = "bad-move"


class BadPositionError(JaipurError):
    """A position that cannot be read or breaks the manifest."""

    code = "bad-position"


class BadRecordError(JaipurError):
    """A game record that cannot be read or does not replay."""

    code = "bad-record"


class MatchOverError(JaipurError):
    """A move or a new round asked for after the match has ended."""

    code = "over"
