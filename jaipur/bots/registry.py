"""The one list of bots: the levels offered to players, every bot the arena knows, and `get_bot(spec)`.

>>> get_bot("maharaja:iterations=20").iterations
20
>>> "maharaja-1" in ARENA_BOTS and "maharaja-1" not in LEVELS
True
"""

from __future__ import annotations

import math
import re
from typing import Any

from ..errors import JaipurError
from .base import Bot
from .budgets import MAX_MOVETIME

LEVELS = ("novice", "trader", "maharaja")
"""The levels offered to players, weakest first."""
COMMAND_LEVELS = ("random", *LEVELS)
"""The levels of the command line and of `jaipur.bots.LEVELS`, weakest first (random included)."""
ARENA_BOTS = (*COMMAND_LEVELS, "maharaja-1")
"""Every bot the arena can field: the levels and the frozen baselines."""
SEARCH_BOTS = ("maharaja", "maharaja-1")
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
    bot_class: Any
    if level == "random":
        from .random_bot import RandomBot as bot_class
    elif level == "novice":
        from .novice import NoviceBot as bot_class
    elif level == "trader":
        from .trader import TraderBot as bot_class
    elif level == "maharaja":
        from .maharaja import MaharajaBot as bot_class
    else:
        from .maharaja1 import Maharaja1Bot as bot_class
    try:
        bot: Bot = bot_class(**merged)
    except (TypeError, ValueError) as exc:
        raise UnknownBotError(f"Bad options for the {level} bot: {str(exc)[:160]}.") from None
    return bot
