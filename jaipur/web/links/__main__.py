"""The link tool: the command line that writes page links, `<iframe>` snippets and still pages, and checks links
(``python -m jaipur.web.links --help``). Writing a link is linkwriter.py's job (its names are importable from
`jaipur.web.links`); reading an address is address.py's.

>>> make_link("index.html", seed=3, lang="fa")
'index.html?seed=3&lang=fa'
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from typing import Any

from ...position import MODES
from ..i18n import LANGS
from .address import OPPONENTS, SEATS, read_address
from .linkwriter import EMBED_HEIGHT, EMBED_HEIGHTS, make_link, make_snippet

# ---------------------------------------------------------------- command line


def main(argv: list[str] | None = None) -> int:
    """`python -m jaipur.web.links [embed|static]`: write a page link (or its `<iframe>` snippet, or the static
    HTML page of a still picture), or check one (`--check URL`)."""
    import argparse
    from urllib.parse import urlsplit

    args_in = list(sys.argv[1:] if argv is None else argv)
    what = args_in.pop(0) if args_in and args_in[0] in ("link", "embed", "static") else "link"
    ap = argparse.ArgumentParser(prog=f"python -m jaipur.web.links {what}".replace(" link", ""),
                                 description=main.__doc__)
    ap.add_argument("--check", metavar="URL", help="read a link and print what the page would make of it")
    ap.add_argument("--base", default="index.html", help="the page's address (default: index.html)")
    ap.add_argument("--position", metavar="FILE", help="position JSON file ('-' for standard input)")
    ap.add_argument("--record", metavar="FILE", help="record file: JSON or the compact J1.… form")
    ap.add_argument("--solution", help="puzzle solution, e.g. S4L or S4L,S3L")
    ap.add_argument("--caption")
    ap.add_argument("--opponent", choices=OPPONENTS)
    ap.add_argument("--seed", type=int)
    ap.add_argument("--mode", choices=MODES)
    ap.add_argument("--lang", choices=LANGS)
    ap.add_argument("--embed", action="store_true")
    ap.add_argument("--edit", action="store_true", help="open the link in the position editor (?edit=1)")
    ap.add_argument("--interactive", choices=("0", "1"))
    ap.add_argument("--seat", choices=SEATS)
    ap.add_argument("--host", action="append", default=[], help="an origin allowed to send commands (or *)")
    if what == "embed":
        ap.add_argument("--title", default="Jaipur", help="the iframe's title (said by screen readers)")
        ap.add_argument("--height", default=None,
                        help="the iframe's height (default: what the embedded table needs, e.g. "
                             f"{EMBED_HEIGHTS['position']} for a position; {EMBED_HEIGHT} for a record)")
    if what == "static":
        ap.add_argument("--css", default="../assets/css/table.css", help="the stylesheet's address from the file")
        ap.add_argument("--title", default="Jaipur")
    args = ap.parse_args(args_in)
    if args.check:
        parts = urlsplit(args.check)
        req = read_address("?" + parts.query, "#" + parts.fragment)
        print(json.dumps(req.summary(), ensure_ascii=False))
        return 1 if req.problems else 0

    def read(name: str) -> str:
        return sys.stdin.read() if name == "-" else open(name, encoding="utf-8").read()

    try:
        position = json.loads(read(args.position)) if args.position else None
        record: str | Mapping[str, Any] | None = None
        if args.record:
            text = read(args.record).strip()
            record = text if text.startswith("J1.") else json.loads(text)
        embed = args.embed or what != "link"
        interactive = None if args.interactive is None else args.interactive == "1"
        if what == "static":
            interactive = False
        link = make_link(args.base, position, record, solution=args.solution, caption=args.caption,
                         opponent=args.opponent, seed=args.seed, mode=args.mode, lang=args.lang, embed=embed,
                         interactive=interactive, seat=args.seat, hosts=args.host, edit=args.edit)
        if what == "embed":
            link = make_snippet(link, args.title, args.height)
        elif what == "static":
            from ..draw.static import static_page

            link = static_page(link, args.css, args.title).rstrip("\n")
    except (OSError, ValueError) as exc:
        print(f"error: {getattr(exc, 'message', exc)}", file=sys.stderr)
        return 2
    print(link)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
