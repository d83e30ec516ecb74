"""The set-up's win rate at table creation: simulated games played in chunks in a worker process, the same
games as played here, a set-up replaced while it is measured, options the game refuses said as such."""

from __future__ import annotations

import asyncio
import os
from concurrent.futures import ThreadPoolExecutor

import pytest

from companion.ui import estimate
from companion.ui.estimate import Estimate, Estimator, options_key
from companion.ui.pandemie import difficulty
from engine.games.pandemie.simulate import win_count

SMALL = {"provinces": 1, "players": 2, "difficulty": "novice"}


def test_games_played_in_chunks_are_the_games_played_at_once():
    whole = win_count(SMALL, 0, 12, "s")
    parts = [win_count(SMALL, a, n, "s") for a, n in ((0, 5), (5, 1), (6, 6))]
    assert whole == (sum(w for w, _ in parts), 12)
    assert whole[0] > 0  # two players on novice win some games: the count is not a constant 0
    assert win_count(SMALL, 0, 12, "another seed") != whole or win_count(SMALL, 12, 12, "s") != whole


def test_the_measure_runs_in_a_worker_process_and_counts_the_seeded_games():
    """The real pool (spawn): a budget of a few games, each figure shown as it comes."""
    seen: list[tuple[int, int]] = []

    async def go() -> Estimate | None:
        est: Estimator

        def progress() -> None:
            assert est.estimate is not None
            seen.append((est.estimate.won, est.estimate.played))

        est = Estimator(difficulty, progress, budget_s=60.0, max_games=20, seed="plumbing")
        return await est.want(options_key("pandemie", SMALL), SMALL)

    got = asyncio.run(go())
    assert got is not None and got.done and not got.error
    assert got.played == 20 and (got.won, got.played) == win_count(SMALL, 0, 20, "plumbing")
    assert seen[0][1] == estimate.FIRST_CHUNK and seen[-1] == (got.won, 20)
    assert [p for _w, p in seen] == sorted({p for _w, p in seen})  # one figure per chunk, each larger
    low, high = got.interval()
    assert low <= got.rate <= high and high - low < 0.6


def test_the_worker_is_another_process():
    pids = asyncio.run(_pid())
    assert pids != os.getpid()


async def _pid() -> int:
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(estimate.pool(), os.getpid)


def test_a_set_up_changed_while_measured_drops_the_old_measure():
    async def go() -> tuple[Estimate | None, Estimate | None, str]:
        est = Estimator(difficulty, lambda: None, executor=lambda: pool, budget_s=60.0, max_games=12)
        first = asyncio.create_task(est.want("a", SMALL))
        await asyncio.sleep(0)  # the first chunk is under way
        other = {**SMALL, "difficulty": "expert"}
        second = await est.want("b", other)
        return await first, second, est.key

    with ThreadPoolExecutor(1) as pool:
        old, new, key = asyncio.run(go())
    assert old is None and key == "b"
    assert new is not None and (new.won, new.played) == win_count(
        {**SMALL, "difficulty": "expert"}, 0, 12, estimate.SEED
    )


def test_options_the_game_refuses_are_said_not_measured():
    async def go() -> Estimate | None:
        est = Estimator(difficulty, lambda: None, max_games=5)
        return await est.want("x", {"provinces": 1, "players": 9})

    got = asyncio.run(go())
    assert got is not None and got.done and got.refused and got.played == 0
    assert "option players" in got.error and "9" in got.error


def test_the_same_options_in_another_order_are_the_same_set_up():
    assert options_key("pandemie", {"a": 1, "b": [1, 2]}) == options_key("pandemie", {"b": [1, 2], "a": 1})
    assert options_key("pandemie", {"a": 1}) != options_key("rattus", {"a": 1})


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_levers_name_the_rules_options(lang: str):
    novice = difficulty.levers({"difficulty": "novice", "players": 5}, lang)
    normal = difficulty.levers({"difficulty": "normal", "players": 5, "start": "drawn"}, lang)
    assert "4" in novice[0] and ("Normal" in novice[0])
    assert "Initiation" in normal[0] if lang == "fr" else "Novice" in normal[0]
    assert any("5" in x for x in normal[1:2])
    assert not any("start" in x for x in normal) and any('"start": "drawn"' in x for x in novice)
    assert any('"victories": "shared"' in x for x in normal)
