"""The bot lab's Python, in its worker: load the user's code, play the rounds against a level, post results.

Messages are JSON text both ways. From the page: {"type": "run", "code", "level", "rounds", "seed", "limit"}.
To the page: "think"/"thought" around the loading of the code and each of the user's moves (the page's
watchdog ends the worker when a "thought" does not come in time), "round" with the
round's result and the running summary, "error" (the user's code failed, in words) and "done"."""

import asyncio
import json
import re

import js

from jaipur.bots import get_bot
from jaipur.bots.arena import wilson
from jaipur.bots.registry import COMMAND_LEVELS, lab_label, lab_spec
from jaipur.bots.userbot import (
    TEMPLATE,
    UserBotError,
    load_source,
    play_round,
    position_words,
    script_dependencies,
)

__all__ = ["TEMPLATE", "handle"]

OPPONENTS = {level: lab_spec(level) for level in COMMAND_LEVELS}
LEVEL_CHOICES = json.dumps([[level, lab_label(level)] for level in COMMAND_LEVELS])
"""The lab's list of opponents, sent with "ready" (lab.html's own list is what shows until then)."""
MAX_ROUNDS = 1000
LOAD_FACTOR = 5
"""Loading the code (running the module, making the bot) may take this many times the limit of a move."""


def post(message_type, **data):
    """Send one message to the page."""
    js.postMessage(json.dumps({"type": message_type, **data}))


def error_message(err, index=None):
    """A UserBotError as the page shows it."""
    return {"kind": err.kind, "message": err.message, "line": err.line, "trace": err.trace, "where": err.where,
            "round": index}


def summary(outcomes, times):
    """The running tally: wins, losses, ties, share with its 95% interval, mean ms per move of the user's bot."""
    n = len(outcomes)
    wins = outcomes.count(1.0)
    losses = outcomes.count(0.0)
    share = sum(outcomes) / n if n else 0.0
    return {"rounds": n, "wins": wins, "losses": losses, "ties": n - wins - losses, "share": round(share, 4),
            "ci95": list(wilson(share, n)), "ms_per_move": round(1000 * sum(times) / len(times), 3) if times else 0.0}


def watch(start, view):
    """Tell the page a move of the user's bot starts (with the position in words) or has ended."""
    if start:
        post("think", where=position_words(view), seconds=None)
    else:
        post("thought")


def canonical_name(requirement):
    """A requirement's project name, normalized (PEP 503): `More_Itertools>=10` -> `more-itertools`."""
    return re.sub(r"[-_.]+", "-", re.split(r"[\s<>=!~;\[(@]", requirement.strip(), maxsplit=1)[0]).lower()


async def install(packages):
    """Install the packages the code's script block asks for with micropip; False (said) if that fails."""
    if not packages:
        return True
    names = ", ".join(packages)
    post("status", text=f"Installing {names} with micropip…")
    try:
        import micropip

        await micropip.install(packages)
        installed = {canonical_name(name) for name in micropip.list()}
        missing = [p for p in packages if canonical_name(p) not in installed]
        if missing:  # e.g. one of Pyodide's own packages, which this site does not carry: micropip says nothing
            raise LookupError(f"{', '.join(missing)} did not install")
    except Exception as exc:  # offline, or a package micropip cannot install: a sentence
        reason = str(exc).strip().splitlines()[0][:200] if str(exc).strip() else type(exc).__name__
        post("error", kind="install", message=f"Could not install {names} with micropip ({reason}). Packages "
             "from PyPI need a network connection, and Pyodide's own compiled packages are not carried by this "
             "site: check the connection, then press Run again.", line=None, trace="",
             where="", round=None)
        return False
    return True


async def run(request):
    """Play the rounds one by one, posting each; stop at the user's first error."""
    level = str(request.get("level", "random"))
    rounds = max(1, min(MAX_ROUNDS, int(request.get("rounds", 10))))
    seed = int(request.get("seed", 1))
    limit = max(0.05, min(60.0, float(request.get("limit", 1.0))))
    code = str(request.get("code", ""))
    try:
        if not await install(script_dependencies(code)):
            return
        post("think", where="", seconds=LOAD_FACTOR * limit)  # the page's watchdog, while the code loads
        bot = load_source(code, limit=limit)
        post("thought")
    except UserBotError as err:
        post("error", **error_message(err))
        return
    other = get_bot(OPPONENTS.get(level, "random"))
    outcomes, times = [], []
    for index in range(rounds):
        try:
            played = play_round(bot, other, seed, index, None, watch)
        except UserBotError as err:
            post("output", text=bot.output.take(), dropped=bot.output.dropped)
            post("error", **error_message(err, index))
            return
        outcomes.append(played.outcome)
        times.extend(played.times)
        post("output", text=bot.output.take(), dropped=bot.output.dropped)
        post("round", index=index, seat=played.seat, outcome=played.outcome, margin=played.margin,
             moves=len(played.moves), stalled=played.stalled, record=played.record((bot.name, level)),
             summary=summary(outcomes, times))
        await asyncio.sleep(0)
    post("done")


async def handle(text):
    """One message from the page."""
    request = json.loads(text)
    if request.get("type") == "run":
        try:
            await run(request)
        except Exception as exc:  # the lab's own fault, not the user's: a sentence, details in the console
            js.console.warn(f"lab: {type(exc).__name__}: {exc}")
            post("error", kind="internal", message=f"The lab hit an internal error ({type(exc).__name__}); "
                 "reload the page to try again.", line=None, trace="", where="", round=None)
