"""Jaipur, the two-player trading card game: exact rules, positions, records, views and bots.

>>> import jaipur
>>> p = jaipur.new_match(seed=1)
>>> p = jaipur.apply(p, jaipur.legal_moves(p)[0])
>>> p.round
1
"""

from .cards import GOODS, ORDER
from .errors import (
    BadMoveError,
    BadPositionError,
    BadRecordError,
    IllegalMoveError,
    JaipurError,
    MatchOverError,
)
from .notation import Move, format_move, parse_move
from .position import Position, position_from_json, position_to_json
from .record import Record, record_from_compact, record_from_json, record_to_compact, record_to_json, replay
from .rng import Rng
from .rules import apply, check, deal, is_legal, legal_moves, new_match, next_round, result
from .view import Dealer, determinize, view

__version__ = "0.1.0"

__all__ = [
    "GOODS", "ORDER", "BadMoveError", "BadPositionError", "BadRecordError", "IllegalMoveError",
    "JaipurError", "MatchOverError", "Move", "format_move", "parse_move", "Position",
    "position_from_json", "position_to_json", "Record", "record_from_compact", "record_from_json",
    "record_to_compact", "record_to_json", "replay", "Rng", "apply", "check", "deal", "is_legal",
    "legal_moves", "new_match", "next_round", "result", "Dealer", "determinize", "view",
]
