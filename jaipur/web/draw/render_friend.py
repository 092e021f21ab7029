"""Drawing a game with a friend: the friend screen (making or answering an invitation, waiting for the deal),
the bar above the table (whose turn, the link to send, a box to paste the friend's link), and the start
screen's list of games with friends.

Test hooks: `button[data-action=play-friend]` (start screen), `[data-friend-link]` (the link to send now, its
`value`), `data-friend="waiting|your-turn|their-turn|over|invalid"` on the friend screen and the table,
`textarea[data-friend-paste]` with `button[data-action=friend-paste]`, a refused link's `[data-problems]`
with `li[data-code]`; while the page checks or makes a link, `.friend-status[aria-busy]` is present.
Live: `button[data-action=go-live]`; while connecting, `[data-friend-link]` holds the offer's link, then (on the
answering page) the answer's text, pasted into the offering page's `textarea[data-friend-paste]`;
`data-friend-live="off|connecting|connected|lost"` on the table, the friend screen and the bar;
`[data-friend-presence=connected|thinking|gone]`; `button[data-action=friend-rematch]` once the match is over, and
`button[data-action=friend-accept-rematch]` on the friend's page.
The header's friend chip (shown on a phone held upright): `[data-friend-chip=off|connecting|connected|lost]`, the
friend's name and the live state; while the bar is folded (`.friend-bar.quiet`: your turn, nothing to send or
read) it is `button[data-action=friend-panel]` with `aria-expanded`, which opens the bar over the table.
"""

from __future__ import annotations

from ..i18n import Reason, Strings
from ..store.friends import VERSION, FriendEntry
from .model import FriendPanel, TableState
from .nodes import Node, h

NAME_FIELD = "friend-name"
PASTE_FIELD = "friend-paste-text"
STUN_FIELD = "live-stun"


def _problems(panel: FriendPanel, s: Strings) -> Node | None:
    reasons = [r for r in (panel.problem, panel.invalid) if r is not None]
    if not reasons:
        return None
    return h("div", {"class": "problems", "role": "alert", "data-problems": True},
             h("ul", {}, [h("li", {"data-code": r.code}, s.reason(r)) for r in reasons]))


def _note(panel: FriendPanel, s: Strings) -> Node | None:
    """What just happened that is not a refusal (a link seen again, the game followed from another tab, the parts
    of a long message opened so far: `data-parts="HAVE/TOTAL"`)."""
    if panel.note is None:
        return None
    values = panel.note.values
    parts = f"{values['have']}/{values['total']}" if "have" in values and "total" in values else None
    return h("p", {"class": "friend-note", "role": "status", "data-note": panel.note.code, "data-parts": parts},
             s.reason(panel.note))


def status_line(panel: FriendPanel, s: Strings) -> str:
    """The one sentence that says where the game is and what to do now (several links to send: "these links")."""
    friend = panel.friend or s.t("friend.someone")

    def said(key: str, **values: object) -> str:
        several = len(panel.links) > 1 and s.has(key + ".parts")
        return s.t(key + ".parts" if several else key, **values)

    if panel.busy is not None:
        return said(f"friend.busy.{panel.busy}")
    if panel.phase == "setup":
        return said("friend.setup.about")
    if panel.phase == "parts":
        return said("friend.parts.about")
    if panel.live == "connecting" and panel.live_code and panel.phase == "game":   # the live line says what to send
        return said("live.status.connecting", name=friend)
    if panel.dealing and panel.status in ("their-turn", "waiting"):
        key = ("friend.status.dealing-first" if panel.dealing_first else "friend.status.dealing-they-start"
               if panel.dealing_they_start else "friend.status.dealing")
        send = "friend.status.dealing-next-send" if panel.dealing_first else "friend.status.dealing-send"
        return said(send if panel.link else key, name=friend, round=panel.dealing)
    if panel.live == "connected" and panel.status in ("their-turn", "waiting"):
        key = "live.status.their-turn" if panel.status == "their-turn" else "live.status.waiting"
        return said("live.status.result" if panel.result_coming else key, name=friend)
    if panel.phase == "invited":
        return said("friend.invited", name=friend)
    if panel.status == "invalid":
        return said("friend.status.invalid")
    if panel.abandoned:
        return said("friend.status.abandoned", name=friend, n=panel.number)
    if panel.status == "over":
        return said("friend.status.over-send", name=friend) if panel.link else said("friend.status.over")
    if panel.status == "your-turn":
        return said("friend.status.your-turn")
    if panel.number == 1 and panel.link:
        return said("friend.status.invitation")
    if panel.number == 2 and panel.link and panel.seat == 1:
        return said("friend.status.answer", name=friend)
    if panel.status == "their-turn":
        if panel.link:
            return said("friend.status.their-turn-send" if panel.sent_move else "friend.status.deal", name=friend)
        return said("friend.status.their-turn", name=friend)
    if panel.result_coming:   # this side's move ended the round: its link carries it
        return said("friend.status.result-send" if panel.link else "friend.status.result", name=friend)
    return said("friend.status.send" if panel.link else "friend.status.waiting", name=friend)


def link_box(panel: FriendPanel, s: Strings) -> Node | None:
    """The link to send now, with Copy and Share; several links (a long message's parts) each with its own Copy."""
    if not panel.link:
        return None
    if len(panel.links) > 1:
        return links_box(panel, s)
    copied = None
    if panel.copied is not None:
        copied = h("span", {"class": "share-status " + ("ok" if panel.copied else "failed"), "role": "status",
                            "data-copied": "true" if panel.copied else "false"},
                   s.t("share.copied" if panel.copied else "share.failed"))
    name = panel.friend or s.t("friend.someone")
    label = s.t("live.send-answer", name=name) if panel.live_role == "answer" and panel.live_code else s.t(
        "friend.send-to", name=name)
    return h("div", {"class": "friend-link"},
             h("label", {"for": "friend-link", "class": "field-label"}, label),
             h("div", {"class": "friend-link-row"},
               h("input", {"id": "friend-link", "type": "text", "readonly": True, "dir": "ltr", "value": panel.link,
                           "data-friend-link": True, "aria-describedby": "friend-link-about"}),
               h("button", {"type": "button", "class": "primary small", "data-action": "friend-copy"},
                 s.t("action.copy")),
               h("button", {"type": "button", "class": "small", "data-action": "friend-share"}, s.t("friend.share"))),
             h("p", {"id": "friend-link-about", "class": "muted small-print"},
               s.t("live.code-about" if panel.live_code else "friend.link-about", n=len(panel.link))),
             copied)


def links_box(panel: FriendPanel, s: Strings) -> Node:
    """A long message's links, to send in a row: Copy all (one a line) and Share first, then each link with its own
    Copy (a chat app that cuts long texts takes them one by one). The hook `[data-friend-link]` holds them all."""
    n = len(panel.links)
    name = panel.friend or s.t("friend.someone")
    copied = None
    if panel.copied is not None:
        said = ("friend.part-copied" if panel.copied_part else "share.copied") if panel.copied else "share.failed"
        copied = h("span", {"class": "share-status " + ("ok" if panel.copied else "failed"), "role": "status",
                            "data-copied": "true" if panel.copied else "false"},
                   s.t(said, k=panel.copied_part, n=n))
    rows = [h("li", {"class": "friend-part"},
              h("span", {"class": "part-number", "aria-hidden": "true"}, s.t("friend.part-number", k=k, n=n)),
              h("input", {"type": "text", "readonly": True, "dir": "ltr", "value": link, "data-friend-part": k,
                          "aria-label": s.t("friend.part-label", k=k, n=n)}),
              h("button", {"type": "button", "class": "small", "data-action": "friend-copy", "data-value": str(k),
                           "aria-label": s.t("friend.part-copy", k=k, n=n)}, s.t("action.copy")))
            for k, link in enumerate(panel.links, 1)]
    return h("div", {"class": "friend-link friend-links", "data-friend-links": n},
             h("p", {"class": "field-label", "id": "friend-links-label"}, s.t("friend.send-parts", name=name, n=n)),
             h("input", {"type": "hidden", "value": panel.link, "data-friend-link": True}),
             h("div", {"class": "friend-link-row"},
               h("button", {"type": "button", "class": "primary small", "data-action": "friend-copy", "data-value": ""},
                 s.t("friend.copy-all", n=n)),
               h("button", {"type": "button", "class": "small", "data-action": "friend-share"}, s.t("friend.share")),
               copied),
             h("details", {"class": "friend-parts-list"},
               h("summary", {}, s.t("friend.parts-one-by-one", n=n)),
               h("ol", {"class": "friend-parts", "aria-labelledby": "friend-links-label"}, rows)),
             h("p", {"class": "muted small-print"}, s.t("friend.parts-about", n=n, name=name)))


def paste_box(panel: FriendPanel, s: Strings, open_: bool = False) -> Node:
    """A box to paste the friend's link into (a chat app may open links in another browser)."""
    label = s.t("friend.paste-invitation") if panel.phase == "setup" else s.t("friend.paste-parts") if (
        panel.phase == "parts") else s.t(
        "live.paste" if panel.live == "connecting" and panel.live_role == "offer" else "friend.paste",
        name=panel.friend or s.t("friend.someone"))
    answer_due = panel.live == "connecting" and panel.live_role == "offer" and bool(panel.live_code)
    open_ = open_ or answer_due or bool(panel.pasted)   # a refused paste stays in the open box, to correct
    return h("details", {"class": "friend-paste", "open": open_ or None},
             h("summary", {}, label),
             h("label", {"for": PASTE_FIELD, "class": "sr-only"}, label),
             h("textarea", {"id": PASTE_FIELD, "rows": 2, "dir": "ltr", "spellcheck": "false", "autocomplete": "off",
                            "data-friend-paste": True}, panel.pasted or None),
             h("button", {"type": "button", "class": "small", "data-action": "friend-paste", "data-input": PASTE_FIELD},
               s.t("live.connect" if answer_due else "friend.paste-open-all" if panel.phase == "parts" else
                   "friend.paste-open")))


def quiet(panel: FriendPanel) -> bool:
    """Nothing in the bar asks for the player: their turn, no link to send, no refused link, no note of what just
    happened. A phone held upright folds such a bar behind the header's friend chip (friend.css), which opens it."""
    return (panel.status == "your-turn" and not panel.link and panel.problem is None and panel.invalid is None
            and panel.note is None)


def friend_chip(state: TableState, s: Strings) -> Node | None:
    """The header's friend chip, for a phone: the friend's name over the live state (a dot and a word). When the bar
    is folded it is the button that opens it; else the bar is in view and the chip only says."""
    panel = state.friend
    if panel is None or panel.phase != "game" or state.embed:
        return None
    live = panel.live if panel.live in ("off", "connecting", "connected", "lost") else "off"
    dot = panel.presence if live == "connected" and panel.presence in ("thinking", "gone") else live
    body = [h("span", {"class": "friend-chip-name"},
              h("span", {"class": "sr-only"}, s.t("friend.chip.friend") + " "), panel.friend or s.t("friend.someone")),
            " ",   # read apart (a flex box draws no space between its items)
            h("span", {"class": "friend-chip-live"},
              h("span", {"class": "live-dot " + dot, "aria-hidden": "true"}), s.t(f"friend.chip.{live}"))]
    if not quiet(panel):
        return h("span", {"class": "friend-chip", "data-friend-chip": live}, body)
    return h("button", {"type": "button", "class": "friend-chip", "data-friend-chip": live,
                        "data-action": "friend-panel", "aria-controls": "friend-bar",
                        "aria-expanded": "true" if state.friend_open else "false"}, body)


def friend_bar(state: TableState, s: Strings) -> Node | None:
    """The bar over the table of a game with a friend (folded on a phone when `quiet`: see friend_chip)."""
    panel = state.friend
    if panel is None:
        return None
    waiting = (panel.status in ("waiting", "their-turn") and not panel.link and not panel.abandoned
               and panel.live != "connected")   # live, the friend is right there: nothing to stop waiting for
    live = panel.live == "connected"
    folded = quiet(panel)
    return h("section", {"class": "friend-bar" + (" quiet" if folded else "") + (" open" if folded and state.friend_open
                                                                                   else ""),
                         "id": "friend-bar", "data-friend-bar": panel.status, "data-friend-live": panel.live,
                         "aria-label": s.t("friend.title")},
             h("p", {"class": "friend-status", "role": "status", "aria-live": "polite",
                     "aria-busy": "true" if panel.busy else None}, status_line(panel, s)),
             _problems(panel, s),
             _note(panel, s),
             live_line(panel, s),
             link_box(panel, s),
             paste_box(panel, s) if panel.status not in ("over", "invalid") and not live else None,
             live_box(panel, s),
             rematch_box(panel, s),
             h("button", {"type": "button", "class": "link-button", "data-action": "friend-abandon"},
               s.t("friend.abandon")) if waiting and panel.number > 2 else None,
             h("button", {"type": "button", "class": "link-button", "data-action": "friend-transcript",
                          "title": s.t("friend.transcript-about")},
               s.t("friend.transcript")) if panel.number > 2 and panel.status != "your-turn" else None)


def friend_screen(state: TableState, s: Strings) -> Node:
    """The friend screen before the table: making an invitation, answering one, or waiting for the deal."""
    panel = state.friend or FriendPanel()
    body: list[Node | None] = [h("p", {"class": "friend-status", "role": "status", "aria-live": "polite",
                                       "aria-busy": "true" if panel.busy else None}, status_line(panel, s)),
                               _problems(panel, s), _note(panel, s)]
    if panel.phase == "setup":
        body += [
            h("p", {"class": "note"}, s.t("friend.fair")),
            _name_field(s, panel.me),
            h("fieldset", {"class": "choices two", "data-choice": "friend-mode"},
              h("legend", {}, s.t("start.mode")),
              [h("button", {"type": "button", "class": "choice", "data-action": "friend-mode", "data-value": m,
                            "aria-pressed": "true" if panel.mode == m else "false"}, s.t(f"mode.{m}"))
               for m in ("standard", "single-round")]),
            h("button", {"type": "button", "class": "primary big", "data-action": "friend-invite",
                         "data-input": NAME_FIELD, "disabled": panel.busy is not None, "data-autofocus": True},
              s.t("friend.invite")),
            paste_box(panel, s)]
    elif panel.phase == "parts":
        body += [paste_box(panel, s, open_=True)]
    elif panel.phase == "invited":
        body += [
            h("p", {"class": "note"}, s.t(f"mode.{panel.mode}")),
            h("p", {"class": "note"}, s.t("friend.fair")),
            _name_field(s, panel.me),
            h("button", {"type": "button", "class": "primary big", "data-action": "friend-accept",
                         "data-input": NAME_FIELD, "disabled": panel.busy is not None or not panel.friend,
                         "data-autofocus": True}, s.t("friend.accept"))]
    else:
        body += [live_line(panel, s), link_box(panel, s),
                 paste_box(panel, s, open_=not panel.link) if panel.live != "connected" else None,
                 live_box(panel, s)]
    body.append(h("div", {"class": "start-links"},
                  h("button", {"type": "button", "class": "link-button", "data-action": "new-game"},
                    s.t("friend.back"))))
    return h("main", {"class": "start friend-screen", "data-friend": panel.status if panel.phase == "game" else "waiting",
                      "data-friend-phase": panel.phase, "data-friend-live": panel.live},
             h("div", {"class": "start-card"},
               h("div", {"class": "start-head"},
                 h("span", {"class": "logo", "aria-hidden": "true"}),
                 h("div", {}, h("h1", {}, s.t("friend.title")), h("p", {"class": "tagline"}, s.t("app.title")))),
               body))


def live_line(panel: FriendPanel, s: Strings) -> Node | None:
    """Live: where the connection stands and where the friend is (connected, thinking, gone)."""
    name = panel.friend or s.t("friend.someone")
    if panel.live == "connecting":
        key = "live.offer-made" if panel.live_role == "offer" else "live.answer-made"
        if not panel.live_code:
            key = "live.making"
        return h("p", {"class": "live-line", "data-friend-presence": "connecting"}, s.t(key, name=name))
    if panel.live == "lost":
        return h("p", {"class": "live-line lost", "role": "alert", "data-friend-presence": "gone"},
                 s.t("live.lost", name=name))
    if panel.live != "connected":
        return None
    said = s.t(f"live.presence.{panel.presence or 'connected'}", name=name)
    if not panel.delivered:
        said += " " + s.t("live.sending")
    return h("p", {"class": "live-line " + (panel.presence or "connected"),
                   "data-friend-presence": panel.presence or "connected"},
             h("span", {"class": "live-dot", "aria-hidden": "true"}), said)


def live_box(panel: FriendPanel, s: Strings) -> Node | None:
    """Live: go live (or again), stop, and the settings (a STUN server; the tone and buzz on your turn)."""
    if not panel.live_ok or panel.phase != "game" or panel.status == "invalid":
        return None
    buttons: list[Node | None] = []
    if panel.live in ("off", "lost") and panel.status != "over":
        buttons.append(h("button", {"type": "button", "class": "small primary" if panel.live == "lost" else "small",
                                    "data-action": "go-live", "disabled": panel.busy is not None},
                         s.t("live.again" if panel.live == "lost" else "live.go")))
    elif panel.live in ("connecting", "connected"):
        buttons.append(h("button", {"type": "button", "class": "link-button", "data-action": "live-off"},
                         s.t("live.off" if panel.live == "connected" else "live.cancel")))
    settings = h("details", {"class": "live-settings"},
                 h("summary", {}, s.t("live.settings")),
                 h("button", {"type": "button", "class": "small", "data-action": "live-alert",
                              "aria-pressed": "true" if panel.alert else "false"}, s.t("live.alert")),
                 h("label", {"for": STUN_FIELD, "class": "field-label"}, s.t("live.stun")),
                 h("div", {"class": "friend-link-row"},
                   h("input", {"id": STUN_FIELD, "type": "text", "dir": "ltr", "value": panel.stun,
                               "placeholder": "stun:stun.example.org:3478", "spellcheck": "false",
                               "autocomplete": "off"}),
                   h("button", {"type": "button", "class": "small", "data-action": "live-stun",
                                "data-input": STUN_FIELD}, s.t("live.stun-save"))),
                 h("p", {"class": "muted small-print"}, s.t("live.stun-about")))
    about = h("p", {"class": "muted small-print"}, s.t("live.about")) if panel.live == "off" else None
    return h("div", {"class": "live-box", "data-friend-live": panel.live}, buttons, about, settings)


def rematch_box(panel: FriendPanel, s: Strings) -> Node | None:
    """A finished match: a rematch in one click (or the friend's, to accept)."""
    if panel.status != "over" or panel.phase != "game":
        return None
    if panel.rematch_from:
        return h("div", {"class": "rematch"},
                 h("p", {"role": "status"}, s.t("live.rematch-asked", name=panel.friend or s.t("friend.someone"))),
                 h("button", {"type": "button", "class": "primary", "data-action": "friend-accept-rematch",
                              "disabled": panel.busy is not None}, s.t("live.rematch-accept")))
    return h("button", {"type": "button", "class": "small", "data-action": "friend-rematch",
                        "disabled": panel.busy is not None}, s.t("live.rematch"))


def _name_field(s: Strings, name: str = "") -> Node:
    """The player's name, as they gave it last time (text in a field, never markup)."""
    return h("div", {"class": "name-field"},
             h("label", {"for": NAME_FIELD}, s.t("friend.your-name")),
             h("input", {"id": NAME_FIELD, "type": "text", "maxlength": 24, "autocomplete": "nickname",
                         "spellcheck": "false", "placeholder": s.t("friend.your-name"), "value": name or None}))


def friends_list(state: TableState, s: Strings) -> Node | None:
    """The start screen's games with friends, each a button that opens it; a game an older version started says so
    (`data-friend-game="old"`) and has a button that removes it (it cannot go on here)."""
    if not state.friends:
        return None
    return h("section", {"class": "friend-games", "aria-labelledby": "friend-games-title"},
             h("h2", {"id": "friend-games-title"}, s.t("friend.games")),
             h("ul", {}, [_friend_line(e, s, state.friend_said) for e in state.friends]))


def _friend_line(e: FriendEntry, s: Strings, said: tuple[str, Reason] | None = None) -> Node:
    name = e.friend or s.t("friend.someone")
    old = e.version < VERSION
    status = s.t("friend.list.old" if old else "friend.abandoned" if e.abandoned else f"friend.list.{e.status}",
                 name=name)
    opener = h("button", {"type": "button", "class": "link-button", "data-action": "open-friend", "data-value": e.id,
                          "data-friend-game": "old" if old else e.status},
               s.t("friend.game-line", name=name, status=status))
    why = None
    if said is not None and said[0] == e.id:   # why it did not open, under its line (a refusal's hook)
        why = h("div", {"class": "problems", "role": "alert", "data-problems": True},
                h("ul", {}, h("li", {"data-code": said[1].code}, s.reason(said[1]))))
    if not old:
        return h("li", {}, opener, why)
    return h("li", {"class": "old"}, opener,
             h("button", {"type": "button", "class": "link-button small", "data-action": "friend-forget",
                          "data-value": e.id, "aria-label": s.t("friend.forget-label", name=name)},
               s.t("friend.forget")), why)


def play_friend_button(state: TableState, s: Strings) -> list[Node] | None:
    """The start screen's Play a friend, with the line under it that says what it is (as each opponent has)."""
    if state.embed:
        return None
    return [h("button", {"type": "button", "class": "friend-button", "data-action": "play-friend",
                         "aria-describedby": "play-friend-about"}, s.t("friend.play")),
            h("p", {"id": "play-friend-about", "class": "friend-about choice-about"}, s.t("friend.play-about"))]
