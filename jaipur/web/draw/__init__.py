"""The table's drawing: what the page shows, as a pure function of the state (no browser import here).

`render.py` draws the whole page (`render(state, strings) -> Node`) from `model.TableState` (model.py: the
selection and its moves, log entries, the keys' commands and the state a mode hands over; panels.py: each
feature's payload, typed); each screen and part of the page has a render module of its own (`render_*.py`).
`nodes.py` is the node tree, `motion.py` what flies across the table after a move, `preview.py` what a ready move
will do, and `static.py` the same drawing written as a still HTML page (the link tool's `static`). How the page
looks goes here (and in assets/css/); what the table holds comes from the current mode (modes/).
"""
