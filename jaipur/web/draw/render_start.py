"""The start screen: the opponent, the mode and the language to choose, the players' names on one device, the
matches won and lost, the guided first game, games with friends, the puzzle collection and the links to the
rules, the editor, the import form and the lab.

Test hooks: `fieldset[data-choice=opponent|mode|lang|names]` of `button.choice[data-value]` with
`aria-pressed`, `button[data-action=start]`, `[data-stats]` with `tr[data-level]`, `[data-problems]`.
"""

from __future__ import annotations

from ..i18n import LANGS, Strings, language
from ..store.names import MAX_NAME
from .model import TableState
from .nodes import Node, h
from .render_collection import collection_list
from .render_friend import friends_list, play_friend_button
from .render_parts import page_notices
from .render_tutorial import learn_entry


def _choice(action: str, value: str, pressed: bool, label: str, about: str | None = None,
            disabled: bool = False, lang: str | None = None) -> Node:
    return h("button", {"type": "button", "class": "choice", "data-action": action, "data-value": value,
                        "aria-pressed": "true" if pressed else "false", "disabled": disabled, "lang": lang},
             h("span", {"class": "choice-label"}, label),
             h("span", {"class": "choice-about"}, about) if about else None)


def start_screen(state: TableState, s: Strings) -> Node:
    """The start screen: what to play, against whom, in which language; and the ways to learn."""
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
