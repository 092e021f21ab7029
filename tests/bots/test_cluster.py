"""Training and the arena give the same results on a Dask cluster (a LocalCluster here) as in local processes."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from jaipur.bots.arena import run_arena
from jaipur.bots.train import train

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """The address of a small in-process Dask cluster."""
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None) as c:
        yield c.scheduler_address


def _games(summary: dict[str, Any]) -> tuple[Any, ...]:
    keys = ("rounds", "a_wins", "b_wins", "ties", "a_win_rate", "ci95", "mean_margin", "moves_per_round")
    return tuple(summary[k] for k in keys)


def test_arena_on_dask_equals_local_processes(scheduler: str) -> None:
    a, b = "maharaja:iterations=6", "trader"
    local = run_arena(a, b, 4, seed=31, jobs=2)
    dask = run_arena(a, b, 4, seed=31, scheduler=scheduler)
    assert _games(dask) == _games(local)


def test_training_on_dask_equals_local_processes(scheduler: str) -> None:
    local = train(60, seed=5, holdout=30, jobs=2, progress=False)
    dask = train(60, seed=5, holdout=30, scheduler=scheduler, progress=False)
    assert dask["weights"] == local["weights"]
    assert dask["holdout"] == local["holdout"]
    assert dask["made_by"] == local["made_by"]
