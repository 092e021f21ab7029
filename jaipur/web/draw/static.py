"""Still pictures without Python in the browser: the page's own renderer, run in CPython, serialised to an
HTML file that links the same stylesheet (`static_page`). A still picture (`interactive=0`) needs nothing else.

Only what the page would show is written: the tree is the one the page draws, so hidden information (the
opponent's hand, the deck's order, the bonus values) is as absent as it is in the page.
"""

from __future__ import annotations

from collections.abc import Coroutine
from typing import Any

from ..links.address import PageRequest, read_address
from .render import Node, escape, to_html


class _StaticPlatform:
    """The page's surroundings when nothing runs: keeps the tree drawn, stores nothing, posts nothing."""

    def __init__(self) -> None:
        self.node: Node | None = None
        self.lang = "en"
        self.dir = "ltr"

    def draw(self, node: Node, lang: str, direction: str, flights: Any = ()) -> None:
        self.node, self.lang, self.dir = node, lang, direction

    def spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        coro.close()

    async def sleep(self, seconds: float) -> None:
        return None

    def now(self) -> float:
        return 0.0

    def console_error(self, text: str) -> None:
        raise RuntimeError(text)

    def console_warn(self, text: str) -> None:
        return None

    def random_seed(self) -> int:
        return 0

    def load(self, key: str) -> str | None:
        return None

    def store(self, key: str, text: str) -> bool:
        return False

    def remove(self, key: str) -> None:
        return None

    def origin(self) -> str:
        return ""

    def page_url(self) -> str:
        return ""

    def post(self, message: dict[str, Any], targets: list[str]) -> None:
        return None

    def download(self, filename: str, text: str) -> bool:
        return False

    def apply_update(self) -> None:
        return None

    async def copy(self, text: str) -> bool:
        return False

    def name_in_address(self, key: str, value: str | None) -> None:
        return None

    async def load_package(self, url: str) -> bool:
        return False

    def live(self, stun: str, report: Any) -> None:
        return None

    def alert_turn(self) -> None:
        return None

    def hidden(self) -> bool:
        return False


def still_tree(request: PageRequest) -> tuple[Node, str, str]:
    """The tree the page draws for a still picture (its language and direction too).
    Raises ValueError when the request is not a still picture of a position, or has problems."""
    from ..app import Controller

    if request.problems:
        raise ValueError(request.problems[0].message)
    if request.kind != "position" or request.interactive:
        raise ValueError("only a still picture of a position (interactive=0) can be written as static HTML")
    platform = _StaticPlatform()
    controller = Controller(platform, request)
    controller.boot()
    if platform.node is None:
        raise ValueError("the page drew nothing")
    return platform.node, platform.lang, platform.dir


RESIZE_SCRIPT = """<script>
  // as the live page does (docs/embedding.md, the resize event): tell a same-origin parent the table's height
  if (window.parent !== window && window.ResizeObserver) {
    const el = document.querySelector("#app > .jaipur");
    let last = -1;
    new ResizeObserver(() => {
      const height = Math.ceil(el.getBoundingClientRect().height);
      if (height > 0 && height !== last) {
        last = height;
        window.parent.postMessage({source: "jaipur", version: 1, type: "resize", height}, window.origin);
      }
    }).observe(el);
  }
</script>"""


def static_page(link: str, css: str = "../assets/css/table.css", title: str = "Jaipur", poster: bool = False) -> str:
    """A whole HTML page showing the still picture that `link` (a page address) asks for, styled by `css`.
    A `poster` stands in for a live table the host page loads later: it says `data-jaipur="loading"`."""
    from urllib.parse import urlsplit

    parts = urlsplit(link)
    request = read_address("?" + parts.query if parts.query else "", "#" + parts.fragment if parts.fragment else "")
    node, lang, direction = still_tree(request)
    embed = ' data-embed="1"' if request.embed else ""
    state = 'loading" data-poster="1' if poster else "ready"
    return (f'<!doctype html>\n<html lang="{escape(lang, True)}" dir="{escape(direction, True)}" data-jaipur="{state}"'
            f'{embed} data-static="1">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f'<title>{escape(title)}</title>\n<link rel="icon" href="data:,">\n'
            f'<link rel="stylesheet" href="{escape(css, True)}">\n</head>\n'
            f'<body>\n<div id="app">{to_html(node)}</div>\n{RESIZE_SCRIPT}\n</body>\n</html>\n')
