"""The page's dialogs: over the table, the round's and the match's results (with the round's breakdown) and the
question before leaving; over the whole page, the game menu, the share link, the import form, the Keys and the
rules. Each is modal: render.py and render_table.py make what is behind it inert.

Test hooks: `[data-dialog=confirm|round|game|share|import|keys|rules]`, `[data-round-result]` and
`[data-match-result][data-winner]`.
"""

from __future__ import annotations

from typing import Any, cast

from ..i18n import Strings
from ..teach.rulebook import Paragraph, summary
from .model import TableState
from .nodes import Node, h
from .panels import SharePanel
from .render_friend import friend_bar
from .render_lesson import restart_button
from .render_match import match_summary, seal_marks
from .render_parts import actor

# ---------------------------------------------------------------- dialogs over the table


def table_dialog(state: TableState, s: Strings, v: dict[str, Any]) -> Node | None:
    """The dialog over the table, if any: leaving a game (confirm), the round's or the match's result."""
    if state.dialog == "confirm":
        return _overlay(h("section", {"class": "dialog small", "role": "dialog", "aria-modal": "true",
                                      "aria-labelledby": "dlg-title", "data-dialog": "confirm"},
                          h("h2", {"id": "dlg-title"}, s.t("confirm.leave")),
                          h("div", {"class": "dialog-buttons"},
                            h("button", {"type": "button", "data-action": "leave", "class": "primary"},
                              s.t("action.leave")),
                            h("button", {"type": "button", "data-action": "stay", "data-autofocus": True},
                              s.t("action.stay")))))
    res = v.get("result")
    if state.dialog not in ("round", "match") or res is None:
        return None
    breakdown = round_breakdown(state, s, v, res, None if state.dialog == "match" else "dlg-title")
    last = state.last
    if last is not None and (last["seat"] != state.seat or state.you_are_named):
        # the move that ended the round, so it is not hidden behind the dialog
        breakdown.children.insert(0, h("p", {"class": "last-line", "data-last-move": last["move"]},
                                       s.did(last, actor(state, last["seat"]))))
    look = h("button", {"type": "button", "data-action": "look-table"}, s.t("action.look-table")) \
        if state.kind in ("game", "position") else None
    if state.dialog == "match":
        mw = res["match_winner"]
        if mw == "draw":
            title = s.t("match.draw")
        elif mw == state.seat and not state.you_are_named:
            title = s.t("match.win.you")
        else:
            title = s.t("match.win.other", name=state.names[mw])
        return _overlay(h("section", {"class": "dialog", "role": "dialog", "aria-modal": "true",
                                      "aria-labelledby": "dlg-title", "data-match-result": True,
                                      "data-winner": mw},
                          h("p", {"class": "kicker"}, s.t("match.title")),
                          h("h2", {"id": "dlg-title", "class": "trophy"}, title),
                          h("p", {"class": "muted", "data-practice": True}, s.t("practice.match")) if state.practice
                          else None,
                          match_summary(state, s),
                          breakdown,
                          friend_bar(state, s),
                          h("div", {"class": "dialog-buttons"},
                            restart_button(state, s),
                            look,
                            h("button", {"type": "button", "data-action": "review-game"}, s.t("review.open"))
                            if state.tools else None,
                            h("button", {"type": "button", "class": "primary big", "data-action": "new-game",
                                         "data-autofocus": True}, s.t("action.new-game")))))
    return _overlay(h("section", {"class": "dialog", "role": "dialog", "aria-modal": "true",
                                  "aria-labelledby": "dlg-title", "data-dialog": "round"},
                      breakdown,
                      friend_bar(state, s),
                      h("div", {"class": "dialog-buttons"},
                        restart_button(state, s),
                        look,
                        h("button", {"type": "button", "class": "primary big", "data-action": "next-round",
                                     "data-autofocus": True}, s.t("action.next-round")))))


def _overlay(child: Node) -> Node:
    return h("div", {"class": "overlay"}, child)


def round_breakdown(state: TableState, s: Strings, v: dict[str, Any], res: dict[str, Any], title_id: str | None) -> Node:
    """The round's result: goods, bonus and camel points, totals and seals per player, and who won it."""
    seats = (state.seat, 1 - state.seat)
    names = [state.names[x] for x in seats]
    bd = res["breakdown"]

    def cell_goods(x: int) -> Node:
        b = bd[x]
        return h("td", {}, h("strong", {}, s.num(b["goods"])), " ",
                 h("small", {}, s.plural("result.tokens", b["goods_tokens"])))

    def cell_bonus(x: int) -> Node:
        b = bd[x]
        return h("td", {}, h("strong", {}, s.num(b["bonus"])), " ",
                 h("span", {"class": "revealed"},
                   [h("span", {"class": "token bonus small", "data-size": size}, s.num(val) if val is not None else "?")
                    for size, val in v["taken"][x]["bonus"]]))

    def cell_camel(x: int) -> Node:
        return h("td", {}, h("strong", {}, s.num(bd[x]["camel"])), " ",
                 h("small", {}, s.plural("count.camels", v["herds"][x])))

    winner = res["winner"]
    if winner is None:
        verdict = s.t("result.tie")
    elif winner == state.seat and not state.you_are_named:
        verdict = s.t("result.winner.you")
    else:
        verdict = s.t("result.winner.other", name=state.names[winner])
    seals = res["seals"]
    return h("div", {"class": "round-result", "data-round-result": True, "data-round": v["round"],
                     "data-round-winner": "none" if winner is None else winner},
             h("h2" if title_id else "h3", {"id": title_id}, s.t("result.title", n=v["round"])),
             h("table", {"class": "breakdown"},
               h("thead", {}, h("tr", {}, h("td", {}), [h("th", {"scope": "col"}, n) for n in names])),
               h("tbody", {},
                 h("tr", {"data-row": "goods"}, h("th", {"scope": "row"}, s.t("result.goods")),
                   [cell_goods(x) for x in seats]),
                 h("tr", {"data-row": "bonus"}, h("th", {"scope": "row"}, s.t("result.bonus")),
                   [cell_bonus(x) for x in seats]),
                 h("tr", {"data-row": "camel"}, h("th", {"scope": "row"}, s.t("result.camel")),
                   [cell_camel(x) for x in seats]),
                 h("tr", {"data-row": "total", "class": "total"}, h("th", {"scope": "row"}, s.t("result.total")),
                   [h("td", {"data-score": res["scores"][x]}, h("strong", {}, s.num(res["scores"][x])))
                    for x in seats]),
                 h("tr", {"data-row": "seals"}, h("th", {"scope": "row"}, s.t("result.seals")),
                   [h("td", {}, seal_marks(s, seals[x])) for x in seats]))),
             h("p", {"class": "verdict"}, verdict),
             h("p", {"class": "tiebreak", "data-tiebreak": res["tiebreak"]},
               s.t(f"result.tiebreak.{res['tiebreak']}")) if res.get("tiebreak") else None,
             h("p", {"class": "muted"}, s.t(f"result.ended.{res['ended_by']}")))


# ---------------------------------------------------------------- dialogs over the whole page

PANELS = ("game", "share", "import", "keys", "rules")
KEY_ROWS = (
    (("Tab",), "keys.tab"),
    (("←", "→", "↑", "↓", "Home", "End"), "keys.arrows"),
    (("Enter", "Space"), "keys.select"),
    (("1", "2", "3"), "keys.zones"),
    (("T",), "keys.take"),
    (("C",), "keys.camels"),
    (("X",), "keys.exchange"),
    (("S",), "keys.sell"),
    (("Backspace", "Delete"), "keys.clear"),
    (("Esc",), "keys.escape"),
    (("U",), "keys.undo"),
    (("A",), "keys.suggest"),
    (("H", "?"), "keys.help"),
    (("←", "→", "Home", "End"), "keys.replay"),
)
"""The Keys dialog, row by row: the keys and what they do (the README's Keyboard section says the same)."""


def _keys_dialog(s: Strings) -> Node:
    """The Keys dialog: every key of the table and what it does, in this language."""
    def caps(keys: tuple[str, ...]) -> list[Any]:
        out: list[Any] = []
        for i, key in enumerate(keys):
            out.extend([" " if i else None, h("kbd", {}, s.t("key.space") if key == "Space" else s.keycap(key))])
        return out

    return _overlay(h("section", {"class": "dialog keys-dialog", "role": "dialog", "aria-modal": "true",
                                  "aria-labelledby": "dlg-title", "data-dialog": "keys"},
                      h("h2", {"id": "dlg-title"}, s.t("keys.title")),
                      h("p", {}, s.t("keys.intro")),
                      h("table", {"class": "keys-table"},
                        h("thead", {}, h("tr", {}, h("th", {"scope": "col"}, s.t("keys.col.keys")),
                                         h("th", {"scope": "col"}, s.t("keys.col.does")))),
                        h("tbody", {}, [h("tr", {"data-keys-row": what.removeprefix("keys.")},
                                          h("th", {"scope": "row"}, caps(keys)), h("td", {}, s.t(what)))
                                        for keys, what in KEY_ROWS])),
                      h("p", {"class": "muted"}, s.t("keys.note")),
                      h("div", {"class": "dialog-buttons"},
                        h("button", {"type": "button", "class": "primary", "data-action": "close",
                                     "data-autofocus": True}, s.t("action.close")))))


def _rules_dialog(s: Strings) -> Node:
    """How to play: the rules summary (rulebook.py) in this language, section by section."""
    def paragraph(par: Paragraph) -> Node:
        if isinstance(par, tuple):
            return h("ul", {}, [h("li", {}, item) for item in par])
        return h("p", {}, par)

    return _overlay(h("section", {"class": "dialog rules-dialog", "role": "dialog", "aria-modal": "true",
                                  "aria-labelledby": "dlg-title", "data-dialog": "rules"},
                      h("h2", {"id": "dlg-title"}, s.t("rules.title")),
                      h("div", {"class": "rules-text", "tabindex": "0", "role": "document",
                                "aria-label": s.t("rules.title")},
                        [h("section", {"data-rules": ",".join(sec.rules)},
                           h("h3", {}, sec.title), [paragraph(par) for par in sec.paragraphs])
                         for sec in summary(s.lang)]),
                      h("div", {"class": "dialog-buttons"},
                        h("button", {"type": "button", "data-action": "learn"}, s.t("learn.open")),
                        h("button", {"type": "button", "class": "primary", "data-action": "close",
                                     "data-autofocus": True}, s.t("action.close")))))


def page_dialog(state: TableState, s: Strings) -> Node | None:
    """The game menu (share, download, open a record, new game), the share link, the import form."""
    if state.dialog not in PANELS:
        return None
    if state.dialog == "keys":
        return _keys_dialog(s)
    if state.dialog == "rules":
        return _rules_dialog(s)
    close = h("button", {"type": "button", "data-action": "close"}, s.t("action.close"))
    if state.dialog == "game":
        items = [("share", "game.share"), ("export", "game.export"), ("import", "game.import"),
                 ("open-editor", "game.open-editor"), ("menu", "game.new")]
        return _overlay(h("section", {"class": "dialog small", "role": "dialog", "aria-modal": "true",
                                      "aria-labelledby": "dlg-title", "data-dialog": "game"},
                          h("h2", {"id": "dlg-title"}, s.t("game.title")),
                          h("ul", {"class": "menu-list"},
                            [h("li", {}, h("button", {"type": "button", "data-action": action,
                                                      "data-autofocus": True if action == "share" else None},
                                           s.t(f"action.{action}" if action != "menu" else "action.new-game")),
                               h("span", {"class": "muted"}, s.t(about)))
                             for action, about in items]),
                          h("div", {"class": "dialog-buttons"}, close)))
    if state.dialog == "share":
        share = state.share or cast(SharePanel, {})   # no link yet: the defaults below
        copied = share.get("copied")
        status = None
        if copied is not None:
            status = h("p", {"class": "share-status " + ("ok" if copied else "failed"), "role": "status",
                             "data-copied": "true" if copied else "false"},
                       s.t("share.copied" if copied else "share.failed"))
        return _overlay(h("section", {"class": "dialog small", "role": "dialog", "aria-modal": "true",
                                      "aria-labelledby": "dlg-title", "data-dialog": "share"},
                          h("h2", {"id": "dlg-title"}, s.t("share.title")),
                          h("label", {"for": "share-link", "class": "field-label"}, s.t("share.label")),
                          h("input", {"id": "share-link", "type": "text", "readonly": True, "dir": "ltr",
                                      "value": share.get("link", ""), "data-share-link": True}),
                          status,
                          h("div", {"class": "dialog-buttons"},
                            h("button", {"type": "button", "class": "primary", "data-action": "copy-link",
                                         "data-autofocus": True}, s.t("action.copy")),
                            close)))
    problem = None
    if state.import_problem is not None:
        problem = h("p", {"class": "import-problem", "role": "alert", "data-import-problem": state.import_problem.code},
                    s.reason(state.import_problem))
    return _overlay(h("section", {"class": "dialog small", "role": "dialog", "aria-modal": "true",
                                  "aria-labelledby": "dlg-title", "data-dialog": "import"},
                      h("h2", {"id": "dlg-title"}, s.t("import.title")),
                      h("label", {"for": "import-file", "class": "field-label"}, s.t("import.file")),
                      h("input", {"id": "import-file", "type": "file", "data-file": "import",
                                  "accept": ".json,.txt,application/json,text/plain"}),
                      h("label", {"for": "import-text", "class": "field-label"}, s.t("import.paste")),
                      h("textarea", {"id": "import-text", "rows": 4, "dir": "ltr", "spellcheck": "false"}),
                      problem,
                      h("div", {"class": "dialog-buttons"},
                        h("button", {"type": "button", "class": "primary", "data-action": "import-paste",
                                     "data-input": "import-text"}, s.t("action.open")),
                        close)))
