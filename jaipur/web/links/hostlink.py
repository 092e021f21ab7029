"""The page's side of the host-page API (docs/embedding.md): what it posts to the parent window and what it
does with the commands it receives. `host.py` is the protocol (events built, commands checked); this is
the object the controller owns that posts them and carries the commands out through the controller.
"""

from __future__ import annotations

from typing import Any, Protocol

from ... import safejson
from ..dom import MESSAGE_CHARS
from ..i18n import Reason, problem
from ..modes import Mode, Opener, Platform
from ..startscreen import StartScreen
from . import host
from .address import PageRequest


class Commanded(Opener, Protocol):
    """What the host link needs of the controller: what is shown, and the ways to open something else."""

    platform: Platform
    address: PageRequest
    embed: bool
    mode: Mode | None
    start_screen: StartScreen
    notices: list[Reason]

    def reset(self) -> None: ...


class HostLink:
    """Posts the page's events to the allowed origins and carries out the commands they send."""

    def __init__(self, page: Commanded) -> None:
        self.page = page
        try:
            self.allowed = host.allowed_origins(page.platform.origin(), page.address.hosts)
        except Exception:  # noqa: BLE001 - no origin (file://): no host page may command the page
            self.allowed = tuple(page.address.hosts)

    def post(self, message: dict[str, Any]) -> None:
        """Send an event to the host page (only the origins allowed to see it); never raises."""
        try:
            self.page.platform.post(message, host.event_targets(self.allowed))
        except Exception as exc:  # noqa: BLE001
            self.page.platform.console_warn(f"Jaipur could not tell the host page: {exc}")

    def on_resize(self, height: Any) -> None:
        """An embedded page's content height changed: the host page may fit its iframe to it."""
        if self.page.embed and isinstance(height, (int, float)) and not isinstance(height, bool):
            self.post(host.resize_event(float(height)))

    def post_ready(self) -> None:
        """Tell the host page what is shown (the start screen: a new game, no seat)."""
        mode = self.page.mode
        if mode is None:
            self.post(host.ready_event("game", self.page.start_screen.mode, True, None))
            return
        kind, game_mode, interactive, seat = mode.ready()
        self.post(host.ready_event(kind, game_mode, interactive, seat))

    def on_host(self, event: dict[str, Any]) -> bool:
        """A `message` or `message-refused` event of dom.py; True when the page changed (it is then drawn)."""
        origin = str(event.get("origin") or "")
        if event.get("type") == "message":
            return self.on_message(event.get("data"), origin)
        if not host.origin_allowed(origin, self.allowed):
            return False
        why, size = event.get("why"), event.get("size")
        size = size if isinstance(size, int) and not isinstance(size, bool) else "more than " + str(MESSAGE_CHARS)
        detail = {"size": f"the message is {size} characters long, and at most "
                          f"{MESSAGE_CHARS} are read.",
                  "deep": f"the message is nested more than {safejson.MAX_DEPTH} levels deep.",
                  }.get(str(why), "the message cannot be copied (it refers to itself, or it is nested too deeply).")
        self.post(host.error_event(problem("host.shape", detail=detail), event.get("id")))
        return False

    def on_message(self, data: Any, origin: str) -> bool:
        """A message from the parent window (dom.py passes only those): a command of host.py, or ignored.
        True when a command changed the page. A game a command opens is never saved over the player's."""
        command = host.parse_command(data, origin, self.allowed)
        if command is None:
            return False
        page = self.page
        if isinstance(command, Reason):
            if command.code == "host.origin":
                page.platform.console_warn("Jaipur: " + command.message)
            else:
                cid = data.get("id") if isinstance(data, dict) else None
                self.post(host.error_event(command, cid))
            return False
        if command.type == "reset":
            page.reset()
        elif command.type == "load-record" and command.record is not None:
            page.open_record(command.record, command.seat)
        elif command.type == "load-position" and command.position is not None:
            if command.puzzle is not None:
                page.open_puzzle(command.puzzle, command.caption)
            else:
                interactive = command.interactive if command.interactive is not None else page.address.interactive
                page.open_position(command.position, seat=command.seat, interactive=interactive,
                                   caption=command.caption, saves=False)
        page.notices = []
        return True
