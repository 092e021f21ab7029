"""The web table: pure rendering (render.py, model.py, i18n.py) and the browser controller (app.py, dom.py).

Only `app.start()` and `dom.py` touch the browser (`js`, `pyodide.ffi`), and only inside functions,
so every module here imports in CPython for the tests.
"""
