"""Where the arena's and training's games run: here, in local processes (`--jobs N`), or on a Dask cluster.

Dask is an optional extra (`pip install .[cluster]`), imported only when a
scheduler address is given; any Dask distributed scheduler will do. Results
come back as they finish; callers order them by their own index, so a run gives
the same results wherever its games were played.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from ..errors import JaipurError

T = TypeVar("T")
R = TypeVar("R")


class RunnerError(JaipurError):
    """Settings that cannot run games (no Dask, a scheduler that cannot be reached, a bad --jobs)."""

    code = "bad-input"


def usable_jobs(jobs: int, what: str = "arena") -> int:
    """`jobs` capped to this machine's cores (said once on standard error when it is capped)."""
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise RunnerError("--jobs must be a whole number of processes, at least 1.")
    cores = os.cpu_count() or 1
    if jobs > cores:
        print(f"{what}: --jobs {jobs} is more than the {cores} cores of this machine; using {cores}.",
              file=sys.stderr, flush=True)
        return cores
    return jobs


def run_tasks(fn: Callable[[T], R], tasks: Sequence[T], jobs: int = 1, scheduler: str | None = None,
              what: str = "arena") -> Iterator[R]:
    """Run `fn` on every task and yield the results as they finish (in any order).

    With `scheduler`, on that Dask distributed cluster; else in `jobs` local processes (here when 1).
    """
    if not tasks:
        return
    if scheduler is not None:
        yield from _on_dask(fn, tasks, scheduler)
        return
    jobs = usable_jobs(jobs, what)
    if jobs <= 1 or len(tasks) == 1:
        for task in tasks:
            yield fn(task)
        return
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(min(jobs, len(tasks))) as pool:
        yield from pool.imap_unordered(fn, tasks)


def _on_dask(fn: Callable[[T], R], tasks: Sequence[T], scheduler: str) -> Iterator[R]:
    """The tasks on a Dask distributed cluster, yielded as they complete."""
    import importlib

    try:
        distributed: Any = importlib.import_module("distributed")  # optional: typed as Any, present or not
    except ImportError:
        raise RunnerError("--scheduler needs Dask: pip install 'jaipur[cluster]' (or dask[distributed]).") from None
    try:
        client = distributed.Client(scheduler, timeout="20s")
    except (OSError, TimeoutError, ValueError) as exc:
        raise RunnerError(f"Cannot reach the Dask scheduler '{str(scheduler)[:80]}': {exc.__class__.__name__}.") from None
    try:
        futures = client.map(fn, list(tasks), pure=False)
        for future in distributed.as_completed(futures):
            yield future.result()
    finally:
        client.close()
