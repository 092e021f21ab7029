"""Pure rendering: `render(state, strings) -> Node`, a tiny virtual-DOM tree of the whole page.

No browser import here: the tree is tested in CPython and handed to dom.py, which
patches it into #app. Text is always a text node (names and URL text are never
markup), and the tree is drawn from a seat's view (model.TableState), so it never
holds the opponent's cards, the deck order or the opponent's bonus values.

This module is the entry point: the page's frame (live region, error, update) and the screen it shows, each
drawn by a module of its own (render_start, render_pass, render_table with render_panel and render_replay,
render_editor, render_friend), and the dialogs over the page (render_dialogs); each is imported when first
drawn. The tree's tools (nodes.py) are re-exported here.

Stable test hooks (DESIGN.md, "The page"): zones `[data-zone=…]`, cards
`[data-card=D]` with `aria-pressed`, `button[data-action=take|camels|exchange|sell]`,
`data-turn` on the table root, `data-move` on log entries, dialogs
`[data-round-result]` and `[data-match-result][data-winner]`.
"""

from __future__ import annotations

from ...cards import ORDER
from ..i18n import Strings
from .model import TableState
from .nodes import TEXT as TEXT  # the tree's tools, re-exported
from .nodes import Child as Child
from .nodes import Node as Node
from .nodes import escape as escape
from .nodes import find as find
from .nodes import h as h
from .nodes import text_of as text_of
from .nodes import to_data as to_data
from .nodes import to_html as to_html
from .nodes import walk as walk
from .render_parts import actor

# ====================================================================== the page


def render(state: TableState, s: Strings) -> Node:
    """The whole page under #app for this state, in this language."""
    body = screen(state, s)
    panel = None
    if state.dialog is not None:
        from .render_dialogs import page_dialog

        panel = page_dialog(state, s)
    if panel is not None:  # a modal dialog over the page: what is behind it cannot be focused or clicked
        body.attrs["inert"] = ""
    return h("div", {"class": "jaipur" + (" embed" if state.embed else ""), "lang": s.lang, "dir": s.dir,
                     "data-screen": state.screen, "data-view": state.kind, "data-page": page_key(state)},
             _live(state, s), _error(state, s), _update(state, s), body, panel)


def screen(state: TableState, s: Strings) -> Node:
    """The screen shown, drawn by its own module, imported the first time that screen is drawn: a page that
    opens on the start screen loads the table's dozen modules only when a table is shown."""
    if state.screen == "start":
        from .render_start import start_screen

        return start_screen(state, s)
    if state.screen == "pass":
        from .render_pass import pass_screen

        return pass_screen(state, s)
    if state.screen == "editor":
        from .render_editor import editor_screen

        return editor_screen(state, s)
    if state.screen == "friend":
        from .render_friend import friend_screen

        return friend_screen(state, s)
    from .render_table import table_screen

    return table_screen(state, s)


def page_key(state: TableState) -> str:
    """Which page the player takes this for (the screen, what the table shows, which collection puzzle): when it
    changes, a new page opens, and dom.js shows it from the top."""
    return " ".join((state.screen, state.kind, state.collection["id"] if state.collection else ""))


def _live(state: TableState, s: Strings) -> Node:
    """The page's one visually hidden live region: it says the other side's moves and the round's result
    (the first child of the page, so it stays the same element across every redraw)."""
    return h("p", {"class": "sr-only", "role": "status", "aria-live": "polite", "aria-atomic": "true",
                   "data-announce": True}, announcement(state, s))


def announcement(state: TableState, s: Strings) -> str:
    """What the live region says: the other side's last move in words, then the round's (and the match's)
    result once the round is over; empty after the player's own move (its result is on the table)."""
    v = state.view
    if state.screen == "start" or v is None or state.kind in ("replay", "still"):
        return ""
    parts = []
    last = state.last
    if last is not None and (last["seat"] != state.seat or state.you_are_named):
        parts.append(s.did(last, actor(state, last["seat"])))
    res = v.get("result")
    if state.screen == "table" and state.dialog in ("round", "match") and res is not None:
        sc = res["scores"]
        parts.append(s.t("log.round-end", n=v["round"], a=state.names[0], sa=sc[0], b=state.names[1], sb=sc[1]))
        winner = res["winner"]
        if winner is None:
            parts.append(s.t("result.tie"))
        elif winner == state.seat and not state.you_are_named:
            parts.append(s.t("result.winner.you"))
        else:
            parts.append(s.t("result.winner.other", name=state.names[winner]))
        mw = res.get("match_winner")
        if state.dialog == "match" and mw is not None:
            if mw == "draw":
                parts.append(s.t("match.draw"))
            elif mw == state.seat and not state.you_are_named:
                parts.append(s.t("match.win.you"))
            else:
                parts.append(s.t("match.win.other", name=state.names[mw]))
    return " ".join(parts)


def _error(state: TableState, s: Strings) -> Node | None:
    if state.error is None:
        return None
    return h("div", {"class": "error", "role": "alert", "data-error": True},
             h("span", {}, s.reason(state.error)),
             h("button", {"type": "button", "data-action": "dismiss"}, s.t("action.dismiss")))


def _update(state: TableState, s: Strings) -> Node | None:
    """A new release of the site waits (the service worker): say so and offer the reload."""
    if not state.update_ready:
        return None
    return h("div", {"class": "update", "role": "status", "data-update": True},
             h("span", {}, s.t("update.ready")),
             h("button", {"type": "button", "class": "small", "data-action": "apply-update"}, s.t("action.reload")))


__all__ = ["Node", "h", "render", "to_data", "to_html", "walk", "find", "text_of", "ORDER"]
