"""The win rate of a set-up, measured while the leader fills in the new-table form.

The game's own policy plays the chosen options over and over (:class:`companion.ui.gameui.DifficultyCheck`)
in a worker process — never on the pages' event loop, nor on a thread of the process that draws every page:
simulated games are pure Python, and a thread would hold the interpreter while twenty pages wait. The games
are played in chunks, the figure shown after each (with its 95 % interval, :func:`engine.core.stats.wilson`),
until :data:`MAX_GAMES` games or :data:`BUDGET_S` seconds. Game ``i`` is always seeded ``f"{SEED}:{i}"``:
the same options give the same figure at every try.
"""

from __future__ import annotations

import asyncio
import json
import logging
import multiprocessing
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from engine.core.stats import wilson

from .gameui import DifficultyCheck

log = logging.getLogger("tablekeeper.app")

SEED = "table-estimate"
FIRST_CHUNK = 6  # games before the first figure (a 4-province game takes ~50 ms compiled, ~100 ms pure)
CHUNK_S = 0.8  # later chunks are sized to take about this long (one figure a little under each second)
BUDGET_S = 6.0  # then the figure stays as it is
MAX_GAMES = 400  # or once this many games are played (the interval is then a few points wide)

_pool: ProcessPoolExecutor | None = None


def pool() -> Executor:
    """The one worker process every page's estimates share (started at the first estimate: ``spawn``, so
    that it holds none of the server's threads or sockets)."""
    global _pool
    if _pool is None:
        _pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
    return _pool


def _reset_pool() -> None:
    global _pool
    broken, _pool = _pool, None
    if broken is not None:
        broken.shutdown(wait=False, cancel_futures=True)


@dataclass
class Estimate:
    """A measure under way or done: ``won`` of ``played`` games; ``error`` says why it stopped early."""

    won: int = 0
    played: int = 0
    done: bool = False
    error: str = ""
    refused: bool = False  # the error is the game refusing these options (a ValueError), not a failure

    @property
    def rate(self) -> float:
        return self.won / self.played if self.played else 0.0

    def interval(self, confidence: float = 0.95) -> tuple[float, float]:
        """The win rate's interval (Wilson); (0, 1) before any game."""
        return wilson(self.won, self.played, confidence) if self.played else (0.0, 1.0)


def options_key(game: str, options: dict[str, Any]) -> str:
    """What identifies a set-up: the game and its options, written the same way whatever their order."""
    return json.dumps([game, options], sort_keys=True, default=str)


class Estimator:
    """One page's measure: :meth:`want` a set-up; each new one stops the one before (its running chunk's
    result is dropped) and ``on_progress`` is called after every chunk."""

    def __init__(
        self,
        check: DifficultyCheck,
        on_progress: Callable[[], None],
        executor: Callable[[], Executor] = pool,
        budget_s: float = BUDGET_S,
        max_games: int = MAX_GAMES,
        seed: str = SEED,
    ) -> None:
        self.check = check
        self.on_progress = on_progress
        self.executor = executor
        self.budget_s = budget_s
        self.max_games = max_games
        self.seed = seed
        self.key = ""
        self.estimate: Estimate | None = None
        self._generation = 0

    def stop(self) -> None:
        self._generation += 1
        self.key = ""

    async def want(self, key: str, options: dict[str, Any]) -> Estimate | None:
        """Measure ``options`` (``key``: :func:`options_key`) unless it is the set-up measured already;
        returns the estimate once done (None when another set-up replaced it meanwhile)."""
        if key == self.key:
            return self.estimate
        self._generation += 1
        me = self._generation
        self.key = key
        est = self.estimate = Estimate()
        loop = asyncio.get_running_loop()
        start = time.monotonic()
        chunk = FIRST_CHUNK
        while True:
            t0 = time.monotonic()
            try:
                won, played = await loop.run_in_executor(
                    self.executor(), self.check.play, options, est.played, chunk, self.seed
                )
            except BrokenProcessPool as exc:
                _reset_pool()
                err: BaseException | None = exc
            except Exception as exc:  # noqa: BLE001 - the options refused by the game, or a worker's failure
                err = exc
            else:
                err = None
            if me != self._generation:
                return None  # another set-up was chosen meanwhile: this one is no longer shown
            if err is not None:
                est.error = str(err) or type(err).__name__
                est.refused = isinstance(err, ValueError)
                est.done = True
                if not est.refused:
                    log.warning("measuring a set-up's win rate failed: %r", err)
                self.on_progress()
                return est
            est.won += won
            est.played += played
            took = max(1e-3, time.monotonic() - t0)
            left = self.max_games - est.played
            est.done = left <= 0 or time.monotonic() - start >= self.budget_s
            self.on_progress()
            if est.done:
                return est
            chunk = max(1, min(left, round(chunk * CHUNK_S / took)))


__all__ = ["BUDGET_S", "MAX_GAMES", "SEED", "Estimate", "Estimator", "options_key", "pool"]
