"""``python -m harness.cli [--toy] COMMAND ARGS...``: the ``tablekeeper`` command as run from the source
tree (with the repository's root as working directory), the toy game (:mod:`harness.toy`) registered first
when ``--toy`` is given."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["--toy"]:
        from harness import toy

        toy.register()
        args = args[1:]
    from companion.cli import main as tablekeeper

    return tablekeeper(args)


if __name__ == "__main__":
    raise SystemExit(main())
