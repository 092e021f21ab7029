"""English and Persian strings of the table, and the sentences built from them.

`strings(lang)` gives a `Strings` object: `t(key, **values)` fills a template
(numbers are written with Persian digits in Persian), `cards()` names a group
of cards, `move()` and `did()` describe a move (as an option, or as a log line),
and `reason()` turns a `Reason` (a rule id or a UI code) into one sentence.
English reasons from the rules engine keep the engine's own sentence; Persian
ones are translated by their code (the broken rule's id).
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ..cards import ORDER

LANGS = ("en", "fa")


@dataclass(frozen=True)
class Reason:
    """Why something cannot be done: a code (rule id like "R13c", or a UI code like "take.none"),
    the engine's English sentence when there is one, and values for the templates."""

    code: str
    message: str = ""
    values: dict[str, Any] = field(default_factory=dict)


NAMES_EN = {"D": "diamond", "G": "gold", "S": "silver", "C": "cloth", "P": "spice", "L": "leather", "M": "camel"}
PLURALS_EN = {"D": "diamonds", "G": "gold", "S": "silver", "C": "cloth", "P": "spice", "L": "leather", "M": "camels"}
NAMES_FA = {"D": "الماس", "G": "طلا", "S": "نقره", "C": "پارچه", "P": "ادویه", "L": "چرم", "M": "شتر"}
KEYCAPS_FA = {"T": "ف", "C": "ز", "X": "ط", "S": "س", "U": "ع", "A": "ش", "H": "ا"}
"""The letters the standard Persian layout (ISIRI 9147) puts on the table's shortcut keys."""

EN: dict[str, str] = {
    "app.title": "Jaipur",
    "app.tagline": "The trading card game for two players.",
    "start.opponent": "Opponent",
    "start.mode": "Match",
    "start.lang": "Language",
    "start.new": "New game",
    "start.problems": "Some settings in the address could not be used:",
    "start.no-bots": "The computer players could not be loaded; you can still play two players on one device.",
    "start.position": "The game will start from the position given in the address.",
    "level.random": "Random",
    "level.novice": "Novice",
    "level.trader": "Trader",
    "level.maharaja": "Maharaja",
    "level.human": "Two players",
    "about.random": "Plays any legal move.",
    "about.novice": "Plays simple, greedy moves.",
    "about.trader": "A sharp dealer.",
    "about.maharaja": "The strongest computer player.",
    "about.human": "Two people take turns on this device.",
    "mode.standard": "Standard (first to two seals)",
    "mode.single-round": "Single round",
    "lang.en": "English",
    "lang.fa": "فارسی",
    "name.you": "You",
    "name.computer": "Computer",
    "name.player": "Player {n}",
    "vs.level": "Computer: {level}",
    "vs.human": "Two players",
    "round": "Round {n}",
    "turn.you": "Your turn",
    "turn.player": "{name}, your turn",
    "turn.thinking": "{name} is thinking…",
    "turn.wait": "{name}'s turn",
    "turn.over": "Round over",
    "turn.match-over": "Match over",
    "zone.market": "Market",
    "zone.deck": "Deck",
    "zone.discard": "Sold",
    "zone.goods": "Goods tokens",
    "zone.bonus": "Bonus tokens",
    "zone.hand": "Your hand",
    "zone.herd": "Your herd",
    "zone.opponent-hand": "{name}'s hand",
    "zone.opponent-herd": "{name}'s herd",
    "zone.log": "Moves",
    "zone.tokens": "Your tokens",
    "zone.opponent-tokens": "{name}'s tokens",
    "count.cards": "{n} cards",
    "count.cards.one": "{n} card",
    "count.left": "{n} left",
    "count.camels": "{n} camels",
    "count.camels.one": "{n} camel",
    "count.hand": "{n} of 7",
    "count.bonus-hidden": "{n} bonus tokens",
    "count.bonus-hidden.one": "{n} bonus token",
    "camel-token": "Camel token: 5 rupees to the bigger herd",
    "seals": "Seals of excellence: {n}",
    "rupees": "{n} rupees",
    "empty": "empty",
    "nothing-sold": "Nothing sold yet",
    "no-tokens": "No tokens yet",
    "log.empty": "No moves yet.",
    "action.take": "Take",
    "action.camels": "Take the camels",
    "action.exchange": "Exchange",
    "action.sell": "Sell",
    "action.clear": "Clear",
    "action.suggest": "Suggest a move",
    "action.menu": "New game",
    "action.next-round": "Next round",
    "action.new-game": "New game",
    "action.ready": "Tap when ready",
    "action.leave": "Leave this game",
    "action.stay": "Keep playing",
    "action.dismiss": "OK",
    "confirm.leave": "Leave this game and start a new one?",
    "pass.title": "Pass to {name}",
    "pass.body": "The hand stays hidden until {name} is ready.",
    "hint.start": "Select cards to take, exchange or sell — or take the camels.",
    "hint.ready": "Ready: {move}.",
    "hint.wait": "Wait for {name} to move.",
    "hint.over": "The round is over.",
    "suggest.title": "Suggestion: {move}.",
    "suggest.none": "No suggestion is available right now.",
    "desc.take": "take {cards}",
    "desc.camels": "take the {n} camels",
    "desc.camel": "take the camel",
    "desc.all-camels": "take the camels",
    "desc.exchange": "take {taken} for {given}",
    "desc.sell": "sell {cards}",
    "log.take.you": "You took {cards}.",
    "log.take.other": "{name} took {cards}.",
    "log.camels.you": "You took the {n} camels.",
    "log.camels.other": "{name} took the {n} camels.",
    "log.camel.you": "You took the camel.",
    "log.camel.other": "{name} took the camel.",
    "log.exchange.you": "You took {taken} for {given}.",
    "log.exchange.other": "{name} took {taken} for {given}.",
    "log.sell.you": "You sold {cards} for {values}{bonus}.",
    "log.sell.other": "{name} sold {cards} for {values}{bonus}.",
    "log.bonus": " and a bonus token",
    "log.nothing": "nothing (the pile is empty)",
    "log.round-start.you": "Round {n}: you start.",
    "log.round-start.other": "Round {n}: {name} starts.",
    "log.round-end": "Round {n} over: {a} {sa}, {b} {sb}.",
    "and": " and ",
    "comma": ", ",
    "result.title": "Round {n} result",
    "result.goods": "Goods tokens",
    "result.bonus": "Bonus tokens",
    "result.camel": "Camel token",
    "result.total": "Total",
    "result.tokens": "{n} tokens",
    "result.tokens.one": "{n} token",
    "result.winner.you": "You win the round and take a seal of excellence.",
    "result.winner.other": "{name} wins the round and takes a seal of excellence.",
    "result.tie": "A perfect tie: nobody takes a seal.",
    "result.tiebreak.bonus": "Equal rupees: the player with more bonus tokens wins the round.",
    "result.tiebreak.goods": "Equal rupees and bonus tokens: the player with more goods tokens wins the round.",
    "result.ended.R21": "Three goods piles ran out.",
    "result.ended.R22": "The deck ran out.",
    "result.seals": "Seals",
    "match.title": "Match over",
    "match.win.you": "You win the match!",
    "match.win.other": "{name} wins the match.",
    "match.draw": "The match is a draw.",
    "error.internal": "Something went wrong ({detail}). The game goes on; if it happens again, start a new game.",
    "error.bot": "The computer could not choose a move ({detail}), so it played a simple legal move.",
    "why.take.none": "Select one good in the market to take it.",
    "why.take.only": "To take one good, select only that card in the market.",
    "why.take.many": "You take one good at a time; to take several, give as many cards back (Exchange).",
    "why.take.camel": "Camels are taken all together: use “Take the camels”.",
    "why.camels.selection": "To take the camels, clear your selection first.",
    "why.exchange.market": "To exchange, select the goods you want from the market too.",
    "why.exchange.give": "Now select as many cards from your hand or herd to give back.",
    "why.sell.none": "Select cards of one good in your hand to sell them.",
    "why.sell.only-hand": "Only cards from your hand can be sold.",
    "why.sell.mixed": "Sell one kind of good at a time.",
    "why.wait": "It is not your turn.",
    "why.over": "The round is over.",
    "param.opponent": "“{value}” is not an opponent: use novice, trader, maharaja or human.",
    "param.seed": "The seed must be a whole number from 0 to 18446744073709551615, not “{value}”.",
    "param.mode": "The mode must be standard or single-round, not “{value}”.",
    "param.lang": "The language must be en or fa, not “{value}”.",
    "param.embed": "embed must be 0 or 1, not “{value}”.",
    "param.position": "The position in the address could not be used: {detail}",
    "param.record": "The game record in the address could not be used: {detail}",
    "param.bots": "The computer players are not available, so “{value}” cannot play.",
    "name.opponent": "Opponent",
    "vs.puzzle": "Puzzle",
    "vs.replay": "Replay",
    "vs.still": "A position",
    "turn.still": "Still picture",
    "turn.solved": "Solved",
    "turn.replay": "{name} to move",
    "hint.still": "A still picture: nothing can be played here.",
    "hint.solved": "Puzzle solved.",
    "hint.puzzle": "Find the right move, then press its button.",
    "action.undo": "Undo",
    "action.game": "Game…",
    "action.share": "Share link",
    "action.export": "Download the record",
    "action.import": "Open a record",
    "action.close": "Close",
    "action.copy": "Copy",
    "action.open": "Open",
    "action.reveal": "Reveal the answer",
    "action.retry": "Start again",
    "action.notices": "Hide",
    "action.keys": "Keys",
    "keys.title": "Keyboard",
    "keys.intro": "Play without a mouse: Tab moves between the rows of cards and the buttons.",
    "keys.col.keys": "Keys",
    "keys.col.does": "What they do",
    "keys.tab": "Go to the next row of cards or button (Shift+Tab: back)",
    "keys.arrows": "Move among the cards of the market, your hand or your herd",
    "keys.select": "Select or unselect the card; press the button",
    "keys.zones": "Go to the market, your hand, your herd",
    "keys.take": "Take the selected good",
    "keys.camels": "Take the camels",
    "keys.exchange": "Exchange the selected cards",
    "keys.sell": "Sell the selected cards",
    "keys.clear": "Clear the selection",
    "keys.escape": "Close a dialog, or clear the selection",
    "keys.undo": "Undo your last move",
    "keys.suggest": "Ask for a suggested move",
    "keys.help": "Show these keys",
    "keys.replay": "In a replay: a move back or forward, the first or the last move",
    "keys.note": "Letter keys go by their place on the keyboard, so they work with other layouts too.",
    "key.space": "Space",
    "pile.goods": "{good} tokens: {values}",
    "pile.bonus": "Bonus tokens for {size} cards: {n} left",
    "token.good": "{good}: {values}",
    "token.bonus": "Bonus token worth {n}",
    "token.bonus-hidden": "Bonus token, value hidden",
    "game.title": "This game",
    "game.share": "A link that replays this game move by move.",
    "game.export": "A JSON file of every move, to keep or to open later.",
    "game.import": "Replay a record file, or a record or link you paste.",
    "game.new": "Leave this game and choose a new one.",
    "share.title": "Share this game",
    "share.label": "Link to this game",
    "share.copied": "The link is copied to the clipboard.",
    "share.failed": "The link could not be copied: select it and copy it yourself.",
    "export.done": "Downloaded {name}.",
    "export.failed": "The record could not be downloaded.",
    "import.title": "Open a game record",
    "import.file": "A record file (.json or .txt)",
    "import.paste": "Or paste a record (JSON or J1.…) or a link with #record=",
    "puzzle.title": "Puzzle",
    "puzzle.task": "Find the right move for {name}.",
    "puzzle.answer": "Answer",
    "replay.title": "Replay",
    "replay.first": "First",
    "replay.back": "Back",
    "replay.forward": "Forward",
    "replay.last": "Last",
    "replay.play": "Play",
    "replay.pause": "Pause",
    "replay.where": "Move {ply} of {plies}",
    "replay.rounds": "Jump to",
    "replay.seen": "Cards shown",
    "replay.seen.seat": "{name}'s",
    "replay.seen.all": "Both hands",
    "replay.dealt": "Round {n} is dealt; {name} starts.",
    "replay.keys": "Arrow keys step through the game.",
    "save.resumed": "Your game in progress is back where you left it.",
    "update.ready": "A new version of Jaipur is ready. Reload to use it; your game is kept.",
    "action.reload": "Reload",
    "stats.title": "Your matches against the computer",
    "stats.level": "Opponent",
    "stats.won": "Won",
    "stats.lost": "Lost",
    "stats.drawn": "Drawn",
    "start.rules": "How to play",
    "action.rules": "Rules",
    "rules.title": "How to play Jaipur",
    "save.unavailable": "This browser does not let the page save, so the game will not survive a reload.",
    "undo.done": "Your last move was taken back.",
}

FA: dict[str, str] = {
    "app.title": "جیپور",
    "app.tagline": "بازی کارتی تجارت، برای دو نفر.",
    "start.opponent": "حریف",
    "start.mode": "نوع مسابقه",
    "start.lang": "زبان",
    "start.new": "بازی تازه",
    "start.problems": "برخی تنظیمات نشانی صفحه قابل استفاده نبود:",
    "start.no-bots": "بازیکنان رایانه‌ای بارگیری نشدند؛ هنوز می‌توانید دو نفره روی یک دستگاه بازی کنید.",
    "start.position": "بازی از وضعیتی که در نشانی آمده شروع می‌شود.",
    "level.random": "تصادفی",
    "level.novice": "تازه‌کار",
    "level.trader": "تاجر",
    "level.maharaja": "مهاراجه",
    "level.human": "دو نفره",
    "about.random": "هر حرکت مجازی را بازی می‌کند.",
    "about.novice": "حرکت‌های ساده و حریصانه بازی می‌کند.",
    "about.trader": "تاجری زیرک.",
    "about.maharaja": "قوی‌ترین بازیکن رایانه‌ای.",
    "about.human": "دو نفر به نوبت روی همین دستگاه بازی می‌کنند.",
    "mode.standard": "استاندارد (هر که زودتر دو مُهر بگیرد)",
    "mode.single-round": "تک‌دور",
    "name.you": "شما",
    "name.computer": "رایانه",
    "name.player": "بازیکن {n}",
    "vs.level": "رایانه: {level}",
    "vs.human": "دو نفره",
    "round": "دور {n}",
    "turn.you": "نوبت شما",
    "turn.player": "{name}، نوبت شماست",
    "turn.thinking": "{name} در حال فکر کردن است…",
    "turn.wait": "نوبت {name}",
    "turn.over": "پایان دور",
    "turn.match-over": "پایان مسابقه",
    "zone.market": "بازار",
    "zone.deck": "دسته‌ی کارت",
    "zone.discard": "فروخته‌شده",
    "zone.goods": "ژتون‌های کالا",
    "zone.bonus": "ژتون‌های پاداش",
    "zone.hand": "دست شما",
    "zone.herd": "گله‌ی شما",
    "zone.opponent-hand": "دست {name}",
    "zone.opponent-herd": "گله‌ی {name}",
    "zone.log": "حرکت‌ها",
    "zone.tokens": "ژتون‌های شما",
    "zone.opponent-tokens": "ژتون‌های {name}",
    "count.cards": "{n} کارت",
    "count.cards.one": "{n} کارت",
    "count.left": "{n} مانده",
    "count.camels": "{n} شتر",
    "count.camels.one": "{n} شتر",
    "count.hand": "{n} از ۷",
    "count.bonus-hidden": "{n} ژتون پاداش",
    "count.bonus-hidden.one": "{n} ژتون پاداش",
    "camel-token": "ژتون شتر: ۵ روپیه برای گله‌ی بزرگ‌تر",
    "seals": "مُهرهای افتخار: {n}",
    "rupees": "{n} روپیه",
    "empty": "خالی",
    "nothing-sold": "هنوز چیزی فروخته نشده",
    "no-tokens": "هنوز ژتونی نیست",
    "log.empty": "هنوز حرکتی نشده.",
    "action.take": "برداشتن",
    "action.camels": "برداشتن شترها",
    "action.exchange": "معاوضه",
    "action.sell": "فروش",
    "action.clear": "پاک کردن",
    "action.suggest": "پیشنهاد حرکت",
    "action.menu": "بازی تازه",
    "action.next-round": "دور بعد",
    "action.new-game": "بازی تازه",
    "action.ready": "هر وقت آماده بودید بزنید",
    "action.leave": "ترک این بازی",
    "action.stay": "ادامه‌ی بازی",
    "action.dismiss": "باشه",
    "confirm.leave": "این بازی را رها می‌کنید و بازی تازه‌ای شروع می‌کنید؟",
    "pass.title": "دستگاه را به {name} بدهید",
    "pass.body": "دست پنهان می‌ماند تا {name} آماده شود.",
    "hint.start": "کارت‌هایی را برای برداشتن، معاوضه یا فروش انتخاب کنید — یا شترها را بردارید.",
    "hint.ready": "آماده: {move}.",
    "hint.wait": "منتظر حرکت {name} بمانید.",
    "hint.over": "این دور تمام شد.",
    "suggest.title": "پیشنهاد: {move}.",
    "suggest.none": "فعلاً پیشنهادی در دست نیست.",
    "desc.take": "برداشتن {cards}",
    "desc.camels": "برداشتن {n} شتر",
    "desc.camel": "برداشتن شتر",
    "desc.all-camels": "برداشتن شترها",
    "desc.exchange": "گرفتن {taken} در برابر {given}",
    "desc.sell": "فروش {cards}",
    "log.take.you": "شما {cards} برداشتید.",
    "log.take.other": "{name} {cards} برداشت.",
    "log.camels.you": "شما {n} شتر برداشتید.",
    "log.camels.other": "{name} {n} شتر برداشت.",
    "log.camel.you": "شما شتر را برداشتید.",
    "log.camel.other": "{name} شتر را برداشت.",
    "log.exchange.you": "شما {taken} را با {given} عوض کردید.",
    "log.exchange.other": "{name} {taken} را با {given} عوض کرد.",
    "log.sell.you": "شما {cards} را به {values}{bonus} فروختید.",
    "log.sell.other": "{name} {cards} را به {values}{bonus} فروخت.",
    "log.bonus": " و یک ژتون پاداش",
    "log.nothing": "هیچ (ژتون‌ها تمام شده)",
    "log.round-start.you": "دور {n}: شما شروع می‌کنید.",
    "log.round-start.other": "دور {n}: {name} شروع می‌کند.",
    "log.round-end": "پایان دور {n}: {a} {sa}، {b} {sb}.",
    "and": " و ",
    "comma": "، ",
    "result.title": "نتیجه‌ی دور {n}",
    "result.goods": "ژتون‌های کالا",
    "result.bonus": "ژتون‌های پاداش",
    "result.camel": "ژتون شتر",
    "result.total": "جمع",
    "result.tokens": "{n} ژتون",
    "result.tokens.one": "{n} ژتون",
    "result.winner.you": "شما این دور را بردید و یک مُهر افتخار گرفتید.",
    "result.winner.other": "{name} این دور را برد و یک مُهر افتخار گرفت.",
    "result.tie": "تساوی کامل: کسی مُهر نمی‌گیرد.",
    "result.tiebreak.bonus": "روپیه‌ها برابر بود: هر که ژتون پاداش بیشتری دارد این دور را می‌برد.",
    "result.tiebreak.goods": "روپیه‌ها و ژتون‌های پاداش برابر بود: هر که ژتون کالای بیشتری دارد این دور را می‌برد.",
    "result.ended.R21": "سه دسته از ژتون‌های کالا تمام شد.",
    "result.ended.R22": "کارت‌های دسته تمام شد.",
    "result.seals": "مُهرها",
    "match.title": "پایان مسابقه",
    "match.win.you": "شما مسابقه را بردید!",
    "match.win.other": "{name} مسابقه را برد.",
    "match.draw": "مسابقه مساوی شد.",
    "error.internal": "مشکلی پیش آمد ({detail}). بازی ادامه دارد؛ اگر تکرار شد، بازی تازه‌ای شروع کنید.",
    "error.bot": "رایانه نتوانست حرکتی انتخاب کند ({detail})، پس یک حرکت ساده‌ی مجاز بازی کرد.",
    "why.take.none": "یک کالا را در بازار انتخاب کنید تا آن را بردارید.",
    "why.take.only": "برای برداشتن یک کالا، فقط همان کارت بازار را انتخاب کنید.",
    "why.take.many": "هر بار یک کالا برمی‌دارید؛ برای چند کالا، به همان تعداد کارت پس بدهید (معاوضه).",
    "why.take.camel": "شترها با هم برداشته می‌شوند: «برداشتن شترها» را بزنید.",
    "why.camels.selection": "برای برداشتن شترها، اول انتخاب‌ها را پاک کنید.",
    "why.exchange.market": "برای معاوضه، کالاهایی را که می‌خواهید در بازار هم انتخاب کنید.",
    "why.exchange.give": "حالا به همان تعداد کارت از دست یا گله‌تان برای پس دادن انتخاب کنید.",
    "why.sell.none": "کارت‌های یک کالا را در دستتان انتخاب کنید تا بفروشید.",
    "why.sell.only-hand": "فقط کارت‌های دستتان را می‌توان فروخت.",
    "why.sell.mixed": "هر بار فقط یک نوع کالا بفروشید.",
    "why.wait": "نوبت شما نیست.",
    "why.over": "این دور تمام شده است.",
    "why.R11": "دست شما ۷ کارت دارد: کالای دیگری نمی‌توانید بردارید. بفروشید یا شترها را بردارید.",
    "why.R12": "در بازار شتری نیست.",
    "why.R13": "در معاوضه به همان تعداد که برمی‌دارید پس می‌دهید: {taken} برداشته، {given} پس داده.",
    "why.R13a": "معاوضه دست‌کم دو کارت را جابه‌جا می‌کند؛ یکی‌به‌یکی مجاز نیست.",
    "why.R13b": "شتر را نمی‌توان در معاوضه گرفت؛ شترها را همه با هم بردارید.",
    "why.R13c": "نمی‌توانید یک کالا ({good}) را در یک معاوضه هم بدهید و هم بگیرید.",
    "why.R13d": "پس از این معاوضه دست شما {after} کارت خواهد داشت؛ حداکثر ۷ است.",
    "why.R15": "شتر را هرگز نمی‌توان فروخت.",
    "why.R16": "{good} کالای گران‌بهاست: دست‌کم دو تا با هم بفروشید.",
    "why.unavailable": "این کارت‌ها آنجا نیستند.",
    "why.over-match": "مسابقه تمام شده است: بازی تازه‌ای شروع کنید.",
    "why.bad-move": "این حرکت خوانا نیست.",
    "why.default": "این حرکت مجاز نیست.",
    "param.opponent": "«{value}» حریف معتبری نیست: یکی از novice، trader، maharaja یا human را بنویسید.",
    "param.seed": "seed باید عددی صحیح از ۰ تا ۱۸۴۴۶۷۴۴۰۷۳۷۰۹۵۵۱۶۱۵ باشد، نه «{value}».",
    "param.mode": "mode باید standard یا single-round باشد، نه «{value}».",
    "param.lang": "lang باید en یا fa باشد، نه «{value}».",
    "param.embed": "embed باید ۰ یا ۱ باشد، نه «{value}».",
    "param.position": "وضعیتی که در نشانی آمده قابل استفاده نیست.",
    "param.record": "سابقه‌ی بازی که در نشانی آمده قابل استفاده نیست.",
    "param.bots": "بازیکنان رایانه‌ای در دسترس نیستند، پس «{value}» نمی‌تواند بازی کند.",
    "name.opponent": "حریف",
    "vs.puzzle": "معما",
    "vs.replay": "بازپخش",
    "vs.still": "یک وضعیت",
    "turn.still": "تصویر ثابت",
    "turn.solved": "حل شد",
    "turn.replay": "نوبت {name}",
    "hint.still": "این یک تصویر ثابت است: اینجا حرکتی نمی‌شود کرد.",
    "hint.solved": "معما حل شد.",
    "hint.puzzle": "حرکت درست را پیدا کنید و دکمه‌اش را بزنید.",
    "action.undo": "برگرداندن",
    "action.game": "بازی…",
    "action.share": "پیوند اشتراک",
    "action.export": "بارگیری سابقه‌ی بازی",
    "action.import": "باز کردن سابقه‌ی بازی",
    "action.close": "بستن",
    "action.copy": "رونوشت",
    "action.open": "باز کردن",
    "action.reveal": "نمایش جواب",
    "action.retry": "از نو",
    "action.notices": "پنهان کردن",
    "action.keys": "کلیدها",
    "keys.title": "صفحه‌کلید",
    "keys.intro": "بدون موشواره بازی کنید: Tab میان ردیف‌های کارت و دکمه‌ها جابه‌جا می‌شود.",
    "keys.col.keys": "کلیدها",
    "keys.col.does": "کارشان",
    "keys.tab": "رفتن به ردیف کارت یا دکمه‌ی بعدی (Shift+Tab: برگشت)",
    "keys.arrows": "جابه‌جایی میان کارت‌های بازار، دست یا گله‌ی شما",
    "keys.select": "انتخاب کارت یا برداشتن انتخابش؛ زدن دکمه",
    "keys.zones": "رفتن به بازار، دست شما، گله‌ی شما",
    "keys.take": "برداشتن کالای انتخاب‌شده",
    "keys.camels": "برداشتن شترها",
    "keys.exchange": "معاوضه‌ی کارت‌های انتخاب‌شده",
    "keys.sell": "فروش کارت‌های انتخاب‌شده",
    "keys.clear": "پاک کردن انتخاب‌ها",
    "keys.escape": "بستن پنجره، یا پاک کردن انتخاب‌ها",
    "keys.undo": "برگرداندن آخرین حرکت شما",
    "keys.suggest": "درخواست پیشنهاد حرکت",
    "keys.help": "نمایش همین کلیدها",
    "keys.replay": "در بازپخش: یک حرکت عقب یا جلو، اولین یا آخرین حرکت",
    "keys.note": "کلیدهای حرفی با جایشان روی صفحه‌کلید کار می‌کنند، پس با چینش فارسی هم کار می‌کنند؛ حرف فارسی هر کلید کنارش آمده است.",
    "key.space": "فاصله",
    "pile.goods": "ژتون‌های {good}: {values}",
    "pile.bonus": "ژتون‌های پاداش {size} کارتی: {n} مانده",
    "token.good": "{good}: {values}",
    "token.bonus": "ژتون پاداش به ارزش {n}",
    "token.bonus-hidden": "ژتون پاداش، با ارزش پنهان",
    "game.title": "این بازی",
    "game.share": "پیوندی که این بازی را حرکت به حرکت بازپخش می‌کند.",
    "game.export": "پرونده‌ای JSON از همه‌ی حرکت‌ها، برای نگه داشتن یا باز کردن در آینده.",
    "game.import": "بازپخش پرونده‌ی سابقه، یا سابقه یا پیوندی که می‌چسبانید.",
    "game.new": "این بازی را رها کنید و بازی تازه‌ای انتخاب کنید.",
    "share.title": "اشتراک این بازی",
    "share.label": "پیوند این بازی",
    "share.copied": "پیوند در حافظه رونوشت شد.",
    "share.failed": "رونوشت پیوند ممکن نشد: آن را انتخاب کنید و خودتان رونوشت بگیرید.",
    "export.done": "{name} بارگیری شد.",
    "export.failed": "بارگیری سابقه‌ی بازی ممکن نشد.",
    "import.title": "باز کردن سابقه‌ی بازی",
    "import.file": "پرونده‌ی سابقه (‎.json یا ‎.txt)",
    "import.paste": "یا یک سابقه (JSON یا J1.…) یا پیوندی با ‎#record= بچسبانید",
    "puzzle.title": "معما",
    "puzzle.task": "حرکت درست را برای {name} پیدا کنید.",
    "puzzle.answer": "جواب",
    "replay.title": "بازپخش",
    "replay.first": "اول",
    "replay.back": "عقب",
    "replay.forward": "جلو",
    "replay.last": "آخر",
    "replay.play": "پخش",
    "replay.pause": "توقف",
    "replay.where": "حرکت {ply} از {plies}",
    "replay.rounds": "رفتن به",
    "replay.seen": "کارت‌های پیدا",
    "replay.seen.seat": "دست {name}",
    "replay.seen.all": "هر دو دست",
    "replay.dealt": "دور {n} پخش شد؛ {name} شروع می‌کند.",
    "replay.keys": "با کلیدهای جهت‌نما حرکت به حرکت جلو و عقب بروید.",
    "save.resumed": "بازی نیمه‌تمام شما همان‌جا که رها کرده بودید برگشت.",
    "update.ready": "نسخه‌ی تازه‌ی جیپور آماده است. برای استفاده از آن صفحه را دوباره بارگذاری کنید؛ بازی شما می‌ماند.",
    "action.reload": "بارگذاری دوباره",
    "stats.title": "بازی‌های شما با رایانه",
    "stats.level": "حریف",
    "stats.won": "برد",
    "stats.lost": "باخت",
    "stats.drawn": "مساوی",
    "start.rules": "طرز بازی",
    "action.rules": "قوانین",
    "rules.title": "طرز بازی جیپور",
    "save.unavailable": "این مرورگر اجازه‌ی ذخیره نمی‌دهد، پس بازی پس از بارگذاری دوباره نمی‌ماند.",
    "undo.done": "آخرین حرکت شما برگردانده شد.",
}

_RULE_ID = re.compile(r"\s*\((R\d+[a-z]?)\)")
_PROBLEM_MODULES = ("links", "host", "puzzle", "saved", "replayer")


@lru_cache(maxsize=2)
def table(lang: str) -> dict[str, str]:
    """Every string of a language: the table above (EN or FA) merged with the problem templates of the
    other web modules (links, host, puzzle, saved), so their codes read in Persian too. The tables above
    win where both define a code. Built once per language; treat the result as read-only."""
    fa = lang == "fa"
    merged = {code: pair[1] if fa else pair[0] for code, pair in problem_templates().items()}
    merged.update(FA if fa else EN)
    return merged


@lru_cache(maxsize=1)
def problem_templates() -> dict[str, tuple[str, str]]:
    """(English, Persian) templates of the problem codes that the other web modules define in their
    `TEMPLATES` (links, host, puzzle, saved, replayer); imported lazily, so a missing module is fine."""
    out: dict[str, tuple[str, str]] = {}
    for name in _PROBLEM_MODULES:
        try:
            module = importlib.import_module(f"{__package__}.{name}")
        except Exception:  # noqa: BLE001 - an optional module
            continue
        for code, pair in (getattr(module, "TEMPLATES", None) or {}).items():
            if isinstance(code, str) and isinstance(pair, tuple) and len(pair) == 2:
                out[code] = (str(pair[0]), str(pair[1]))
    return out
_FA_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")


class Strings:
    """The strings of one language, with the helpers that build sentences from them."""

    def __init__(self, lang: str) -> None:
        self.lang = lang if lang in LANGS else "en"
        self.table = table(self.lang)
        self.english = table("en")
        self.dir = "rtl" if self.lang == "fa" else "ltr"

    # ------------------------------------------------------------ basics
    def num(self, n: int | str) -> str:
        """A number as this language writes it (Persian digits in Persian)."""
        text = str(n)
        return text.translate(_FA_DIGITS) if self.lang == "fa" else text

    def t(self, key: str, **values: Any) -> str:
        """The template `key` filled with values; ints are written with this language's digits."""
        template = self.table.get(key)
        if template is None:
            template = self.english.get(key, key)
        filled = {k: (self.num(v) if isinstance(v, int) and not isinstance(v, bool) else v) for k, v in values.items()}
        try:
            return template.format(**filled)
        except (KeyError, IndexError, ValueError):
            return template

    def plural(self, key: str, n: int, **values: Any) -> str:
        """The template `key`, or `key.one` when n == 1 (English has singular forms; Persian keeps one)."""
        one = key + ".one"
        return self.t(one if n == 1 and (one in self.table or one in self.english) else key, n=n, **values)

    def name(self, letter: str) -> str:
        """A card's name (singular)."""
        return (NAMES_FA if self.lang == "fa" else NAMES_EN)[letter]

    def title(self, letter: str) -> str:
        """A card's name as a label (capitalized in English)."""
        name = self.name(letter)
        return name[:1].upper() + name[1:] if self.lang == "en" else name

    def keycap(self, key: str) -> str:
        """A key's label in the Keys dialog: 'T', and in Persian 'T / ف' (the letter that key types there)."""
        if self.lang == "fa":
            if key in KEYCAPS_FA:
                return f"{key} / {KEYCAPS_FA[key]}"
            if key.isdigit():
                return self.num(key)
        return key

    def count(self, letter: str, n: int) -> str:
        """'3 leather', '2 diamonds', '۲ الماس'."""
        if self.lang == "fa":
            return f"{self.num(n)} {NAMES_FA[letter]}"
        return f"{n} {NAMES_EN[letter] if n == 1 else PLURALS_EN[letter]}"

    def join(self, parts: list[str]) -> str:
        """'a, b and c' in this language."""
        if not parts:
            return ""
        if len(parts) == 1:
            return parts[0]
        return self.t("comma").join(parts[:-1]) + self.t("and") + parts[-1]

    def cards(self, letters: str) -> str:
        """A group of cards in words: 'DGG' -> '1 diamond and 2 gold'."""
        parts = [self.count(letter, letters.count(letter)) for letter in ORDER if letter in letters]
        return self.join(parts)

    def values(self, values: list[int]) -> str:
        """Token values as a sum: 4+3+2."""
        return "+".join(self.num(v) for v in values)

    # ------------------------------------------------------------ moves
    def move(self, move: str) -> str:
        """A move as an option: 'sell 3 leather', 'take 1 diamond and 1 gold for 2 leather'."""
        kind, rest = move[:1], move[1:]
        if move == "TM":
            return self.t("desc.all-camels")
        if kind == "T":
            return self.t("desc.take", cards=self.cards(rest))
        if kind == "X":
            taken, _, given = rest.partition("-")
            return self.t("desc.exchange", taken=self.cards(taken), given=self.cards(given))
        if kind == "S":
            count, good = int(rest[:-1]), rest[-1]
            return self.t("desc.sell", cards=self.count(good, count))
        return move

    def camels_option(self, n: int) -> str:
        """'take the 3 camels' for the ready hint."""
        return self.t("desc.camel") if n == 1 else self.t("desc.camels", n=n)

    def did(self, entry: dict[str, Any], actor: str | None) -> str:
        """A log line for a move entry (see model.describe); actor None means 'you'."""
        kind = entry["kind"]
        who = "you" if actor is None else "other"
        name = actor or ""
        if kind == "take":
            return self.t(f"log.take.{who}", name=name, cards=self.cards(entry["taken"]))
        if kind == "camels":
            n = entry["camels"]
            return self.t(f"log.{'camel' if n == 1 else 'camels'}.{who}", name=name, n=n)
        if kind == "exchange":
            return self.t(f"log.exchange.{who}", name=name, taken=self.cards(entry["taken"]),
                          given=self.cards(entry["given"]))
        if kind == "sell":
            values = self.values(entry["values"]) if entry["values"] else self.t("log.nothing")
            bonus = self.t("log.bonus") if entry["bonus"] else ""
            return self.t(f"log.sell.{who}", name=name, cards=self.count(entry["good"], entry["count"]),
                          values=values, bonus=bonus)
        return entry.get("move", "")

    # ------------------------------------------------------------ reasons
    def reason(self, reason: Reason | None) -> str:
        """One sentence saying why (engine sentences kept in English, translated by rule id in Persian)."""
        if reason is None:
            return ""
        values = dict(reason.values)
        if "good" in values and isinstance(values["good"], str) and len(values["good"]) == 1:
            values["good"] = self.name(values["good"])
        key = f"why.{reason.code}"
        if self.lang == "en" and reason.message:
            return _RULE_ID.sub("", reason.message)
        if key in self.table or key in self.english:
            return self.t(key, **values)
        if reason.code in self.table or reason.code in self.english:
            return self.t(reason.code, **values)
        if reason.message:  # a code this table does not know: the sender's own (English) sentence
            return _RULE_ID.sub("", reason.message)
        if reason.code == "over":
            return self.t("why.over-match")
        return self.t("why.default")


def strings(lang: str) -> Strings:
    """The strings of a language ('en' or 'fa'; anything else gives English)."""
    return Strings(lang)
