"""The one list of bots: the levels offered to players, every bot the arena knows, and `get_bot(spec)`.

>>> get_bot("maharaja:iterations=20").iterations
20
>>> "maharaja-1" in ARENA_BOTS and "maharaja-1" not in LEVELS
True
"""

from __future__ import annotations

import importlib
import math
import re
from dataclasses import dataclass
from typing import Any

from ..errors import JaipurError
from .base import Bot
from .budgets import BROWSER_MOVETIME, LAB_MOVETIME, MAX_MOVETIME


@dataclass(frozen=True)
class BotEntry:
    """One bot the registry makes: its name, its module and class in `jaipur.bots`, and where it plays."""

    name: str
    module: str
    cls: str
    offered: bool = True
    """A level players choose (the page, the lab and the command line offer it)."""
    searches: bool = False
    """It takes `movetime` and `iterations`."""
    frozen: bool = False
    """A baseline kept for the arena only: never offered, never shipped to the page."""
    page_movetime: float | None = None
    """Seconds per move in the page, for a bot that searches."""
    lab_movetime: float | None = None
    """Seconds per move as the lab's opponent, for a bot that searches."""
    ponders: bool = False
    """In the page it searches while the player thinks (`jaipur.bots.ponder`; the page's worker only)."""


BOTS: tuple[BotEntry, ...] = (
    BotEntry("random", "random_bot", "RandomBot", offered=False),
    BotEntry("novice", "novice", "NoviceBot"),
    BotEntry("trader", "trader", "TraderBot"),
    BotEntry("maharaja", "maharaja", "MaharajaBot", searches=True, page_movetime=BROWSER_MOVETIME,
             lab_movetime=LAB_MOVETIME, ponders=True),
    BotEntry("maharaja-1", "maharaja1", "Maharaja1Bot", offered=False, searches=True, frozen=True),
)
"""Every bot, weakest first. A new level is its module and one entry here (and its name in each catalogue)."""

LEVELS = tuple(b.name for b in BOTS if b.offered)
"""The levels offered to players, weakest first."""
COMMAND_LEVELS = tuple(b.name for b in BOTS if not b.frozen)
"""The levels of the command line and of `jaipur.bots.LEVELS`, weakest first (random included)."""
ARENA_BOTS = tuple(b.name for b in BOTS)
"""Every bot the arena can field: the levels and the frozen baselines."""
SEARCH_BOTS = tuple(b.name for b in BOTS if b.searches)
"""The bots that search (they take `movetime` and `iterations`)."""
SEARCH_OPTIONS = ("movetime", "iterations")
"""Options every bot accepts; only the search bots use them."""
USER_BOT = re.compile(r"^[^:]+\.py:[A-Za-z_][A-Za-z0-9_]*$")
"""A user's bot file and class, `path/to/mybot.py:MyBot` (jaipur.bots.userbot loads and guards it)."""


class UnknownBotError(JaipurError):
    """A bot level that does not exist, or options it cannot take."""

    code = "bad-input"


def unknown_bot(name: str, choices: tuple[str, ...] = COMMAND_LEVELS) -> UnknownBotError:
    """The one error for a bot name that does not exist."""
    shown = str(name)[:30].encode("utf-8", "backslashreplace").decode("utf-8")
    return UnknownBotError(f"There is no bot called '{shown}': choose one of {', '.join(choices)}.")


def check_level(spec: str, choices: tuple[str, ...] = COMMAND_LEVELS) -> str:
    """The level of a bot spec (`maharaja:movetime=0.5` → `maharaja`); raises UnknownBotError if it is not a choice."""
    level = str(spec).partition(":")[0]
    if level.endswith(".py") and USER_BOT.match(str(spec)):
        return str(spec)  # a user's bot file, loaded (and checked) by get_bot
    if level not in choices:
        raise unknown_bot(level, choices)
    return level


def parse_options(text: str) -> dict[str, Any]:
    """The options of a spec's tail (`movetime=0.5,iterations=200`): numbers, booleans, none or text."""
    options: dict[str, Any] = {}
    for item in filter(None, text.split(",")):
        key, eq, raw = item.partition("=")
        if not eq:
            raise UnknownBotError(f"Bot option '{item[:30]}' must look like name=value.")
        value: Any
        try:
            value = int(raw)
        except ValueError:
            try:
                value = float(raw)
            except ValueError:
                value = {"true": True, "false": False, "none": None}.get(raw.lower(), raw)
        options[key.strip()] = value
    return options


def _check_search_options(level: str, options: dict[str, Any]) -> None:
    movetime = options.get("movetime")
    if movetime is not None and (isinstance(movetime, bool) or not isinstance(movetime, int | float)
                                 or not math.isfinite(movetime) or not 0 < movetime <= MAX_MOVETIME):
        raise UnknownBotError(f"The {level} bot's movetime must be a number of seconds above 0 and at most "
                              f"{MAX_MOVETIME:.0f}.")
    iterations = options.get("iterations")
    if iterations is not None and (isinstance(iterations, bool) or not isinstance(iterations, int)
                                   or not 1 <= iterations <= 10_000_000):
        raise UnknownBotError(f"The {level} bot's iterations must be a whole number from 1 to 10000000.")


def get_bot(spec: str, **options: Any) -> Bot:
    """A new bot from a spec (`maharaja`, `maharaja:movetime=0.5`); keyword options override the spec's.

    `movetime` and `iterations` are accepted by every bot and ignored by those that do not search.
    """
    level, _, rest = str(spec).partition(":")
    if level.endswith(".py") and USER_BOT.match(str(spec)):
        from .userbot import load_file  # a user's bot file `path/to/mybot.py:ClassName`, guarded

        return load_file(level, rest)
    if level not in ARENA_BOTS:
        raise unknown_bot(level)
    merged = {**parse_options(rest), **options}
    if level in SEARCH_BOTS:
        _check_search_options(level, merged)
    else:
        merged = {k: v for k, v in merged.items() if k not in SEARCH_OPTIONS}
    found = entry(level)
    bot_class: Any = getattr(importlib.import_module(f"{__package__}.{found.module}"), found.cls)
    try:
        bot: Bot = bot_class(**merged)
    except (TypeError, ValueError) as exc:
        raise UnknownBotError(f"Bad options for the {level} bot: {str(exc)[:160]}.") from None
    return bot


def entry(name: str) -> BotEntry:
    """The registry's entry of a bot by name; UnknownBotError if there is none.

    >>> entry("maharaja").searches, entry("novice").page_movetime
    (True, None)
    """
    for bot in BOTS:
        if bot.name == name:
            return bot
    raise unknown_bot(name)


def page_movetimes() -> dict[str, float]:
    """Seconds per move in the page, for each level that has its own page budget."""
    return {b.name: b.page_movetime for b in BOTS if b.page_movetime is not None}


def page_ponderers() -> tuple[str, ...]:
    """The levels that ponder in the page (the top level only).

    >>> page_ponderers()
    ('maharaja',)
    """
    return tuple(b.name for b in BOTS if b.ponders and b.offered)


def lab_spec(level: str) -> str:
    """The bot spec the lab plays for an opponent level: with the lab's budget when the level has one.

    >>> lab_spec("maharaja"), lab_spec("novice")
    ('maharaja:movetime=0.2', 'novice')
    """
    found = entry(level)
    return level if found.lab_movetime is None else f"{level}:movetime={found.lab_movetime:g}"


def lab_label(level: str) -> str:
    """How the lab's list names an opponent level (with its budget when it has one)."""
    found = entry(level)
    return level if found.lab_movetime is None else f"{level} ({found.lab_movetime:g} s a move)"
