"""The position editor's rendering (modes/editor.py): the editor screen, and its panel over the table while the
puzzle's solution is played. Every control is a button (keyboard: Tab and Enter); test hooks: `[data-editor]`,
`[data-editor-zone=market|hand0|hand1|discard]`, `[data-editor-check=ok|bad]`, `[data-editor-output]`,
`[data-editor-verdict]`, buttons `[data-action=editor-…]`."""

from __future__ import annotations

from typing import cast

from ...cards import GOODS
from ..i18n import LANGS, Strings, language
from ..teach.editor import BONUS_PILES, LETTERS, Draft, zone_cards
from .model import TableState
from .nodes import Node, h
from .panels import EditorPanel

ZONE_ORDER = ("market", "hand0", "hand1", "discard")


def _zone_name(s: Strings, zone: str, names: tuple[str, str]) -> str:
    if zone.startswith("hand"):
        return s.t("editor.zone.hand", name=names[int(zone[-1])])
    return s.t(f"editor.zone.{zone}")


def _stepper(s: Strings, action: str, key: str, n: int, room: int, what: str, hook: str) -> Node:
    """`−  n  +` for a count (a herd, a pile): the buttons say what they change."""
    return h("span", {"class": "ed-stepper", f"data-{hook}": key, "data-left": n},
             h("button", {"type": "button", "class": "small", "data-action": action, "data-value": f"{key}:-1",
                          "disabled": n <= 0, "aria-label": s.t("editor.fewer", what=what)}, "−"),
             h("span", {"class": "ed-count", "aria-hidden": "true"}, s.num(n)),
             h("button", {"type": "button", "class": "small", "data-action": action, "data-value": f"{key}:1",
                          "disabled": n >= room, "aria-label": s.t("editor.more", what=what)}, "+"))


def _toggle(action: str, value: str, pressed: bool, label: str) -> Node:
    return h("button", {"type": "button", "class": "chip", "data-action": action, "data-value": value,
                        "aria-pressed": "true" if pressed else "false"}, label)


def _zones(e: EditorPanel, s: Strings, names: tuple[str, str]) -> Node:
    d: Draft = e["draft"]
    rows = []
    for zone in ZONE_ORDER:
        name = _zone_name(s, zone, names)
        cards = zone_cards(d, zone)
        chosen = e["zone"] == zone
        herd = None
        if zone.startswith("hand"):
            seat = int(zone[-1])
            herd = h("div", {"class": "ed-herd"}, h("span", {"class": "ed-label"}, s.t("editor.herd", name=names[seat])),
                     _stepper(s, "editor-herd", str(seat), d.herds[seat], 11, s.t("editor.herd", name=names[seat]),
                              "editor-herd"))
        rows.append(h("div", {"class": "ed-zone" + (" chosen" if chosen else ""), "data-editor-zone": zone,
                              "data-cards": cards, "role": "group", "aria-label": name},
                      h("div", {"class": "ed-zone-head"},
                        h("button", {"type": "button", "class": "chip ed-target", "data-action": "editor-zone",
                                     "data-value": zone, "aria-pressed": "true" if chosen else "false"},
                          name, " ", h("span", {"class": "count"}, s.plural("editor.zone.count", len(cards))))),
                      h("div", {"class": "ed-cards"},
                        [h("button", {"type": "button", "class": "card ed-card", "data-good": c, "data-index": i,
                                      "data-action": "editor-remove", "data-value": f"{zone}:{i}",
                                      "aria-label": s.t("editor.remove", card=s.title(c), zone=name)},
                           h("span", {"class": "card-name"}, s.title(c)))
                         for i, c in enumerate(cards)]),
                      herd))
    target = _zone_name(s, e["zone"], names)
    palette = h("div", {"class": "ed-palette", "data-editor-palette": e["zone"]},
                h("p", {"class": "ed-label"}, s.t("editor.palette", zone=target)),
                h("div", {"class": "ed-cards"},
                  [h("button", {"type": "button", "class": "card ed-card", "data-good": c, "data-action": "editor-add",
                                "data-value": c, "aria-label": s.t("editor.add", card=s.title(c))},
                     h("span", {"class": "card-name"}, s.title(c))) for c in LETTERS]))
    return h("section", {"class": "ed-section ed-table", "aria-labelledby": "ed-cards-title"},
             h("h2", {"id": "ed-cards-title"}, s.t("editor.zones")), palette, rows)


def _piles(e: EditorPanel, s: Strings) -> Node:
    goods = [h("li", {"class": "ed-pile", "data-good": g},
               h("span", {"class": "pile-icon", "aria-hidden": "true"}),
               h("span", {"class": "ed-label"}, s.title(g)),
               _stepper(s, "editor-goods", g, len(e["goods"][g]), e["goods_room"][g], s.title(g), "editor-goods"),
               h("span", {"class": "ed-tokens"}, [h("span", {"class": "token small", "data-good": g}, s.num(v))
                                                  for v in e["goods"][g]]))
             for g in GOODS]
    bonus = [h("li", {"class": "ed-pile", "data-size": k},
               h("span", {"class": "token bonus back small", "aria-hidden": "true"}, s.num(k)),
               h("span", {"class": "ed-label"}, s.t("editor.bonus.pile", size=s.num(k))),
               _stepper(s, "editor-bonus", k, e["bonus"][k], e["bonus_room"][k],
                        s.t("editor.bonus.pile", size=s.num(k)), "editor-bonus"))
             for k in BONUS_PILES]
    return h("section", {"class": "ed-section ed-piles"},
             h("h2", {}, s.t("editor.goods")), h("ul", {"class": "ed-list"}, goods),
             h("h2", {}, s.t("editor.bonus")), h("ul", {"class": "ed-list"}, bonus))


def _game(e: EditorPanel, s: Strings, names: tuple[str, str]) -> Node:
    d: Draft = e["draft"]
    return h("section", {"class": "ed-section ed-game", "aria-labelledby": "ed-game-title"},
             h("h2", {"id": "ed-game-title"}, s.t("editor.game")),
             h("div", {"class": "ed-row", "role": "group", "aria-label": s.t("editor.turn"), "data-editor-turn": d.to_move},
               h("span", {"class": "ed-label"}, s.t("editor.turn")),
               [_toggle("editor-turn", str(x), d.to_move == x, names[x]) for x in (0, 1)]),
             h("div", {"class": "ed-row", "role": "group", "aria-label": s.t("editor.round"),
                       "data-editor-round": d.round},
               h("span", {"class": "ed-label"}, s.t("editor.round")),
               [_toggle("editor-round", str(n), d.round == n, s.num(n)) for n in (1, 2, 3)]),
             h("div", {"class": "ed-row", "role": "group", "aria-label": s.t("seals", n=s.num(sum(d.seals))),
                       "data-editor-seals": f"{d.seals[0]},{d.seals[1]}"},
               h("span", {"class": "ed-label"}, s.t("seals", n=s.num(sum(d.seals)))),
               [_toggle("editor-seal", str(x), bool(d.seals[x]), s.t("editor.seal.of", name=names[x])) for x in (0, 1)]))


def _check(e: EditorPanel, s: Strings) -> Node:
    problem = e["problem"]
    if problem is None:
        return h("p", {"class": "ed-check ok", "role": "status", "data-editor-check": "ok"}, s.t("editor.ok"))
    detail = h("span", {"lang": "en", "dir": "ltr", "data-editor-message": True}, problem) if s.lang != "en" else None
    text = s.t("editor.bad", detail="\x00").split("\x00")
    return h("p", {"class": "ed-check bad", "role": "alert", "data-editor-check": "bad"},
             text[0], detail if detail is not None else h("span", {"data-editor-message": True}, problem),
             text[1] if len(text) > 1 else None)


def _verdict(e: EditorPanel, s: Strings) -> Node | None:
    move = e["solution"]
    if move is None:
        return None
    v = e["verdict"]
    said: Node | None = None
    if v is not None:
        def pct(x: float) -> str:
            return s.t("review.percent", n=s.num(round(100 * x)))

        if v.sure and not v.others_sure and v.accepted:
            key = "editor.verdict.only"
        elif v.others_sure:
            key = "editor.verdict.also-sure"
        elif v.accepted:
            key = "editor.verdict.clear"
        else:
            key = "editor.verdict.as-good"
        text = s.t(key, move=s.move(move), moves=s.join([s.move(m) for m in v.others_sure]), rate=pct(v.rate),
                   rival=s.move(v.rival) if v.rival else "", rival_rate=pct(v.rival_rate or 0.0))
        said = h("p", {"class": "verdict-line " + ("right" if v.accepted else "wrong"), "role": "status",
                       "data-editor-verdict": "accepted" if v.accepted else "as-good",
                       "data-as-good": ",".join(v.as_good)}, text)
    return h("div", {"class": "ed-solution", "data-editor-solution": move},
             h("p", {}, h("strong", {}, s.t("editor.solution", move=s.move(move)))),
             said,
             h("p", {"class": "muted", "data-editor-judging": True}, s.t("editor.judging")) if e["judging"] else None,
             h("button", {"type": "button", "class": "small", "data-action": "editor-unsolve"}, s.t("editor.unsolve")))


def _share(e: EditorPanel, s: Strings) -> Node:
    ok = e["problem"] is None
    puzzle_ok = ok and e["solution"] is not None
    out = e["output"]
    status = None
    if out is not None and out.get("copied") is not None:
        status = h("p", {"class": "share-status " + ("ok" if out["copied"] else "failed"), "role": "status",
                         "data-copied": "true" if out["copied"] else "false"},
                   s.t("editor.copied" if out["copied"] else "editor.failed"))

    def copy(what: str, enabled: bool) -> Node:
        return h("button", {"type": "button", "class": "primary" if enabled else None, "data-action": "editor-copy",
                            "data-value": what, "disabled": not enabled}, s.t(f"editor.copy.{what}"))

    return h("section", {"class": "ed-section ed-share", "aria-labelledby": "ed-share-title"},
             h("h2", {"id": "ed-share-title"}, s.t("editor.share")),
             h("div", {"class": "ed-row"}, _toggle("editor-still", "", e["still"], s.t("editor.still"))),
             h("div", {"class": "ed-row"}, copy("link", ok), copy("embed", ok)),
             h("h2", {}, s.t("editor.puzzle")),
             h("div", {"class": "ed-row"},
               h("button", {"type": "button", "data-action": "editor-solve", "disabled": not (ok and e["playing"])},
                 s.t("editor.solve"))),
             h("p", {"class": "muted", "hidden": ok and e["playing"]}, s.t("editor.solve.needs")),
             _verdict(e, s),
             h("div", {"class": "ed-row"}, copy("puzzle", puzzle_ok), copy("puzzle-embed", puzzle_ok)),
             h("label", {"for": "ed-output", "class": "field-label"}, s.t("editor.output")) if out else None,
             h("textarea", {"id": "ed-output", "readonly": True, "dir": "ltr", "rows": 3, "spellcheck": "false",
                            "data-editor-output": out["what"]}, out["text"]) if out else None,
             status)


def editor_screen(state: TableState, s: Strings) -> Node:
    """The editor: the cards, the piles, the turn and round, the engine's verdict on the draft, and the ways out."""
    e = state.editor or cast(EditorPanel, {})   # drawn for the editor only (the mode fills `editor`)
    names = state.names
    other_lang = LANGS[(LANGS.index(s.lang) + 1) % len(LANGS)]
    notice = e.get("notice")
    return h("main", {"class": "editor", "data-editor": True, "data-valid": "true" if e["problem"] is None else "false"},
             h("header", {"class": "bar"},
               h("div", {"class": "brand"}, h("span", {"class": "logo", "aria-hidden": "true"}),
                 h("h1", {"class": "title"}, s.t("editor.title"))),
               h("div", {"class": "tools ed-tools"},
                 h("button", {"type": "button", "data-action": "editor-deal"}, s.t("editor.deal")),
                 h("button", {"type": "button", "data-action": "editor-clear"}, s.t("editor.clear")),
                 h("button", {"type": "button", "data-action": "rules", "aria-haspopup": "dialog"},
                   s.t("action.rules")),
                 h("button", {"type": "button", "data-action": "switch-lang", "data-value": other_lang,
                              "lang": other_lang}, language(other_lang).name),
                 h("button", {"type": "button", "data-action": "new-game"}, s.t("editor.leave")))),
             # always there (hidden when empty), so the rest of the screen keeps its place and the focus
             h("p", {"class": "note", "data-editor-notice": notice.code}, s.reason(notice)) if notice
             else h("p", {"class": "note", "hidden": True}),
             _check(e, s),
             h("div", {"class": "ed-grid"}, _zones(e, s, names),
               h("div", {"class": "ed-side"}, _piles(e, s), _game(e, s, names), _share(e, s))))


def editor_panel(state: TableState, s: Strings) -> Node | None:
    """Under the table while the solution is played: the way back (the task is the table's caption)."""
    e = state.editor
    if e is None or not e.get("solving"):
        return None
    return h("section", {"class": "puzzle ed-solving", "data-editor-solving": True},
             h("div", {"class": "puzzle-buttons"},
               h("button", {"type": "button", "data-action": "editor-back"}, s.t("editor.back"))))
