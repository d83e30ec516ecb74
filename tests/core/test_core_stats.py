"""The win rate's interval (Wilson's score interval): Newcombe's worked examples, its bounds, and its coverage
over every outcome of a binomial."""

from __future__ import annotations

import math

import pytest

from engine.core.stats import wilson


@pytest.mark.parametrize(
    ("k", "n", "low", "high"),
    [  # Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table I, method 3
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
    ],
)
def test_the_interval_is_newcombes(k: int, n: int, low: float, high: float) -> None:
    got = wilson(k, n)
    assert got == pytest.approx((low, high), abs=5e-5)


def test_no_win_starts_at_zero_and_every_win_ends_at_one() -> None:
    assert wilson(0, 200)[0] == 0.0
    assert wilson(200, 200)[1] == 1.0
    low, high = wilson(1, 200)  # the simulation's 0.5 % on normal: never below 0, as p ± 2σ would be
    assert 0.0 < low < 0.005 < high < 0.03


def test_the_interval_holds_the_rate_narrows_with_games_and_is_symmetric() -> None:
    for n in (5, 40, 400):
        for k in range(0, n + 1, max(1, n // 10)):
            low, high = wilson(k, n)
            assert 0.0 <= low <= k / n <= high <= 1.0
            mirror = wilson(n - k, n)
            assert (low, high) == pytest.approx((1 - mirror[1], 1 - mirror[0]), abs=1e-12)
    widths = [wilson(n // 20, n)[1] - wilson(n // 20, n)[0] for n in (40, 200, 1000)]
    assert widths == sorted(widths, reverse=True)
    a90, a95 = wilson(12, 200, 0.90), wilson(12, 200)
    assert a95[0] < a90[0] and a90[1] < a95[1]


@pytest.mark.parametrize(("p", "n"), [(0.05, 100), (0.06, 200), (0.3, 60)])
def test_over_every_outcome_the_95_interval_covers_the_true_rate_about_95_times_in_100(
    p: float, n: int
) -> None:
    covered = sum(
        math.comb(n, k) * p**k * (1 - p) ** (n - k)
        for k in range(n + 1)
        if wilson(k, n)[0] <= p <= wilson(k, n)[1]
    )
    assert 0.92 <= covered <= 0.98, covered


@pytest.mark.parametrize(
    ("k", "n", "c"), [(1, 0, 0.95), (-1, 10, 0.95), (11, 10, 0.95), (1, 10, 1.0), (1, 10, 0)]
)
def test_an_impossible_count_is_refused(k: int, n: int, c: float) -> None:
    with pytest.raises(ValueError):
        wilson(k, n, c)
