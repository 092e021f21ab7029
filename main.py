"""PyScript entry point: draw the Jaipur table, or say plainly why the game could not start."""
import inspect
import traceback

from pyscript import document, window


def set_stage(name: str) -> None:
    """Tell the loading screen which boot stage has begun."""
    document.documentElement.dataset.stage = name


ENGLISH = {
    "incomplete": "The game's files are incomplete: the module {module} is missing. "
                  "Reload the page; if this keeps happening, the site was not built completely.",
    "crashed": "The game could not start because of an internal error ({detail}). Reload the page to try again.",
}
"""The two sentences in English, for a page without index.html's loading screen (whose words, from the
catalogues' `boot.*` keys, are in the player's language)."""


def explain(exc: BaseException, words: dict[str, str] | None = None) -> str:
    """A sentence a player understands for an exception raised while starting, in the loading screen's words."""
    words = {**ENGLISH, **(words or {})}
    if isinstance(exc, ModuleNotFoundError) and (exc.name or "").startswith("jaipur"):
        return words["incomplete"].replace("{module}", str(exc.name))
    detail = " ".join(str(exc).split())[:200]
    return words["crashed"].replace("{detail}", f"{type(exc).__name__}: {detail}")


def boot_words() -> dict[str, str]:
    """The loading screen's words (window.jaipurBootWords, set by index.html), or none."""
    try:
        got = window.jaipurBootWords
        return {str(k): str(v) for k, v in got.to_py().items()} if got is not None else {}
    except Exception:  # noqa: BLE001 - a page without the loading screen: English
        return {}


def show_error(message: str) -> None:
    """Mark the page failed and show message; the traceback goes to the browser console only."""
    box = document.getElementById("boot-error")
    if box is None:  # a page without the loading screen of index.html
        box = document.createElement("p")
        box.setAttribute("role", "alert")
        document.body.append(box)
    box.textContent = message
    box.hidden = False
    document.documentElement.dataset.jaipur = "error"


async def boot() -> None:
    """Import the web app and start it; any failure becomes data-jaipur="error" and a readable message."""
    try:
        set_stage("package")
        from jaipur.web.app import start

        set_stage("drawing")
        result = start()
        if inspect.isawaitable(result):
            await result
    except Exception as exc:  # noqa: BLE001 - every failure must reach the player as a sentence
        window.console.error(traceback.format_exc())
        show_error(explain(exc, boot_words()))


await boot()  # noqa: F704, PLE1142 - PyScript runs the entry script with top-level await
