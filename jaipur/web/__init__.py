"""The web table, grouped by concern (each folder's `__init__.py` says what it holds):

- here: the page's controller (app.py) and two parts of its chrome (keyboard.py, startscreen.py), the browser
  glue (dom.py) and the page's words (i18n.py, problems.py; bootwords.py writes the loading screen's into
  index.html);
- modes/: one module per thing the table shows (a match, a puzzle, a replay, a still picture, ...);
- draw/: the table's drawing, pure (render.py and its render_*.py, from model.TableState);
- links/: the page's address, its links and the host page (hostlink.py, sharing.py and resumer.py are the parts
  of the chrome that read or write them), and the link tool (``python -m jaipur.web.links``);
- store/: what this browser remembers (localStorage);
- worker/: the computer's thinking, the hint and the game review in the page's worker;
- teach/: what the teaching and study screens know (Learn to play, puzzles, the rules, the editor, replays).

Only `app.start()` and `dom.py` touch the browser (`js`, `pyodide.ffi`), and only inside functions,
so every module here imports in CPython for the tests (and their doctests run there).
"""
