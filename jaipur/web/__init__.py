"""The web table: the controller of the page's chrome (app.py, with the host page's messages in hostlink.py,
sharing in sharing.py, the saved game's question in resumer.py), one module per page mode (modes/), the one
address reader (address.py), pure rendering (render.py, model.py, i18n.py) and the browser glue (dom.py).

Only `app.start()` and `dom.py` touch the browser (`js`, `pyodide.ffi`), and only inside functions,
so every module here imports in CPython for the tests (and their doctests run there).
"""
