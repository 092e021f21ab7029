"""The page's node tree: `h()` builds an element, `Node` is one element or text, and the small tools every
render module and the browser glue share (walk, find, text_of, to_data for dom.py's patcher, to_html for
static pages and tests, escape). No browser import and no game knowledge here.

>>> to_html(h("p", {"class": "x", "hidden": False}, "a < b", None, [h("br")]))
'<p class="x">a &lt; b<br></p>'
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

TEXT = "#text"


@dataclass(slots=True)
class Node:
    """An element (tag, attrs, children) or a text node (tag '#text', text)."""

    tag: str
    attrs: dict[str, str] = field(default_factory=dict)
    children: list[Node] = field(default_factory=list)
    text: str | None = None


Child = Any  # Node | str | None | list of those


def h(tag: str, attrs: dict[str, Any] | None = None, *children: Child) -> Node:
    """An element: attribute values True -> present (""), False/None -> absent, others -> str.
    Children may be Nodes, strings (text nodes), None (skipped) or lists of those."""
    clean: dict[str, str] = {}
    for k, v in (attrs or {}).items():
        if v is None or v is False:
            continue
        clean[k] = "" if v is True else str(v)
    return Node(tag, clean, list(_flat(children)))


def _flat(children: Any) -> Iterator[Node]:
    for c in children:
        if c is None or c is False:
            continue
        if isinstance(c, Node):
            yield c
        elif isinstance(c, (list, tuple)):
            yield from _flat(c)
        else:
            yield Node(TEXT, text=str(c))


def walk(node: Node) -> Iterator[Node]:
    """Every node of the tree, depth first."""
    yield node
    for c in node.children:
        yield from walk(c)


def to_data(node: Node) -> Any:
    """The JSON form dom.py's patcher reads: a text node is a string, an element [tag, attrs, children]."""
    if node.tag == TEXT:
        return node.text or ""
    return [node.tag, node.attrs, [to_data(c) for c in node.children]]


_VOID = {"br", "img", "hr", "input", "meta", "link"}


def escape(text: str, quote: bool = False) -> str:
    """Text made safe inside HTML (and inside a quoted attribute when `quote`), as html.escape does;
    the stdlib `html` module is not imported because it costs ~25 ms of every page load in Pyodide.

    >>> escape('<b class="x">&</b>', quote=True)
    '&lt;b class=&quot;x&quot;&gt;&amp;&lt;/b&gt;'
    """
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return text.replace('"', "&quot;").replace("'", "&#x27;") if quote else text


def to_html(node: Node) -> str:
    """HTML text of the tree, every text and attribute escaped (for tests and static snapshots)."""
    if node.tag == TEXT:
        return escape(node.text or "")
    attrs = "".join(f' {k}="{escape(v, quote=True)}"' if v != "" else f" {k}" for k, v in node.attrs.items())
    if node.tag in _VOID:
        return f"<{node.tag}{attrs}>"
    return f"<{node.tag}{attrs}>{''.join(to_html(c) for c in node.children)}</{node.tag}>"


def find(node: Node, **attrs: str) -> list[Node]:
    """Elements whose attributes equal the given ones (underscores in names read as dashes)."""
    want = {k.replace("_", "-"): v for k, v in attrs.items()}
    return [n for n in walk(node) if n.tag != TEXT and all(n.attrs.get(k) == v for k, v in want.items())]


def text_of(node: Node) -> str:
    """All text under a node, joined."""
    return "".join(n.text or "" for n in walk(node) if n.tag == TEXT)
