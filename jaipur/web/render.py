"""Pure rendering: `render(state, strings) -> Node`, a tiny virtual-DOM tree of the whole page.

No browser import here: the tree is tested in CPython and handed to dom.py, which
patches it into #app. Text is always a text node (names and URL text are never
markup), and the tree is drawn from a seat's view (model.TableState), so it never
holds the opponent's cards, the deck order or the opponent's bonus values.

Stable test hooks (DESIGN.md, "The page"): zones `[data-zone=…]`, cards
`[data-card=D]` with `aria-pressed`, `button[data-action=take|camels|exchange|sell]`,
`data-turn` on the table root, `data-move` on log entries, dialogs
`[data-round-result]` and `[data-match-result][data-winner]`.
"""

from __future__ import annotations

from ..cards import ORDER
from .i18n import LANGS, Strings, language
from .model import TableState
from .names import MAX_NAME
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
from .render_collection import collection_list
from .render_dialogs import page_dialog
from .render_editor import editor_screen
from .render_friend import friend_screen, friends_list, play_friend_button
from .render_parts import actor, page_notices
from .render_table import table_screen
from .render_tutorial import learn_entry

# ====================================================================== the page


def render(state: TableState, s: Strings) -> Node:
    """The whole page under #app for this state, in this language."""
    if state.screen == "start":
        body = _start(state, s)
    elif state.screen == "pass":
        body = _pass(state, s)
    elif state.screen == "editor":
        body = editor_screen(state, s)
    elif state.screen == "friend":
        body = friend_screen(state, s)
    else:
        body = table_screen(state, s)
    panel = page_dialog(state, s)
    if panel is not None:  # a modal dialog over the page: what is behind it cannot be focused or clicked
        body.attrs["inert"] = ""
    return h("div", {"class": "jaipur" + (" embed" if state.embed else ""), "lang": s.lang, "dir": s.dir,
                     "data-screen": state.screen, "data-view": state.kind, "data-page": page_key(state)},
             _live(state, s), _error(state, s), _update(state, s), body, panel)


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


# ---------------------------------------------------------------- start screen


def _choice(action: str, value: str, pressed: bool, label: str, about: str | None = None,
            disabled: bool = False, lang: str | None = None) -> Node:
    return h("button", {"type": "button", "class": "choice", "data-action": action, "data-value": value,
                        "aria-pressed": "true" if pressed else "false", "disabled": disabled, "lang": lang},
             h("span", {"class": "choice-label"}, label),
             h("span", {"class": "choice-about"}, about) if about else None)


def _start(state: TableState, s: Strings) -> Node:
    problems = None
    if state.problems:
        problems = h("div", {"class": "problems", "role": "alert", "data-problems": True},
                     h("p", {}, s.t("start.problems")),
                     h("ul", {}, [h("li", {"data-code": p.code}, s.reason(p)) for p in state.problems]))
    levels = [lv for lv in state.levels if lv != "human"]
    opponent_buttons = [
        _choice("opponent", lv, state.opponent == lv, s.t(f"level.{lv}"), s.t(f"about.{lv}"), not state.bots_ok)
        for lv in levels
    ]
    opponent_buttons.append(_choice("opponent", "human", state.opponent == "human", s.t("level.human"),
                                    s.t("about.human")))
    return h("main", {"class": "start"},
             h("div", {"class": "start-card"},
               h("div", {"class": "start-head"},
                 h("span", {"class": "logo", "aria-hidden": "true"}),
                 h("div", {},
                   h("h1", {}, s.t("app.title")),
                   h("p", {"class": "tagline"}, s.t("app.tagline")))),
               problems,
               page_notices(state, s),
               learn_entry(state, s),
               None if state.bots_ok else h("p", {"class": "note", "data-no-bots": True}, s.t("start.no-bots")),
               h("p", {"class": "note"}, s.t("start.position")) if state.from_position else None,
               h("fieldset", {"class": "choices", "data-choice": "opponent"},
                 h("legend", {}, s.t("start.opponent")), opponent_buttons),
               play_friend_button(state, s),
               friends_list(state, s),
               _name_fields(state, s),
               _stats(state, s),
               h("fieldset", {"class": "choices two", "data-choice": "mode"},
                 h("legend", {}, s.t("start.mode")),
                 [_choice("mode", m, state.mode == m, s.t(f"mode.{m}")) for m in ("standard", "single-round")]),
               h("fieldset", {"class": "choices two", "data-choice": "lang"},
                 h("legend", {}, s.t("start.lang")),
                 [_choice("set-lang", lang, s.lang == lang, language(lang).name, lang=lang) for lang in LANGS]),
               h("button", {"type": "button", "class": "primary big", "data-action": "start",
                            "data-names": "player-name-1 player-name-2" if state.opponent == "human" else None,
                            "data-autofocus": True}, s.t("start.new")),
               h("div", {"class": "start-links"},
                 h("button", {"type": "button", "class": "link-button", "data-action": "rules",
                              "aria-haspopup": "dialog"}, s.t("start.rules")),
                 h("button", {"type": "button", "class": "link-button", "data-action": "learn"}, s.t("learn.open")),
                 h("button", {"type": "button", "class": "link-button", "data-action": "edit"},
                   s.t("editor.open")) if state.tools else None,
                 h("button", {"type": "button", "class": "link-button", "data-action": "import"},
                   s.t("action.import")) if state.tools else None,
                 h("a", {"class": "link-button", "href": "./lab.html", "data-link": "lab"},
                   s.t("start.lab")) if state.tools else None),
               collection_list(state, s)))


def _name_fields(state: TableState, s: Strings) -> Node | None:
    """Two players on one device: their names (optional, plain text, at most names.MAX_NAME characters)."""
    if state.opponent != "human":
        return None
    return h("fieldset", {"class": "names", "data-choice": "names"},
             h("legend", {}, s.t("start.names")),
             [h("div", {"class": "name-field"},
                h("label", {"for": f"player-name-{n}"}, s.t("name.player", n=n)),
                h("input", {"id": f"player-name-{n}", "type": "text", "maxlength": MAX_NAME, "autocomplete": "off",
                            "spellcheck": "false", "placeholder": s.t("name.player", n=n),
                            "value": state.names_choice[n - 1], "data-name": n}))
              for n in (1, 2)])


def _stats(state: TableState, s: Strings) -> Node | None:
    """The matches won, lost and drawn against each computer level in this browser (once one is finished)."""
    if not state.stats:
        return None
    cols = ("won", "lost", "drawn")
    practice = state.practice_stats   # matches with undo, counted apart: a column of their own when there are any

    def practice_cell(level: str) -> Node | None:
        if not practice:
            return None
        t = practice[level]
        return h("td", {"data-practice": f"{t.won} {t.lost} {t.drawn}"},
                 s.t("stats.practice.cell", won=s.num(t.won), lost=s.num(t.lost), drawn=s.num(t.drawn)))
    return h("section", {"class": "stats", "data-stats": True, "aria-labelledby": "stats-title"},
             h("h2", {"id": "stats-title", "class": "legend"}, s.t("stats.title")),
             h("table", {},
               h("thead", {}, h("tr", {}, h("th", {"scope": "col"}, s.t("stats.level")),
                                [h("th", {"scope": "col"}, s.t(f"stats.{c}")) for c in cols],
                                h("th", {"scope": "col"}, s.t("stats.practice")) if practice else None)),
               h("tbody", {}, [h("tr", {"data-level": level},
                                 h("th", {"scope": "row"}, s.t(f"level.{level}")),
                                 [h("td", {"data-" + c: getattr(tally, c)}, s.num(getattr(tally, c))) for c in cols],
                                 practice_cell(level))
                               for level, tally in state.stats.items()])),
             h("p", {"class": "muted"}, s.t("stats.practice.note")) if practice else None)


# ---------------------------------------------------------------- pass screen


def _pass(state: TableState, s: Strings) -> Node:
    seat = state.pass_to if state.pass_to is not None else 0
    name = state.names[seat]
    last = None
    if state.last is not None:
        last = h("p", {"class": "pass-last"}, s.did(state.last, state.names[state.last["seat"]]))
    return h("main", {"class": "pass", "data-pass-to": seat},
             h("div", {"class": "pass-card"},
               h("span", {"class": "card back big", "aria-hidden": "true"}),
               h("h2", {}, s.t("pass.title", name=name)),
               h("p", {}, s.t("pass.body", name=name)),
               last,
               h("button", {"type": "button", "class": "primary big", "data-action": "ready",
                            "data-autofocus": True}, s.t("action.ready"))))


__all__ = ["Node", "h", "render", "to_data", "to_html", "walk", "find", "text_of", "ORDER"]
