"""The command line's input and output: bounded reading, JSON lines safe for any text, checked settings."""

from __future__ import annotations

import json
import math
import os
import re
import sys
from typing import Any, NoReturn, TextIO

from . import safejson
from .bots.budgets import MAX_MOVETIME
from .errors import BadPositionError, BadRecordError, JaipurError
from .position import Position, position_from_json
from .record import Record, record_from_compact, record_from_json

MAX_INPUT = safejson.MAX_CHARS
"""Characters read at most from a position or record file (or standard input)."""

_SURROGATE = re.compile("[\ud800-\udfff]")


def safe_text(text: str) -> str:
    r"""`text` with every lone surrogate written as its backslash-u escape (four hex digits), so it can always be encoded.

    >>> safe_text("bot \udcff") == "bot \\udcff"
    True
    """
    return _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def write_line(text: str, stream: TextIO | None = None) -> None:
    """Write one line of text; characters the stream cannot encode are escaped, never an error."""
    out = stream if stream is not None else sys.stdout
    line = safe_text(text) + "\n"
    try:
        out.write(line)
    except UnicodeEncodeError:
        out.write(line.encode("ascii", "backslashreplace").decode("ascii"))


def emit(data: Any) -> None:
    """Print JSON data on one line (any text inside is escaped as needed; JSON escapes stay valid JSON)."""
    write_line(json.dumps(data, ensure_ascii=False, separators=(",", ":")))


def fail(error: JaipurError) -> NoReturn:
    """Print the error object and exit with status 2."""
    emit(error.to_json())
    raise SystemExit(2)


def read_text(path: str, what: str, error: type[JaipurError], limit: int = MAX_INPUT) -> str:
    """Read a file, or standard input for '-', refusing more than `limit` characters (with a sentence)."""
    try:
        if path == "-":
            text = sys.stdin.read(limit + 1)
        else:
            with open(path, encoding="utf-8") as handle:
                text = handle.read(limit + 1)
    except (OSError, UnicodeDecodeError) as exc:
        raise error(f"Cannot read the {what} '{safe_text(path)[:200]}': {exc.__class__.__name__}.") from None
    if len(text) > limit:
        raise error(f"The {what} is too large: more than {limit} characters are not read.")
    return text


def read_position(path: str) -> Position:
    """Read a position from a file or '-' (stdin)."""
    return position_from_json(read_text(path, "position", BadPositionError))


def read_record(path: str) -> Record:
    """Read a record file: JSON or the compact form."""
    text = read_text(path, "record", BadRecordError).strip()
    if text.startswith("J1."):
        return record_from_compact(text)
    return record_from_json(text)


def check_movetime(seconds: float | None, flag: str = "--movetime") -> float | None:
    """The seconds per move if finite, above 0 and at most an hour; otherwise a bad-input error with a sentence.

    >>> check_movetime(0.5)
    0.5
    >>> check_movetime(float("nan"))
    Traceback (most recent call last):
    ...
    jaipur.errors.JaipurError: --movetime must be a number of seconds above 0 and at most 3600, not nan.
    """
    if seconds is None:
        return None
    if not math.isfinite(seconds) or not 0 < seconds <= MAX_MOVETIME:
        raise JaipurError(
            f"{flag} must be a number of seconds above 0 and at most {MAX_MOVETIME:g}, not {seconds:g}.", "bad-input"
        )
    return seconds


def check_log(path: str) -> None:
    """Refuse, with a sentence, a log path that cannot be appended to (a folder, a missing folder, no permission)."""
    shown = safe_text(path)[:200]
    if os.path.isdir(path):
        raise JaipurError(f"The log '{shown}' is a folder; give a file name for the log.", "bad-input")
    try:
        with open(path, "a", encoding="utf-8"):
            pass
    except OSError as exc:
        raise JaipurError(f"Cannot write the log '{shown}': {exc.__class__.__name__}.", "bad-input") from None


def machine_cores() -> int:
    """How many cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def cap_jobs(jobs: int, stderr: TextIO | None = None) -> int:
    """`jobs` processes, at least 1 and at most the machine's cores; a cap is said once on standard error."""
    cores = machine_cores()
    if jobs > cores:
        write_line(f"--jobs {jobs} is more than the {cores} core(s) of this machine: using {cores}.",
                   stderr if stderr is not None else sys.stderr)
        return cores
    return max(1, jobs)


def quiet_broken_pipe() -> int:
    """After the reader of our output went away (`| head`): silence stdout and give the exit status 141."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    return 141
