"""The one list of bots: levels for players, every bot for the arena, specs with options, one error message."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import jaipur.bots
from jaipur.bots import registry
from jaipur.bots.evaluator import FEATURES, shipped
from jaipur.bots.registry import ARENA_BOTS, LEVELS, UnknownBotError, check_level, get_bot
from jaipur.bots.runner import RunnerError, usable_jobs
from jaipur.bots.train import BadTrainingError, Chunk, play_chunk, train


def test_levels_for_players_and_bots_for_the_arena() -> None:
    assert LEVELS == ("novice", "trader", "maharaja")
    assert jaipur.bots.LEVELS == ("random", *LEVELS)
    assert set(ARENA_BOTS) == {"random", "novice", "trader", "maharaja", "maharaja-1"}
    for name in ARENA_BOTS:
        assert get_bot(name).name == name


def test_specs_carry_options() -> None:
    bot = get_bot("maharaja:movetime=0.5,cutoff=6")
    assert (bot.movetime, bot.cutoff) == (0.5, 6)  # type: ignore[attr-defined]
    assert get_bot("maharaja-1:iterations=20").iterations == 20  # type: ignore[attr-defined]
    assert get_bot("trader:movetime=2").name == "trader"  # search options are ignored by other levels


@pytest.mark.parametrize("spec", [
    "grandmaster", "maharaja:iterations=abc", "maharaja:movetime=nan", "maharaja:movetime=inf",
    "maharaja:movetime=0", "maharaja:movetime=-1", "maharaja:movetime=1e400", "maharaja:colour=red",
    "maharaja:cutoff", "trader:speed=3",
])
def test_bad_specs_are_one_clear_error(spec: str) -> None:
    with pytest.raises(UnknownBotError) as caught:
        get_bot(spec)
    assert caught.value.code == "bad-input"
    assert "Traceback" not in caught.value.message


def test_the_no_bot_message_exists_once() -> None:
    root = Path(jaipur.bots.__file__).parent.parent
    found = [p for p in root.rglob("*.py") if "There is no bot called" in p.read_text(encoding="utf-8")]
    assert found == [Path(registry.__file__)]
    with pytest.raises(UnknownBotError, match="There is no bot called 'maharaja-1'"):
        check_level("maharaja-1")
    assert check_level("maharaja-1:iterations=3", ARENA_BOTS) == "maharaja-1"


def test_jobs_are_capped_at_the_cores(capsys: pytest.CaptureFixture[str]) -> None:
    assert usable_jobs(1) == 1
    assert usable_jobs(10_000) < 10_000
    assert "cores" in capsys.readouterr().err
    with pytest.raises(RunnerError):
        usable_jobs(0)


def test_training_is_seeded_and_resumes_from_its_log(tmp_path: Path) -> None:
    assert play_chunk(Chunk(3, 5, 0.1, 2)) == play_chunk(Chunk(3, 5, 0.1, 2))
    log = tmp_path / "train.log"
    first = train(60, seed=9, holdout=20, log=str(log), progress=False)
    rows = log.read_text(encoding="utf-8").splitlines()
    assert len(rows) == 3  # two chunks of training games, one held out
    log.write_text("\n".join(rows[:2]) + "\n" + rows[2][:40], encoding="utf-8")  # cut short when stopped
    again = train(60, seed=9, holdout=20, log=str(log), progress=False)
    assert again == first
    names = [c["name"] for c in first["holdout"]]
    assert names[:2] == ["hand-set", "shipped"] and first["chosen"] in names
    assert json.loads(json.dumps(first))["weights"].keys() == first["weights"].keys()


def test_training_games_can_be_played_by_a_bot(tmp_path: Path) -> None:
    chunk = Chunk(4, 2, 0.1, 3, "maharaja:iterations=5")
    first, rows = play_chunk(chunk)
    assert first == 4 and len(rows) == 6 and all(len(r) == len(FEATURES) + 1 for r in rows)
    assert (first, rows) == play_chunk(chunk)  # seeded: the same games again
    assert rows != play_chunk(Chunk(4, 2, 0.1, 3))[1]  # not the playout policy's games
    data = train(2, seed=4, holdout=1, samples=3, player="maharaja:iterations=5", progress=False)
    assert data["made_by"]["policy"] == "maharaja:iterations=5"
    assert data["made_by"]["command"].endswith("--player maharaja:iterations=5")
    then = data["made_by"]["shipped_then"]  # the player searched with these, so replaying its games needs them
    assert list(then) == list(FEATURES) and [then[n] for n in FEATURES] == pytest.approx(shipped().weights, abs=1e-6)
    log = tmp_path / "train.log"
    train(2, seed=4, holdout=1, samples=3, log=str(log), progress=False)
    again = train(2, seed=4, holdout=1, samples=3, player="maharaja:iterations=5", log=str(log), progress=False)
    assert again == data  # a log of the playout policy's games is not taken for the bot's
    with pytest.raises(BadTrainingError, match="--player: There is no bot called 'grandmaster'"):
        train(2, seed=4, holdout=1, player="grandmaster", progress=False)
    with pytest.raises(BadTrainingError, match="give maharaja an iteration count"):
        train(2, seed=4, holdout=1, player="maharaja:movetime=0.1", progress=False)
    assert train(2, seed=4, holdout=1, samples=1, player="trader", progress=False)["made_by"]["policy"] == "trader"


def test_train_command_writes_weights_the_evaluator_reads(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from jaipur.__main__ import main
    from jaipur.bots.evaluator import Evaluator, read_weights

    out = tmp_path / "evaluator.json"
    assert main(["train", "--rounds", "40", "--seed", "2", "--holdout", "20", "--out", str(out), "--quiet"]) == 0
    printed = json.loads(capsys.readouterr().out)
    data = json.loads(out.read_text(encoding="utf-8"))
    assert printed["chosen"] == data["chosen"]
    assert "--rounds 40 --seed 2" in data["made_by"]["command"]
    assert Evaluator(read_weights(data)).weights


def test_shipped_weights_say_how_they_were_made() -> None:
    from jaipur.bots.evaluator import DATA_FILE

    data = json.loads((Path(registry.__file__).parent / "data" / DATA_FILE).read_text(encoding="utf-8"))
    assert data["made_by"]["command"].startswith("python -m jaipur train ")
    assert data["features"] == list(FEATURES)
    assert data["chosen"] in [c["name"] for c in data["holdout"]]
