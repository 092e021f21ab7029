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

from typing import Any, cast

from ..cards import GOODS, ORDER
from .i18n import LANGS, Strings, language
from .model import KINDS, MoveEntry, TableState, roving_index
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
from .render_dialogs import page_dialog, table_dialog
from .render_editor import editor_screen
from .render_friend import friend_bar, friend_screen, friends_list, play_friend_button
from .render_lesson import held_turn, moved_line
from .render_match import seal_marks
from .render_panel import actions_panel, move_log
from .render_parts import actor, page_notices, shortcut, token
from .render_replay import replay_controls
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
        body = _table(state, s)
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


# ---------------------------------------------------------------- the table


def _table(state: TableState, s: Strings) -> Node:
    v = state.view
    assert v is not None
    seat, other = state.seat, 1 - state.seat
    controls = replay_controls(state, s, v) if state.replay is not None else actions_panel(state, s)
    # the controls and the move log share a wrapper: a column beside the table on a laptop (table.css), nothing
    # of its own on a phone, where its children take their places in the table's grid
    panel = h("div", {"class": "panel"}, controls, move_log(state, s))
    parts = [_bar(state, s), _top(state, s), _opponent(state, s, v, other), _center(state, s, v),
             _you(state, s, v, seat), panel]
    shown = [p for p in parts if p is not None]
    dialog = table_dialog(state, s, v)
    if dialog is not None:  # a modal dialog: the table behind it cannot be focused or clicked
        for part in shown:
            part.attrs["inert"] = ""
    hint_state = "thinking" if state.suggesting else "ready" if state.suggestion is not None else None
    return h("main", {"class": "table", "data-turn": state.turn, "data-round": v["round"], "data-seat": seat,
                      "data-view": state.kind, "data-interactive": "true" if state.interactive else "false",
                      "data-hint-state": hint_state, "data-friend": state.friend.status if state.friend else None},
             shown, dialog)


def _top(state: TableState, s: Strings) -> Node | None:
    """The caption of an embedded position (plain text) and the notices (bad address, saved game, …)."""
    pz = state.puzzle
    notices = page_notices(state, s)
    if pz is not None:
        task = pz["caption"] or s.t("puzzle.task", name=state.names[pz["solver"]])
        caption: Node | None = h("p", {"class": "caption puzzle-task", "data-puzzle-task": True},
                                 h("strong", {}, (pz.get("title") or s.t("puzzle.title")) + ": "), h("span", {"data-caption": True}, task))
    else:
        caption = h("p", {"class": "caption", "data-caption": True}, state.caption) if state.caption else None
    caption = caption or moved_line(state, s)
    friend = friend_bar(state, s) if state.dialog not in ("round", "match") else None   # else in the dialog
    if caption is None and notices is None and friend is None:
        return None
    return h("div", {"class": "top"}, friend, caption, notices)


def _bar(state: TableState, s: Strings) -> Node:
    v = state.view or {}
    other = 1 - state.seat
    status = v.get("status")
    if state.kind == "replay" and state.replay is not None:
        if status != "playing":
            turn = s.t("turn.match-over" if status == "match-over" else "turn.over")
        elif state.replay["to_move"] == state.seat and not state.you_are_named:   # your own match, from your seat
            turn = s.t("turn.you")
        else:
            turn = s.t("turn.replay", name=state.names[state.replay["to_move"]])
    elif state.kind == "still":
        turn = s.t("turn.still")
    elif state.puzzle is not None and state.puzzle["solved"]:
        turn = s.t("turn.learned" if state.lesson is not None else
                   "turn.revealed" if state.puzzle.get("revealed") else "turn.solved")
    elif state.turn == "over":
        turn = s.t("turn.match-over" if status == "match-over" else "turn.over")
    elif held_turn(state, s):
        turn = str(held_turn(state, s))
    elif state.thinking:
        turn = s.t("turn.thinking", name=state.names[other])
    elif state.turn == "you":
        turn = s.t("turn.player", name=state.names[state.seat]) if state.you_are_named else s.t("turn.you")
    else:
        turn = s.t("turn.wait", name=state.names[other])
    if state.lesson is not None:   # Learn to play: its steps are not puzzles
        level = s.t("vs.learn")
    elif state.kind == "friend":
        level = s.t("vs.friend", name=state.names[other])
    elif state.kind in ("still", "puzzle", "replay", "editor"):
        level = s.t(f"vs.{state.kind}")
    elif state.opponent == "human":
        level = s.t("vs.human")
    elif state.restart is not None and not state.restart["reply"]:   # a lesson with `reply=0`
        level = s.t("vs.no-reply")
    else:
        level = s.t("vs.level", level=s.t(f"level.{state.opponent}"))
    other_lang = LANGS[(LANGS.index(s.lang) + 1) % len(LANGS)]
    can_suggest = state.turn == "you" and not state.thinking and state.dialog is None
    tools = toggle = None
    if state.tools:
        toggle = h("button", {"type": "button", "class": "tools-toggle", "data-action": "tools",
                              "aria-expanded": "true" if state.tools_open else "false", "aria-controls": "table-tools",
                              "aria-label": s.t("action.tools"), "title": s.t("action.tools")},
                   h("span", {"class": "burger", "aria-hidden": "true"}))
        tools = h("div", {"class": "tools" + (" open" if state.tools_open else ""), "id": "table-tools"},
                  h("button", {"type": "button", "data-action": "suggest", "aria-keyshortcuts": shortcut("suggest"),
                               "disabled": not can_suggest, "aria-busy": "true" if state.suggesting else None},
                    s.t("action.suggest-busy" if state.suggesting else "action.suggest"))
                  if state.can_suggest and state.kind in ("game", "position") else None,
                  h("button", {"type": "button", "data-action": "game", "aria-haspopup": "dialog"},
                    s.t("action.game")) if state.kind in ("game", "position", "replay") else None,
                  h("button", {"type": "button", "data-action": "rules", "aria-haspopup": "dialog"},
                    s.t("action.rules")),
                  h("button", {"type": "button", "data-action": "keys", "aria-haspopup": "dialog",
                               "aria-keyshortcuts": shortcut("keys") + " Shift+?"}, s.t("action.keys")),
                  h("button", {"type": "button", "data-action": "switch-lang", "data-value": other_lang,
                               "lang": other_lang}, language(other_lang).name),
                  h("button", {"type": "button", "data-action": "menu"}, s.t("action.menu")))
    return h("header", {"class": "bar"},
             None if state.embed else h("div", {"class": "brand"},
                                        h("span", {"class": "logo", "aria-hidden": "true"}),
                                        h("h1", {"class": "title"}, s.t("app.title"))),
             h("h1", {"class": "sr-only"}, s.t("app.title")) if state.embed else None,
             h("span", {"class": "badge", "data-level": state.opponent if state.kind in ("game", "position")
                        else "learn" if state.lesson is not None else state.kind}, level),
             h("span", {"class": "badge round"}, s.t("round", n=v.get("round", 1))),
             h("span", {"class": "badge practice", "data-practice": True}, s.t("practice.badge")) if state.practice
             else None,
             h("span", {"class": "turn" + (" thinking" if state.thinking else ""), "role": "status",
                        "aria-live": "polite", "data-turn-label": state.turn}, turn),
             toggle, tools)


def _card_back(extra: str = "") -> Node:
    return h("span", {"class": "card back" + (" " + extra if extra else ""), "aria-hidden": "true"})


def _opponent(state: TableState, s: Strings, v: dict[str, Any], other: int) -> Node:
    name = state.names[other]
    n_hand = v["opponent_hand_size"]
    herd = v["herds"][other]
    taken = v["taken"][other]
    goods_total = sum(val for _, val in taken["goods"])
    hand_label = s.t("zone.opponent-hand", name=name)
    revealed = str(v.get("opponent_hand", "")) if v.get("revealed") else ""   # a replay showing both hands
    return h("section", {"class": "player opponent" + (" thinking" if state.thinking else ""),
                         "aria-label": name},
             h("div", {"class": "who"},
               h("span", {"class": "name"}, name),
               seal_marks(s, v["seals"][other]),
               h("span", {"class": "dots", "aria-hidden": "true"}, h("i"), h("i"), h("i")) if state.thinking else None),
             h("div", {"class": "zone opp-hand", "data-zone": "opponent-hand", "data-count": n_hand,
                       "data-revealed": "true" if revealed else None, "role": "group",
                       "aria-label": f"{hand_label}: {s.plural('count.cards', n_hand)}"},
               h("div", {"class": "fan open"}, [h("span", {"class": "card mini face", "data-card": c, "role": "img",
                                                           "title": s.title(c), "aria-label": s.title(c)})
                                                for c in revealed])
               if revealed else h("div", {"class": "fan"}, [_card_back("mini") for _ in range(n_hand)]),
               h("span", {"class": "count"}, s.plural("count.cards", n_hand))),
             h("div", {"class": "zone opp-herd", "data-zone": "opponent-herd", "data-count": herd, "role": "group",
                       "aria-label": s.t("zone.opponent-herd", name=name)},
               h("span", {"class": "camel-mini", "aria-hidden": "true"}),
               h("span", {"class": "count"}, s.plural("count.camels", herd))),
             h("div", {"class": "zone tokens opp-tokens", "data-zone": "opponent-tokens", "role": "group",
                       "aria-label": s.t("zone.opponent-tokens", name=name)},
               _token_groups(taken["goods"], s),
               [h("span", {"class": "token bonus" + (" back" if val is None else ""), "data-size": size,
                           "title": s.t("result.bonus"), "role": "img",
                           "aria-label": s.t("token.bonus-hidden") if val is None else s.t("token.bonus", n=val)},
                  "?" if val is None else s.num(val))
                for size, val in taken["bonus"]],
               h("span", {"class": "sum"}, s.t("rupees", n=goods_total) + (
                   " + " + s.plural("count.bonus-hidden", len(taken["bonus"])) if taken["bonus"] else ""))
               if taken["goods"] or taken["bonus"] else h("span", {"class": "sum muted"}, s.t("no-tokens"))))


def _token_groups(goods: list[list[Any]], s: Strings) -> list[Node]:
    out = []
    for g in GOODS:
        values = [val for gg, val in goods if gg == g]
        if values:
            out.append(h("span", {"class": "token-group", "data-good": g, "role": "img",
                                  "aria-label": s.t("token.good", good=s.title(g),
                                                    values=s.t("comma").join(s.num(val) for val in values))},
                          [token(g, val, s, "small") for val in values]))
    return out


def _card_button(state: TableState, s: Strings, zone: str, index: int, letter: str, active: bool,
                 highlight: set[int] | None = None, suggested: set[str] | None = None, count: int = 1) -> Node:
    """A selectable card: a toggle button named by its good; one card of each row is the Tab stop (roving)."""
    key = f"{zone}:{index}"
    pressed = key in state.selection
    classes = ["card"]
    if highlight and index in highlight:
        classes.append("hl")
    if suggested and key in suggested:
        classes.append("suggested")
    return h("button", {"type": "button", "class": " ".join(classes), "data-card": letter, "data-index": index,
                        "tabindex": "0" if index == roving_index(state.cursor, zone, count) else "-1",
                        "aria-pressed": "true" if pressed else "false",
                        "aria-disabled": None if active else "true",
                        "aria-label": s.title(letter)},
             h("span", {"class": "card-name"}, s.title(letter)))


def _highlight_market(state: TableState, market: str) -> set[int]:
    """Market places that show the cards the other side just gave (exchange)."""
    last = state.last
    if not last or last["kind"] != "exchange":
        return set()
    out: set[int] = set()
    for letter in last["given"]:
        for i, c in enumerate(market):
            if c == letter and i not in out:
                out.add(i)
                break
    return out


def _center(state: TableState, s: Strings, v: dict[str, Any]) -> Node:
    active = state.turn == "you" and not state.thinking
    market = v["market"]
    hl = _highlight_market(state, market)
    suggested = set(state.suggestion and state.suggestion.move and state.selection or ())
    bonus_sizes = v["bonus_sizes"]
    discard = v["discard"]
    playing = v["status"] == "playing"
    return h("section", {"class": "center"},
             h("div", {"class": "zone goods", "data-zone": "goods", "role": "group", "aria-label": s.t("zone.goods")},
               h("h2", {}, s.t("zone.goods")),
               [h("div", {"class": "pile" + ("" if v["goods"][g] else " empty"), "data-good": g,
                          "data-left": len(v["goods"][g]), "title": s.title(g), "role": "img",
                          "aria-label": s.t("pile.goods", good=s.title(g), values=s.t("comma").join(
                              s.num(val) for val in v["goods"][g]) or s.t("empty"))},
                  h("span", {"class": "pile-icon", "aria-hidden": "true"}),
                  h("span", {"class": "pile-tokens"},
                    [token(g, val, s, "small" + (" top" if i == 0 else "")) for i, val in enumerate(v["goods"][g])]
                    or h("span", {"class": "muted"}, s.t("empty"))),
                  h("span", {"class": "pile-left", "aria-hidden": "true"}, s.t("pile.left", n=len(v["goods"][g])))
                  if v["goods"][g] else None)
                for g in GOODS]),
             h("div", {"class": "zone market-zone"},
               h("h2", {}, s.t("zone.market")),
               h("div", {"class": "cards market", "data-zone": "market", "role": "group", "aria-label": s.t("zone.market")},
                 [_card_button(state, s, "market", i, c, active, hl, suggested, len(market))
                  for i, c in enumerate(market)],
                 [h("span", {"class": "card back coming", "data-coming": True, "role": "img",
                             "title": s.t("friend.coming"), "aria-label": s.t("friend.coming")})
                  for _ in range(int(v.get("coming", {}).get("market", 0)))])),
             h("div", {"class": "side"},
               h("div", {"class": "zone deck", "data-zone": "deck", "data-count": v["deck_size"], "role": "group",
                         "aria-label": s.t("zone.deck")},
                 h("h2", {}, s.t("zone.deck")),
                 h("div", {"class": "deck-stack"},
                   _card_back("deck-card" + (" empty" if not v["deck_size"] else "")),
                   h("span", {"class": "count"}, s.plural("count.cards", v["deck_size"])))),
               h("div", {"class": "zone bonus", "data-zone": "bonus", "role": "group", "aria-label": s.t("zone.bonus")},
                 h("h2", {}, s.t("zone.bonus")),
                 h("div", {"class": "bonus-piles"},
                   [h("span", {"class": "bonus-pile", "data-size": size, "data-left": bonus_sizes[size], "role": "img",
                               "aria-label": s.t("pile.bonus", size=int(size), n=bonus_sizes[size])},
                      h("span", {"class": "token bonus back" + ("" if bonus_sizes[size] else " gone")}, s.num(int(size))),
                      h("span", {"class": "count"}, "×" + s.num(bonus_sizes[size])))
                    for size in ("3", "4", "5")],
                   h("span", {"class": "bonus-pile camel-token", "title": s.t("camel-token")},
                     h("span", {"class": "token camel" + ("" if playing else " gone"), "role": "img",
                                "aria-label": s.t("camel-token")}, s.num(5))))),
               h("div", {"class": "zone discard", "data-zone": "discard", "role": "group",
                         "aria-label": s.t("zone.discard")},
                 h("h2", {}, s.t("zone.discard")),
                 h("div", {"class": "discard-list"},
                   [h("span", {"class": "sold", "data-good": g, "data-count": discard.count(g), "role": "img",
                               "title": s.count(g, discard.count(g)), "aria-label": s.count(g, discard.count(g))},
                      h("span", {"class": "pile-icon", "aria-hidden": "true"}),
                      h("span", {"class": "count"}, s.num(discard.count(g))))
                    for g in GOODS if g in discard]
                   or h("span", {"class": "muted"}, s.t("nothing-sold"))))))


def _you(state: TableState, s: Strings, v: dict[str, Any], seat: int) -> Node:
    active = state.turn == "you" and not state.thinking
    hand = v["hand"]
    herd = v["herds"][seat]
    taken = v["taken"][seat]
    suggested = set(state.suggestion and state.suggestion.move and state.selection or ())
    total = sum(val for _, val in taken["goods"]) + sum(val or 0 for _, val in taken["bonus"])
    name = state.names[seat]
    hand_label = s.t("zone.hand") if not state.you_are_named else s.t("zone.opponent-hand", name=name)
    herd_label = s.t("zone.herd") if not state.you_are_named else s.t("zone.opponent-herd", name=name)
    banner = None
    if state.suggestion is not None:
        sug = state.suggestion
        text = s.t("suggest.title", move=s.move(sug.move)) if sug.move else s.t("suggest.none")
        banner = h("div", {"class": "banner suggestion", "role": "status", "data-suggestion": sug.move or "",
                           "data-hint-where": sug.where or None},
                   h("strong", {}, text), (" " + (sug.reason if isinstance(sug.reason, str) else s.reason(sug.reason)))
                   if sug.reason else None)
    elif state.suggesting:   # said on the table too: on a phone the hint button is in the closed menu
        banner = h("div", {"class": "banner suggestion", "role": "status", "aria-busy": "true",
                           "data-hint-thinking": True}, s.t("suggest.thinking"))
    elif state.own is not None or (state.last is not None and state.last["seat"] != seat):
        banner = _said(state, s, seat)
    if banner is None:
        banner = h("div", {"class": "banner empty", "aria-hidden": "true"})
    tokens = h("div", {"class": "zone tokens my-tokens", "data-zone": "tokens", "role": "group",
                       "aria-label": s.t("zone.tokens")},
               h("span", {"class": "who"}, h("span", {"class": "name"}, name), seal_marks(s, v["seals"][seat])),
               _token_groups(taken["goods"], s),
               [h("span", {"class": "token bonus", "data-size": size, "role": "img",
                           "aria-label": s.t("token.bonus-hidden") if val is None else s.t("token.bonus", n=val)},
                  s.num(val) if val is not None else "?")
                for size, val in taken["bonus"]],
               h("span", {"class": "sum"}, s.t("rupees", n=total)))
    return h("section", {"class": "player you", "aria-label": name},
             tokens,
             banner,
             h("div", {"class": "rows"},
               h("div", {"class": "zone hand-zone"},
                 h("h2", {}, hand_label, " ", h("span", {"class": "count"}, s.t("count.hand", n=len(hand)))),
                 h("div", {"class": "cards hand", "data-zone": "hand", "data-count": len(hand), "role": "group",
                           "aria-label": hand_label},
                   [_card_button(state, s, "hand", i, c, active, None, suggested, len(hand))
                    for i, c in enumerate(hand)]
                   or h("span", {"class": "muted empty-hand"}, s.plural("count.cards", 0)))),
               h("div", {"class": "zone herd-zone"},
                 h("h2", {}, herd_label, " ", h("span", {"class": "count"}, s.num(herd))),
                 h("div", {"class": "cards herd" + (" crowded" if herd > 3 else "") + ("" if herd else " none"), "data-zone": "herd",
                           "data-count": herd, "role": "group", "aria-label": herd_label},
                   [_card_button(state, s, "herd", i, "M", active, None, suggested, herd) for i in range(herd)]
                   or h("span", {"class": "muted"}, s.plural("count.camels", 0))))))


def _said(state: TableState, s: Strings, seat: int) -> Node:
    """What was just played: your own move's result (kept until you hide it or play again) and, apart from
    it, the other side's reply. Said once by the page's live region (_live), so it is not a live region."""
    own = state.own
    last = state.last
    reply = last if last is not None and last["seat"] != seat else None
    if own is None and reply is not None and state.kind not in ("game", "position"):   # a match keeps its own
        own = _own_before(state, reply)
    return h("div", {"class": "banner last-move" + (" with-own" if own is not None else ""),
                     "data-last-move": reply["move"] if reply is not None else None},
             h("p", {"class": "said own-move", "data-own-move": own["move"]},
               h("span", {}, s.did(own, actor(state, seat))),
               h("button", {"type": "button", "class": "hide-own", "data-action": "dismiss-own",
                            "aria-label": s.t("action.hide-own"), "title": s.t("action.hide-own")},
                 h("span", {"aria-hidden": "true"}, "×")) if state.own is not None else None)
             if own is not None else None,
             h("p", {"class": "said reply", "data-reply": reply["move"]},
               h("span", {}, s.did(reply, state.names[reply["seat"]])),
               h("span", {"class": "minis", "aria-hidden": "true"},
                 [h("span", {"class": "mini-card", "data-good": c}) for c in (reply["taken"] or "")]))
             if reply is not None else None)


def _own_before(state: TableState, last: MoveEntry) -> MoveEntry | None:
    """The seat's own move just before the other side's reply `last` (same round), so its result stays in view."""
    moves = [cast(MoveEntry, e) for e in state.log if e["kind"] in KINDS]
    if len(moves) < 2 or moves[-1] != last:
        return None
    mine = moves[-2]
    if mine["seat"] != state.seat or mine["round"] != last["round"] or state.you_are_named:
        return None
    return mine


__all__ = ["Node", "h", "render", "to_data", "to_html", "walk", "find", "text_of", "ORDER"]
