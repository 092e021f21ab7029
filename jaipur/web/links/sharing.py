"""Sharing, export and import: the share dialog's link and its Copy button, the record downloaded as JSON,
and a record read from a file or pasted text (opened in the replay viewer, or its problem explained).
The controller owns one `Sharing`; what it shows goes to the renderer through `Controller.state()`.
"""

from __future__ import annotations

from typing import Any, Protocol

from ...record import Record
from ..draw.panels import SharePanel
from ..i18n import Reason
from ..modes import Mode, Platform
from ..modes.base import copy_text
from ..store.saved import download_record, import_record
from .linkwriter import make_link


class Sharer(Protocol):
    """What sharing needs of the controller: the platform, the language, the mode, the dialog and notices."""

    platform: Platform
    lang: str
    mode: Mode | None
    dialog: str | None
    notices: list[Reason]

    def draw(self) -> None: ...
    def open_record(self, record: Record, seat: int | str | None = None) -> None: ...


class Sharing:
    """The share dialog's state (`share`), the last import's problem (`problem`), and what their buttons do."""

    def __init__(self, page: Sharer) -> None:
        self.page = page
        self.share: SharePanel | None = None        # the share dialog: link, copied (None, True, False)
        self.problem: Reason | None = None          # why the last import failed

    def clear(self) -> None:
        """Forget the share dialog and the import's problem (their dialog closed, or the mode left)."""
        self.share = None
        self.problem = None

    def shareable(self) -> Record | None:
        """The record the share dialog and the export offer."""
        mode = self.page.mode
        return mode.shareable() if mode is not None else None

    def open_share(self) -> None:
        """The share dialog: a link that replays the match (or the replayed record) move by move."""
        rec = self.shareable()
        if rec is None:
            return
        lang = self.page.lang
        link = make_link(self.page.platform.page_url(), record=rec, lang=lang if lang != "en" else None)
        self.share = {"link": link, "copied": None}
        self.page.dialog = "share"

    def copy_link(self) -> None:
        """The share dialog's Copy button (the dialog then says whether it worked)."""
        if self.share is not None:
            self.page.platform.spawn(self._copy(str(self.share["link"])))

    async def _copy(self, text: str) -> None:
        ok = await copy_text(self.page.platform, text)
        if self.share is not None and self.share.get("link") == text:
            self.share = {**self.share, "copied": ok}
            self.page.draw()

    def export(self) -> None:
        """Download the record as a JSON file."""
        rec = self.shareable()
        if rec is None:
            return
        self.page.dialog = None
        self.page.notices.append(download_record(self.page.platform, rec))

    def import_text(self, text: Any, too_big: bool = False) -> None:
        """A record from the file picker or pasted text opens in the replay viewer; a bad one is explained."""
        got = import_record("x" * 600_000 if too_big else text)
        if isinstance(got, Reason):
            self.problem = got
            self.page.dialog = "import"
            return
        self.page.open_record(got, 0)
