"""The browser side of the table: patch a Node tree into #app, and forward its clicks and keys.

One small JavaScript function (below, compiled once per page) does the DOM work:
it reads the tree as JSON and patches the live DOM in place (same tag: update
attributes, text and children; else replace). Text is always set as text
(`createTextNode` / `.data`), never as markup. Patching in place keeps the
keyboard focus where it was; a newly shown `[data-autofocus]` element gets it.

Event delegation: one click listener and one keydown listener on #app turn an
event into a small JSON object ({type, action, value, card, index, zone}) and
call the controller's dispatcher with it.
"""

from __future__ import annotations

import asyncio
import json
import os
import time
from collections.abc import Callable, Coroutine
from typing import Any

from .render import Node, to_data

_JS = r"""
(() => {
  const build = (spec) => {
    if (typeof spec === "string") return document.createTextNode(spec);
    const el = document.createElement(spec[0]);
    const attrs = spec[1];
    for (const k in attrs) el.setAttribute(k, attrs[k]);
    for (const kid of spec[2]) el.appendChild(build(kid));
    return el;
  };
  const patch = (parent, el, spec) => {
    if (typeof spec === "string") {
      if (el.nodeType === 3) { if (el.data !== spec) el.data = spec; return; }
      parent.replaceChild(document.createTextNode(spec), el);
      return;
    }
    if (el.nodeType !== 1 || el.localName !== spec[0]) { parent.replaceChild(build(spec), el); return; }
    const attrs = spec[1];
    for (let i = el.attributes.length - 1; i >= 0; i--) {
      const name = el.attributes[i].name;
      if (!Object.prototype.hasOwnProperty.call(attrs, name)) el.removeAttribute(name);
    }
    for (const k in attrs) if (el.getAttribute(k) !== attrs[k]) el.setAttribute(k, attrs[k]);
    patchChildren(el, spec[2]);
  };
  const patchChildren = (el, kids) => {
    let node = el.firstChild;
    for (const kid of kids) {
      if (node) { const next = node.nextSibling; patch(el, node, kid); node = next; }
      else el.appendChild(build(kid));
    }
    while (node) { const next = node.nextSibling; el.removeChild(node); node = next; }
  };
  const focusKey = (el) => {
    if (!el || !el.dataset) return null;
    if (el.dataset.action) return `[data-action="${el.dataset.action}"]`;
    const zone = el.closest("[data-zone]");
    if (el.dataset.card && zone) return `[data-zone="${zone.dataset.zone}"] [data-index="${el.dataset.index}"]`;
    return null;
  };
  let lastAuto = null;
  const draw = (root, json) => {
    const active = document.activeElement;
    const key = root.contains(active) ? focusKey(active) : null;
    patchChildren(root, [JSON.parse(json)]);
    const auto = root.querySelector("[data-autofocus]");
    if (auto && auto !== lastAuto) auto.focus();
    else if (key && !root.contains(document.activeElement)) {
      const again = root.querySelector(key) || root.querySelector("[data-zone=hand] button, [data-zone=market] button");
      if (again) again.focus();
    }
    lastAuto = auto;
  };
  const listen = (root, callback) => {
    root.addEventListener("click", (event) => {
      const el = event.target.closest("[data-action], [data-card]");
      if (!el || !root.contains(el) || el.disabled) return;
      const zone = el.closest("[data-zone]");
      const d = el.dataset;
      callback(JSON.stringify({type: "click", action: d.action || "", value: d.value || "", card: d.card || "",
                               index: d.index || "", zone: zone ? zone.dataset.zone : ""}));
    });
    root.addEventListener("keydown", (event) => {
      if (event.key === "Escape") callback(JSON.stringify({type: "key", key: "Escape"}));
    });
  };
  return {draw, listen};
})()
"""


class BrowserPlatform:
    """The controller's platform in the page: draws into #app, runs tasks on the page's event loop."""

    def __init__(self, root: Any) -> None:
        import js

        self.js = js
        self.root = root
        self.helpers = js.eval(_JS)
        self._proxies: list[Any] = []
        self.tasks: set[asyncio.Task[None]] = set()

    def listen(self, dispatch: Callable[[dict[str, Any]], None]) -> None:
        """Forward every click/key of #app to `dispatch` as a plain dict."""
        from pyodide.ffi import create_proxy

        def on_event(text: str) -> None:
            try:
                event = json.loads(str(text))
            except ValueError:
                return
            dispatch(event)

        proxy = create_proxy(on_event)
        self._proxies.append(proxy)
        self.helpers.listen(self.root, proxy)

    def draw(self, node: Node, lang: str, direction: str) -> None:
        """Patch the tree into #app; the page's <html> gets the language and direction too."""
        html = self.js.document.documentElement
        if html.lang != lang:
            html.lang = lang
        if html.dir != direction:
            html.dir = direction
        self.helpers.draw(self.root, json.dumps(to_data(node), ensure_ascii=False, separators=(",", ":")))

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

    def random_seed(self) -> int:
        return int.from_bytes(os.urandom(4), "big")
