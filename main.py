"""PyScript entry point: draw the Jaipur table, or say plainly why the game could not start."""
import inspect
import traceback

from pyscript import document, window


def set_stage(name: str) -> None:
    """Tell the loading screen which boot stage has begun."""
    document.documentElement.dataset.stage = name


def explain(exc: BaseException, lang: str = "en") -> str:
    """A sentence a player understands for an exception raised while starting, in English or Persian."""
    fa = lang == "fa"
    if isinstance(exc, ModuleNotFoundError) and (exc.name or "").startswith("jaipur"):
        if fa:
            return (f"فایل‌های بازی ناقص است: ماژول {exc.name} پیدا نشد. "
                    "صفحه را دوباره بارگذاری کنید؛ اگر باز هم چنین شد، سایت کامل ساخته نشده است.")
        return (f"The game's files are incomplete: the module {exc.name} is missing. "
                "Reload the page; if this keeps happening, the site was not built completely.")
    detail = " ".join(str(exc).split())[:200]
    if fa:
        return f"بازی به خاطر یک خطای داخلی شروع نشد ({type(exc).__name__}: {detail}). صفحه را دوباره بارگذاری کنید."
    return f"The game could not start because of an internal error ({type(exc).__name__}: {detail}). Reload the page to try again."


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
        show_error(explain(exc, str(document.documentElement.lang or "en")))


await boot()  # noqa: F704, PLE1142 - PyScript runs the entry script with top-level await
