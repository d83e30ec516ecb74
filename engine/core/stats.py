"""Small statistics for figures shown to players: a win rate measured over simulated games, with its
uncertainty."""

from __future__ import annotations

import math
from statistics import NormalDist


def wilson(successes: int, trials: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval of a proportion: ``(low, high)`` within [0, 1].

    Chosen over the textbook ``p ± z·sqrt(p(1-p)/n)`` because our win rates are often a few percent over a
    few hundred games: there the textbook interval goes below 0 (or is empty when no game was won), while
    Wilson's stays inside [0, 1] and keeps close to its nominal coverage (Brown, Cai & DasGupta, 2001)."""
    if trials <= 0:
        raise ValueError("no trials: a proportion needs at least one")
    if not 0 <= successes <= trials:
        raise ValueError(f"{successes} successes out of {trials} trials")
    if not 0 < confidence < 1:
        raise ValueError(f"confidence {confidence} is not between 0 and 1")
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    n = trials
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    low, high = max(0.0, centre - half), min(1.0, centre + half)
    if successes == 0:
        low = 0.0  # exactly: rounding must not leave 1e-17 where nothing was won
    if successes == trials:
        high = 1.0
    return low, high


__all__ = ["wilson"]
