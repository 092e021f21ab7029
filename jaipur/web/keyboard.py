"""The page's keys: Escape, the table's letter keys (model.KEY_COMMANDS, by physical key) and the replay
viewer's arrows. The controller owns one `Keyboard` and hands it every key event; the keyboard acts through
the controller's chrome (its dialogs, its buttons) and the current mode's actions, and keeps nothing itself.
"""

from __future__ import annotations

from typing import Any, Protocol

from .draw.model import key_command
from .i18n import Reason, Strings
from .modes import Mode

CLOSABLE_DIALOGS = ("confirm", "game", "share", "import", "keys", "rules")
"""Dialogs that Close and Escape shut (the round and match results wait for their own buttons)."""
ARROWS = {"ArrowRight": "replay-forward", "ArrowLeft": "replay-back", "Home": "replay-first", "End": "replay-last"}
"""The replay viewer's keys (left and right swap in a right-to-left language)."""


class Keyed(Protocol):
    """What the keyboard needs of the controller: what is shown, the dialogs, and the buttons' actions."""

    embed: bool
    dialog: str | None
    error: Reason | None
    tools_open: bool
    friend_open: bool
    mode: Mode | None

    @property
    def screen(self) -> str: ...
    @property
    def strings(self) -> Strings: ...
    def open_dialog(self, name: str) -> None: ...
    def close_dialog(self) -> None: ...
    def clear(self) -> None: ...
    def on_action(self, action: str, value: str, event: dict[str, Any]) -> None: ...


class Keyboard:
    """What a key does on the page (it holds no state of its own)."""

    def __init__(self, page: Keyed) -> None:
        self.page = page

    def on_key(self, key: str, code: str = "") -> None:
        """Escape closes a dialog or clears the selection; the table's letter keys (model.KEY_COMMANDS,
        by physical key) act like its buttons; in the replay viewer the arrows step (mirrored in Persian,
        right to left), Home and End jump to the first and last frame."""
        page = self.page
        command = key_command(code, key)
        if command is not None:
            self.on_command(command)
            return
        if key == "Escape":
            if page.tools_open or page.friend_open:
                page.tools_open = page.friend_open = False
            elif page.dialog in CLOSABLE_DIALOGS:
                page.close_dialog()
            elif page.error is not None:
                page.error = None
            else:
                page.clear()
            return
        if page.strings.dir == "rtl" and key in ("ArrowRight", "ArrowLeft"):
            key = "ArrowLeft" if key == "ArrowRight" else "ArrowRight"
        action = ARROWS.get(key)
        if action is not None and page.mode is not None and action in page.mode.actions and page.dialog is None:
            page.mode.act(action, "")

    def on_command(self, command: str) -> None:
        """A shortcut key's command: what the button of the same name does, when that button could be pressed
        (the site's tools, undo and suggest, are not there when embedded)."""
        page = self.page
        if command == "keys":
            self.toggle_keys()
        elif page.screen == "table" and page.dialog is None and not (page.embed and command in ("undo", "suggest")):
            page.on_action(command, "", {})

    def toggle_keys(self) -> None:
        """Open the Keys dialog (H, ?, or the bar's Keys button), or close it when it is open."""
        if self.page.dialog == "keys":
            self.page.close_dialog()
        elif self.page.dialog is None:
            self.page.open_dialog("keys")


__all__ = ["ARROWS", "CLOSABLE_DIALOGS", "Keyboard", "Keyed"]
