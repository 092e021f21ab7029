"""A still picture (`interactive=0`): a position shown from one seat; nothing can be clicked into a move."""

from __future__ import annotations

from ...position import Position
from ...view import view
from ..draw.model import Key, TableState, round_start
from ..i18n import Strings
from .base import BaseMode, Page, fill


class StillMode(BaseMode):
    """A position as a picture, seen by `viewer`."""

    kind = "still"

    def __init__(self, page: Page, position: Position, viewer: int, players: tuple[str, str] | None = None,
                 caption: str = "") -> None:
        super().__init__(page, viewer, players, caption)
        self._position = position

    @property
    def position(self) -> Position:
        """The position shown."""
        return self._position

    def table(self, st: TableState, s: Strings, selection: frozenset[Key], at: Position | None = None) -> None:
        """The picture: every button off, the hint says it is a still picture."""
        p = at or self.position
        seat = self.viewer
        fill(st, p, seat, dict(view(p, seat)), selection, False)
        st.hint, st.turn = ("still", None, None), "over"
        st.names = self.players or ((s.t("name.you"), s.t("name.opponent")) if seat == 0
                                    else (s.t("name.opponent"), s.t("name.you")))
        st.you_are_named = self.players is not None
        st.log = [round_start(p, p.starter)]
        st.caption = self.caption
        st.interactive = False
