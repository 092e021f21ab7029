"""The page's modes: one module per thing the table can show, behind one small protocol (`base.Mode`). This
package holds what every mode shares and the match (the saved game resumes into one at boot); the others are
imported from their modules when the page opens them (`from jaipur.web.modes.replay import ReplayMode`).

  match.py   a match played on (a new deal, a saved match resumed, a position played on)
  puzzle.py  a puzzle: tries judged in words, the answer revealed on request
  collection.py a puzzle of the collection (jaipur.puzzlebook): Back and Next, solves remembered
  replay.py  the replay viewer of a record, with its autoplay
  still.py   a position as a still picture
  editor.py  the position editor: a draft built by clicks, checked by the engine, written out as links and puzzles
  thinker.py the computer's thinking, owned by a match (the seam for running it in a worker)
"""

from __future__ import annotations

from .base import BaseMode, Mode, Opener, Page, Platform
from .match import MatchMode
from .thinker import Bots, Thinker

__all__ = ["BaseMode", "Bots", "MatchMode", "Mode", "Opener", "Page", "Platform", "Thinker"]
