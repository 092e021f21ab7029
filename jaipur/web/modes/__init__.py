"""The page's modes: one module per thing the table can show, behind one small protocol (`base.Mode`).

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
from .collection import CollectionMode
from .match import MatchMode
from .puzzle import PuzzleMode
from .replay import AUTOPLAY_DELAY, ReplayMode
from .still import StillMode
from .thinker import Bots, Thinker

__all__ = ["AUTOPLAY_DELAY", "BaseMode", "Bots", "CollectionMode", "MatchMode", "Mode", "Opener", "Page", "Platform", "PuzzleMode",
           "ReplayMode", "StillMode", "Thinker"]
