"""The bot lab's Python, in its worker: load the user's code, play the rounds against a level, post results.

Messages are JSON text both ways. From the page: {"type": "run", "code", "level", "rounds", "seed", "limit"}.
To the page: "think"/"thought" around each of the user's moves (the page's watchdog), "round" with the
round's result and the running summary, "error" (the user's code failed, in words) and "done"."""

import asyncio
import json

import js

from jaipur.bots import get_bot
from jaipur.bots.arena import wilson
from jaipur.bots.userbot import TEMPLATE, UserBotError, load_source, play_round, position_words

__all__ = ["TEMPLATE", "handle"]

OPPONENTS = {"random": "random", "novice": "novice", "trader": "trader", "maharaja": "maharaja:movetime=0.2"}
MAX_ROUNDS = 1000


def post(kind, **data):
    """Send one message to the page."""
    js.postMessage(json.dumps({"type": kind, **data}))


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
        post("think", where=position_words(view))
    else:
        post("thought")


async def run(request):
    """Play the rounds one by one, posting each; stop at the user's first error."""
    level = str(request.get("level", "random"))
    rounds = max(1, min(MAX_ROUNDS, int(request.get("rounds", 10))))
    seed = int(request.get("seed", 1))
    limit = max(0.05, min(60.0, float(request.get("limit", 1.0))))
    try:
        bot = load_source(str(request.get("code", "")), limit=limit)
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
        await run(request)
