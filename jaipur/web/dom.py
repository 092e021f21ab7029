"""The browser side of the table: patch a Node tree into #app, and forward its clicks and keys.

One small JavaScript function (below, compiled once per page) does the DOM work:
it reads the tree as JSON and patches the live DOM in place (same tag: update
attributes, text and children; else replace). Text is always set as text
(`createTextNode` / `.data`), never as markup. Patching in place keeps the
keyboard focus where it was; a newly shown `[data-autofocus]` element gets it.

Event delegation: a click listener and a change listener (file pickers) on #app,
a keydown listener on the document (Escape; the arrow keys, Home and End while
the replay viewer is shown) and a message listener (postMessage from the parent
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
  let sizes = null, sized = null;  // the embedded page's ResizeObserver and the element it watches
  const watchSize = (root) => {
    const el = root.firstElementChild;
    if (sizes && el && el !== sized) { if (sized) sizes.unobserve(sized); sizes.observe(el); sized = el; }
  };
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
    watchSize(root);
  };
  const listen = (root, callback) => {
    const send = (obj) => callback(JSON.stringify(obj));
    root.addEventListener("click", (event) => {
      const el = event.target.closest("[data-action], [data-card]");
      if (!el || !root.contains(el) || el.disabled) return;
      const zone = el.closest("[data-zone]");
      const d = el.dataset;
      const input = d.input ? document.getElementById(d.input) : null;  // a paste box the button reads
      send({type: "click", action: d.action || "", value: d.value || "", card: d.card || "",
            index: d.index || "", zone: zone ? zone.dataset.zone : "", text: input ? String(input.value || "") : ""});
    });
    root.addEventListener("change", (event) => {  // a file picker: its text goes to the controller
      const el = event.target;
      if (!el.matches || !el.matches("input[type=file][data-file]")) return;
      const file = el.files && el.files[0];
      el.value = "";
      if (!file) return;
      if (file.size > 1000000) { send({type: "file", action: el.dataset.file, text: "", size: -1}); return; }
      file.text().then((text) => send({type: "file", action: el.dataset.file, text, size: file.size}),
                       () => send({type: "file", action: el.dataset.file, text: "", size: 0}));
    });
    document.addEventListener("keydown", (event) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      const key = event.key;
      if (key === "Escape") { send({type: "key", key}); return; }
      if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(key)) return;
      const target = event.target;
      if (target && target.closest && target.closest("input, textarea, select, [contenteditable]")) return;
      if (!root.querySelector("[data-keys=replay]") || root.querySelector("[aria-modal=true]")) return;
      event.preventDefault();
      send({type: "key", key});
    });
    if (window.parent !== window && window.ResizeObserver) {  // an embedded page tells its height
      let last = -1, queued = false;
      const measure = () => {
        queued = false;
        const el = root.firstElementChild;
        const height = el ? Math.ceil(el.getBoundingClientRect().height) : 0;
        if (height > 0 && height !== last) { last = height; send({type: "resize", height}); }
      };
      sizes = new ResizeObserver(() => { if (!queued) { queued = true; requestAnimationFrame(measure); } });
      watchSize(root);
    }
    window.addEventListener("message", (event) => {  // only the parent window may command an embedded page
      if (window.parent === window || event.source !== window.parent) return;
      let text;
      try { text = JSON.stringify({type: "message", origin: String(event.origin), data: event.data === undefined ? null : event.data}); }
      catch (err) { return; }
      if (text.length <= 300000) callback(text);
    });
  };
  const post = (json, targets) => {  // an event for the host page, to the allowed origins only
    if (window.parent === window) return;
    const message = JSON.parse(json);
    const ancestors = location.ancestorOrigins;
    const parent = ancestors && ancestors.length ? ancestors[0] : null;
    for (const target of JSON.parse(targets)) {
      if (target !== "*" && parent !== null && target !== parent) continue;  // a wrong origin would only log an error
      try { window.parent.postMessage(message, target); } catch (err) { /* a bad origin: nothing to tell */ }
    }
  };
  const storage = {
    load: (key) => {  // undefined (Python None) when absent or refused; JS null would arrive as jsnull
      try { const text = window.localStorage.getItem(key); return text === null ? undefined : text; }
      catch (err) { return undefined; }
    },
    store: (key, text) => { try { window.localStorage.setItem(key, text); return true; } catch (err) { return false; } },
    remove: (key) => { try { window.localStorage.removeItem(key); } catch (err) { /* nothing stored */ } },
  };
  const download = (name, text) => {
    const url = URL.createObjectURL(new Blob([text], {type: "application/json"}));
    const a = document.createElement("a");
    a.href = url; a.download = name; a.hidden = true;
    document.body.appendChild(a); a.click(); a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 30000);
    return true;
  };
  const copy = (text) => (navigator.clipboard && window.isSecureContext
    ? navigator.clipboard.writeText(text).then(() => true, () => false) : Promise.resolve(false));
  return {draw, listen, post, storage, download, copy};
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

    async def copy(self, text: str) -> bool:
        return bool(await self.helpers.copy(text))

    def random_seed(self) -> int:
        return int.from_bytes(os.urandom(4), "big")
