"""The page's address, its links and the host page.

`address.py` is the one reader of what `?query` and `#hash` ask for (`query.py` splits a query string),
`linkwriter.py` writes links, `host.py` is the host-page protocol (docs/embedding.md: events posted, commands
checked) and `hostlink.py` the page's side of it, `sharing.py` the share link, export and import, and
`resumer.py` what the page opens from its address, or the saved game it resumes, at boot. `__main__.py` is the
link tool (``python -m jaipur.web.links --help``); the names it writes links with are importable from here too:

>>> make_link("index.html", seed=3, lang="fa")
'index.html?seed=3&lang=fa'
"""

from .linkwriter import CAPTION_HEIGHT, EMBED_HEIGHT, EMBED_HEIGHTS, embed_height, make_link, make_snippet

__all__ = ["CAPTION_HEIGHT", "EMBED_HEIGHT", "EMBED_HEIGHTS", "embed_height", "make_link", "make_snippet"]
