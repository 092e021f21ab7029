"""The table: the bar (whose turn, the menu), the caption and notices, the opponent (hand face down, herd,
tokens), the centre (goods piles, market, deck, bonus piles, discard), your side (tokens, what was just played,
hand and herd as toggle buttons) and the column beside it, with the round's and the match's dialogs over it.
Drawn from a seat's view (model.TableState): never the opponent's cards unless a replay shows both hands.

Test hooks: `data-turn` on the table root, zones `[data-zone=…]`, cards `[data-card=D]` with `aria-pressed`.
"""

from __future__ import annotations

from typing import Any, cast

from ...cards import GOODS
from ..i18n import LANGS, Strings, language
from .model import KINDS, MoveEntry, TableState, roving_index
from .nodes import Node, h
from .render_dialogs import table_dialog
from .render_friend import friend_bar, friend_chip
from .render_lesson import held_turn, moved_line
from .render_match import seal_marks
from .render_panel import actions_panel, move_log
from .render_parts import actor, page_notices, shortcut, token
from .render_replay import replay_controls


def table_screen(state: TableState, s: Strings) -> Node:
    """The table screen: the bar, the two players, the centre and the column beside it; a dialog over it."""
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
                      "data-hint-state": hint_state, "data-friend": state.friend.status if state.friend else None,
                      "data-friend-live": state.friend.live if state.friend else None},
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
             friend_chip(state, s) if state.kind == "friend" else None,
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
                           # one's own value unknown: a friend game, whose next link opens it (say why)
                           "title": s.t("friend.bonus-coming") if val is None else None,
                           "aria-label": s.t("friend.bonus-coming") if val is None else s.t("token.bonus", n=val)},
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
