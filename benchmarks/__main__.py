"""``python -m benchmarks``: run every benchmark of the project, one after the other.

Each benchmark is a module ``benchmarks.<name>`` with a ``main()`` that prints its measurements and the
ratios against the peers or goals it names. ``python -m benchmarks NAME...`` runs only those.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import time

import benchmarks


def main(argv: list[str] | None = None) -> int:
    names = list(sys.argv[1:] if argv is None else argv) or sorted(
        m.name for m in pkgutil.iter_modules(benchmarks.__path__) if not m.name.startswith("_")
    )
    for name in names:
        print(f"=== benchmarks.{name} ===", flush=True)
        t0 = time.perf_counter()
        importlib.import_module(f"benchmarks.{name}").main()
        print(f"--- {name}: {time.perf_counter() - t0:.1f} s\n", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
