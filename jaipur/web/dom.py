"""The browser side of the table: patch a Node tree into #app, and forward its clicks and keys.

One small JavaScript file (`assets/js/dom.js`, loaded by the page; `window.jaipurDom`) does the DOM work:
it reads the tree as JSON and patches the live DOM in place (same tag: update
attributes, text and children; else replace). Text is always set as text
(`createTextNode` / `.data`), never as markup. Patching in place keeps the
keyboard focus where it was; a newly shown `[data-autofocus]` element gets it.
A draw may carry flights (motion.py): their starts are measured before the patch,
their landings after it, and light copies (outside #app, aria-hidden, no pointer
events, no `data-card`) fly with the Web Animations API within 300 ms while each
landing place stays transparent; a draw that changes the page stops them, and
under `prefers-reduced-motion: reduce` nothing flies.

Event delegation: a click listener and a change listener (file pickers) on #app,
a keydown listener on the document (Escape; the table's shortcut keys of
model.KEY_COMMANDS; 1 2 3 and the arrow keys, Home and End that move the focus
among the rows of cards, each row one Tab stop; the arrows, Home and End step
while the replay viewer is shown) and a message listener (postMessage from the parent
window only) turn each event into a small JSON object ({type, action, value,
card, index, zone, text, …}) and call the controller's dispatcher with it.
The same script posts events to the host page, reads and writes localStorage
(a refusal is None / False, never an exception), downloads a file and copies to
the clipboard.
"""

from __future__ import annotations

import asyncio
import json
import os
import time
from collections.abc import Callable, Coroutine, Sequence
from typing import Any

from .. import safejson
from .draw.model import KEY_COMMANDS, ROVING_ZONES, ZONE_KEYS
from .draw.motion import Flight
from .draw.render import Node, to_data

DOM_SCRIPT = "assets/js/dom.js"
"""The JavaScript half of this module, loaded by index.html as a classic script: it defines `window.jaipurDom`."""


EVENT_CHARS = 4_000_000
"""Longest event text read: a file of 1,000,000 bytes (dom.js's limit) with its JSON escapes."""
MESSAGE_CHARS = 300_000
"""Longest host message read (dom.js refuses longer ones as `message-refused`)."""


def read_event(text: str) -> dict[str, Any] | None:
    """The event dom.js sent, bounded before parsing (safejson); a host message nested too deeply becomes
    `message-refused`, anything else unreadable is None (dropped).

    >>> read_event('{"type": "click", "action": "new"}')["action"]
    'new'
    >>> got = read_event('{"type":"message","origin":"https://a.example","id":7,"data":' + "[" * 50 + "]" * 50 + "}")
    >>> got["why"], got["id"]
    ('deep', 7)
    """
    try:
        event = safejson.loads(text, "The event", max_chars=EVENT_CHARS, max_depth=safejson.MAX_DEPTH + 1)
    except safejson.JsonLimitError:
        if text.startswith('{"type":"message","origin":"'):   # dom.js writes type, origin, id, then data
            origin = text[28:text.find('"', 28)][:300]
            head = text[:text.find(',"data":', 28, 600)]
            try:
                cid = json.loads(head[head.find(',"id":') + 6:]) if ',"id":' in head else None
            except ValueError:
                cid = None
            return {"type": "message-refused", "origin": origin, "why": "deep", "id": cid}
        return None
    return event if isinstance(event, dict) else None


class BrowserPlatform:
    """The controller's platform in the page: draws into #app, runs tasks on the page's event loop."""

    def __init__(self, root: Any) -> None:
        import js

        self.js = js
        self.root = root
        helpers = getattr(js, "jaipurDom", None)
        if helpers is None:
            raise RuntimeError(f"The page's script {DOM_SCRIPT} was not loaded, so the table cannot be drawn.")
        self.helpers = helpers
        self._proxies: list[Any] = []
        self.tasks: set[asyncio.Task[None]] = set()

    def listen(self, dispatch: Callable[[dict[str, Any]], None], origins: Sequence[str] = ("*",)) -> None:
        """Forward the page's clicks, keys, files and the parent window's messages to `dispatch`. dom.js drops
        a message before Python is entered unless it is an object with `"target": "jaipur"` from one of
        `origins` (host.allowed_origins; "*" for any); one too large or that cannot be copied arrives as
        `message-refused`; each event's text is bounded (safejson) before it is parsed."""
        from pyodide.ffi import create_proxy

        def on_event(text: str) -> None:
            event = read_event(str(text))
            if event is not None:
                dispatch(event)

        proxy = create_proxy(on_event)
        self._proxies.append(proxy)
        keymap = {"commands": sorted(KEY_COMMANDS), "zones": dict(ZONE_KEYS), "rows": list(ROVING_ZONES)}
        self.helpers.listen(self.root, proxy, json.dumps(keymap), json.dumps(list(origins)))

    def draw(self, node: Node, lang: str, direction: str, flights: Sequence[Flight] = ()) -> None:
        """Patch the tree into #app (the page's <html> gets the language and direction too) and fly
        `flights` from where they were to where they land (nothing moves under prefers-reduced-motion)."""
        html = self.js.document.documentElement
        if html.lang != lang:
            html.lang = lang
        if html.dir != direction:
            html.dir = direction
        plan = json.dumps([f.to_data() for f in flights], separators=(",", ":")) if flights else ""
        self.helpers.draw(self.root, json.dumps(to_data(node), ensure_ascii=False, separators=(",", ":")), plan)

    def spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        """Run a coroutine on the page's event loop (kept referenced until it ends)."""
        task = asyncio.ensure_future(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def sleep(self, seconds: float) -> None:
        """Give the page a chance to paint and handle input."""
        await asyncio.sleep(seconds)

    def now(self) -> float:
        return time.perf_counter()

    def console_error(self, text: str) -> None:
        self.js.console.error(text)

    def console_warn(self, text: str) -> None:
        self.js.console.warn(text)

    # ------------------------------------------------------------ storage (localStorage; None when refused)
    def load(self, key: str) -> str | None:
        got = self.helpers.storage.load(key)
        return got if isinstance(got, str) else None

    def store(self, key: str, text: str) -> bool:
        return bool(self.helpers.storage.store(key, text))

    def remove(self, key: str) -> None:
        self.helpers.storage.remove(key)

    # ------------------------------------------------------------ the host page, files, clipboard
    def origin(self) -> str:
        return str(self.js.location.origin)

    def page_url(self) -> str:
        """The page's address without query or hash (a share link adds its own)."""
        return str(self.js.location.origin) + str(self.js.location.pathname)

    def post(self, message: dict[str, Any], targets: list[str]) -> None:
        """postMessage to the parent window, for each allowed target origin (nothing when not framed)."""
        self.helpers.post(json.dumps(message, ensure_ascii=False), json.dumps(targets))

    def download(self, filename: str, text: str) -> bool:
        return bool(self.helpers.download(filename, text))

    def apply_update(self) -> None:
        """Let the waiting release of the site take over and reload the page (index.html's jaipurApplyUpdate)."""
        apply = getattr(self.js.window, "jaipurApplyUpdate", None)
        if apply is None:
            self.js.location.reload()
        else:
            apply()

    async def copy(self, text: str) -> bool:
        return bool(await self.helpers.copy(text))

    def random_seed(self) -> int:
        return int.from_bytes(os.urandom(4), "big")

    def name_in_address(self, key: str, value: str | None) -> None:
        """Make the address bar name what is shown (`?key=value`, the hash dropped), or drop `key`: replaced in
        the history (history.replaceState), so nothing reloads, and the address can be copied to share it."""
        url = self.js.URL.new(str(self.js.location.href))
        if value is None:
            url.searchParams.delete(key)
        else:
            url.searchParams.set(key, value)
            url.hash = ""
        if str(url.href) != str(self.js.location.href):
            self.js.history.replaceState(self.js.history.state, "", url.href)

    async def share(self, text: str) -> bool:
        """The system share sheet (navigator.share) with this link, or with several (one a line: shared as text);
        False where the browser has none or the player closed it."""
        navigator = self.js.navigator
        if not hasattr(navigator, "share"):
            return False
        try:
            await navigator.share(self.js.Object.fromEntries([["text" if "\n" in text else "url", text]]))
        except Exception:  # noqa: BLE001 - cancelled, or not allowed here
            return False
        return True

    def live(self, stun: str, report: Callable[[str, str], None]) -> Any:
        """A direct connection to a friend's page (assets/js/live.js: an RTCPeerConnection and its data channel),
        its events sent to `report`; ICE servers: none, or the player's STUN URL. None without WebRTC."""
        from pyodide.ffi import create_proxy

        helpers = getattr(self.js, "jaipurLive", None)
        if helpers is None or not helpers.supported:
            return None
        proxy = create_proxy(report)
        return _LiveChannel(helpers.connect(stun, proxy), proxy)

    def alert_turn(self) -> None:
        """The friend's move has come: a short tone and a buzz (live.js; the browser may refuse either)."""
        helpers = getattr(self.js, "jaipurLive", None)
        if helpers is not None:
            helpers.alertTurn()

    def hidden(self) -> bool:
        """Whether the page is out of sight (`document.hidden`): pondering waits for it to show again."""
        return bool(getattr(self.js.document, "hidden", False))

    async def load_package(self, url: str) -> bool:
        """Fetch a zip of Python modules from the site and unpack it where this Python imports from (the
        friend games' cryptography); False when it cannot be fetched."""
        import sysconfig

        from pyodide.http import pyfetch

        try:
            response = await pyfetch(url)
            if not response.ok:
                return False
            await response.unpack_archive(extract_dir=sysconfig.get_paths()["purelib"], format="zip")
        except Exception as exc:  # noqa: BLE001 - offline and not cached: the page says so in a sentence
            self.js.console.warn(f"Jaipur: could not load {url}: {exc}")
            return False
        return True


class _LiveChannel:
    """live.js's connection as `jaipur.web.live.session.Channel`. Its report proxy is kept, not destroyed: a close
    often comes from inside a report (the friend said bye), and a proxy must not be destroyed while it runs; one
    small proxy per connection made is all it costs."""

    def __init__(self, connection: Any, proxy: Any) -> None:
        self.connection, self.proxy = connection, proxy

    async def offer(self) -> str:
        return str(await self.connection.offer())

    async def answer(self, sdp: str) -> str:
        return str(await self.connection.answer(sdp))

    async def accept(self, sdp: str) -> bool:
        return bool(await self.connection.accept(sdp))

    def send(self, text: str) -> bool:
        return bool(self.connection.send(text))

    def close(self) -> None:
        self.connection.close()   # live.js reports nothing once closed

    def servers(self) -> str:
        return str(self.connection.servers())
