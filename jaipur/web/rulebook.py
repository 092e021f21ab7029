"""The rules summary shown in the page ("How to play"), in English and Persian, written from RULES.md.

`summary(lang)` gives the sections in order: a title and its paragraphs; a paragraph that is a
list of items is a tuple of strings. The rule ids of RULES.md each section covers are kept beside
it, so a test can check that every rule is summarised. Persian numbers are written in Persian digits.
"""

from __future__ import annotations

from dataclasses import dataclass

Paragraph = str | tuple[str, ...]


@dataclass(frozen=True)
class Section:
    """One heading of the summary: its title, its paragraphs, and the rule ids it covers."""

    title: str
    paragraphs: tuple[Paragraph, ...]
    rules: tuple[str, ...]


_EN = (
    Section("The goal", (
        "Be the richer merchant of Jaipur. Sell goods to take rupee tokens; the richer player at the end of a "
        "round takes a seal of excellence. The first to win two seals wins the match.",
    ), ("R4", "R24", "R25")),
    Section("The cards", (
        "55 cards: 6 diamonds, 6 gold, 6 silver, 8 cloth, 8 spice, 10 leather and 11 camels. Diamonds, gold and "
        "silver are the precious goods. Each good has a pile of tokens, the most valuable on top; bonus tokens "
        "(for selling 3, 4 or 5 cards at once) lie face down in three piles.",
    ), ("R1", "R2", "R3")),
    Section("Setting up", (
        "The market starts with 3 camels and 2 cards from the deck. Each player is dealt 5 cards; camels dealt "
        "to you go straight to your herd, in front of you. Your herd is not part of your hand.",
    ), ("R5", "R6", "R7", "R8")),
    Section("Your turn: take or sell", (
        "Each turn you do exactly one of these; you may never pass.",
        ("Take one good from the market into your hand (not when your hand already holds 7 cards).",
         "Take all the camels of the market into your herd — all of them, never only some.",
         "Exchange: take 2 or more goods from the market and put back as many cards, from your hand and/or "
         "camels from your herd. You cannot take camels this way, nor give and take the same good, and your "
         "hand must end with 7 cards at most.",
         "Sell any number of cards of one good from your hand. Diamonds, gold and silver sell at least two at a "
         "time. For each card take the top token of that good, while any are left; selling 3, 4 or 5+ cards "
         "also earns a bonus token, while that bonus pile lasts."),
        "After you take cards, the market is refilled to 5 from the deck (an exchange draws nothing). Camels "
        "never count towards the 7 cards of a hand.",
    ), ("R9", "R10", "R11", "R12", "R13", "R14", "R15", "R16", "R17", "R18")),
    Section("What is hidden", (
        "Your opponent's hand and the order of the deck are hidden; how many cards they hold is not. Everyone "
        "sees how many bonus tokens each player took, but their values only when the round is scored.",
    ), ("R19", "R20")),
    Section("End of a round", (
        "A round ends at once when three piles of goods tokens are empty, or when the market cannot be refilled "
        "to 5 cards because the deck ran out.",
        "The player with more camels takes the camel token (5 rupees); on equal camels nobody does. Your score "
        "is your goods tokens, bonus tokens and the camel token. On equal scores, more bonus tokens wins, then "
        "more goods tokens; if still equal, nobody takes a seal.",
    ), ("R21", "R22", "R23", "R24", "R25", "R26", "R27")),
    Section("The match", (
        "The first player to hold two seals wins. After three rounds without that (a tied round gives no "
        "seal), more seals wins, and equal seals is a drawn match. In single-round mode that one round decides. "
        "The loser of a round starts the next; everything but the seals is dealt afresh.",
    ), ("R8", "R28", "R29", "R30")),
)

_FA = (
    Section("هدف بازی", (
        "ثروتمندترین تاجر جیپور شوید. کالا بفروشید تا ژتون روپیه بگیرید؛ در پایان هر دور، بازیکن ثروتمندتر "
        "یک مُهر افتخار می‌گیرد. هر کس زودتر دو مُهر بگیرد، برنده‌ی مسابقه است.",
    ), ("R4", "R24", "R25")),
    Section("کارت‌ها", (
        "۵۵ کارت: ۶ الماس، ۶ طلا، ۶ نقره، ۸ پارچه، ۸ ادویه، ۱۰ چرم و ۱۱ شتر. الماس و طلا و نقره کالاهای گران‌بها "
        "هستند. هر کالا یک دسته ژتون دارد که باارزش‌ترینش رو است؛ ژتون‌های پاداش (برای فروش ۳، ۴ یا ۵ کارت با هم) "
        "به پشت در سه دسته چیده می‌شوند.",
    ), ("R1", "R2", "R3")),
    Section("چیدن بازی", (
        "بازار با ۳ شتر و ۲ کارت از دسته‌ی کارت شروع می‌شود. به هر بازیکن ۵ کارت داده می‌شود؛ شترهایی که به شما "
        "می‌رسد یکراست به گله‌ی شما، جلوی خودتان، می‌رود. گله جزو دست شما نیست.",
    ), ("R5", "R6", "R7", "R8")),
    Section("نوبت شما: برداشتن یا فروختن", (
        "در هر نوبت دقیقاً یکی از این کارها را می‌کنید؛ نوبت را نمی‌شود رد کرد.",
        ("یک کالا از بازار به دستتان بردارید (نه وقتی ۷ کارت در دست دارید).",
         "همه‌ی شترهای بازار را به گله‌تان ببرید — همه را، نه چندتایشان را.",
         "معاوضه: ۲ کالا یا بیشتر از بازار بردارید و همان‌قدر کارت، از دستتان یا شتر از گله‌تان، به بازار "
         "بگذارید. با معاوضه نمی‌شود شتر برداشت، نمی‌شود یک کالا را هم داد و هم گرفت، و در پایان دستتان "
         "بیش از ۷ کارت نباشد.",
         "هر تعداد کارت از یک کالا را از دستتان بفروشید. الماس و طلا و نقره را دست‌کم دوتا دوتا می‌فروشند. "
         "برای هر کارت ژتون روی دسته‌ی آن کالا را بردارید، تا وقتی ژتونی مانده؛ فروش ۳، ۴ یا ۵ کارت و بیشتر "
         "یک ژتون پاداش هم دارد، تا وقتی آن دسته‌ی پاداش تمام نشده."),
        "پس از برداشتن، بازار از دسته‌ی کارت دوباره به ۵ کارت می‌رسد (معاوضه کارتی نمی‌کشد). شترها جزو "
        "۷ کارت دست حساب نمی‌شوند.",
    ), ("R9", "R10", "R11", "R12", "R13", "R14", "R15", "R16", "R17", "R18")),
    Section("آنچه پنهان است", (
        "دست حریف و ترتیب دسته‌ی کارت پنهان است، ولی تعداد کارت‌هایشان نه. همه می‌بینند هر بازیکن چند ژتون "
        "پاداش گرفته، ولی ارزش آن‌ها فقط هنگام امتیازشماری دور پیدا می‌شود.",
    ), ("R19", "R20")),
    Section("پایان دور", (
        "دور همان لحظه تمام می‌شود که سه دسته از ژتون‌های کالا خالی شود، یا وقتی دسته‌ی کارت ته بکشد و بازار "
        "دیگر به ۵ کارت نرسد.",
        "بازیکنی که شتر بیشتری دارد ژتون شتر (۵ روپیه) را می‌گیرد؛ اگر برابر باشند هیچ‌کس. امتیاز شما جمع "
        "ژتون‌های کالا، ژتون‌های پاداش و ژتون شتر است. در امتیاز برابر، ژتون پاداش بیشتر برنده است، بعد ژتون "
        "کالای بیشتر؛ اگر باز هم برابر بود، هیچ‌کس مُهر نمی‌گیرد.",
    ), ("R21", "R22", "R23", "R24", "R25", "R26", "R27")),
    Section("مسابقه", (
        "اولین بازیکنی که دو مُهر بگیرد برنده است. اگر پس از سه دور چنین نشد (دور مساوی مُهری ندارد)، مُهر بیشتر "
        "برنده است و مُهر برابر یعنی مسابقه مساوی. در حالت تک‌دور، همان یک دور تکلیف را روشن می‌کند. بازنده‌ی هر دور "
        "دور بعد را شروع می‌کند؛ همه‌چیز جز مُهرها از نو پخش می‌شود.",
    ), ("R8", "R28", "R29", "R30")),
)


def summary(lang: str) -> tuple[Section, ...]:
    """The rules summary in `lang` ("en" or "fa"; anything else gives English)."""
    return _FA if lang == "fa" else _EN


__all__ = ["Paragraph", "Section", "summary"]
