"""Printables speed: the complete 4-province Pandémie set (every card, faces and duplex backs) against a
5-second goal, plus the other big sets for reference."""

from __future__ import annotations

import time

from printables.render import Options
from printables.sets import build

GOAL_S = 5.0


def _time(name: str, opts: Options, repeat: int = 3) -> tuple[float, int, int]:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        result = build(name, opts)
        best = min(best, time.perf_counter() - t0)
    return best, result.pages, len(result.codes)


def main() -> None:
    build("rattus-classes", Options())  # warm up: fonts, catalogue
    t, pages, codes = _time("pandemie", Options())
    print(
        f"pandemie (4 provinces, poker, long-edge duplex): {codes} cards, {pages} pages in {t:.2f} s "
        f"-> {t / GOAL_S:.2f} x the {GOAL_S:g} s goal ({'met' if t <= GOAL_S else 'MISSED'})"
    )
    for name, label, opts in (
        ("pandemie", "mini cards, letter, grey", Options(card="mini", paper="letter", grey=True)),
        ("cartus", "poker cards, a4", Options()),
        ("rattus-tokens", "a4", Options()),
        ("spares", "a4", Options()),
    ):
        t, pages, codes = _time(name, opts, repeat=1)
        print(f"{name} ({label}): {codes} codes, {pages} pages in {t:.2f} s -> {t / GOAL_S:.2f} x goal")


if __name__ == "__main__":
    main()
