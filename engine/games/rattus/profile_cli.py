"""``tablekeeper profile``: check, write or complete a Rattus box profile.

tablekeeper profile check FILE            # every problem explained; exit 0 ok, 1 problems, 2 unreadable
tablekeeper profile default FILE          # write the default board (to check against your board)
tablekeeper profile census FILE [--out OUT]
    # read lines "RAT:07 2 M clerge" (or the scanned sticker text then the face) from standard input,
    # save after every line (nothing recorded is lost), report progress
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .profile import (
    CensusError,
    ProfileError,
    ProfileUnreadable,
    default_profile,
    from_dict,
    read_data,
    save,
    start_census,
    validate,
)


def check(path: str) -> int:
    try:
        data = read_data(path)
    except ProfileUnreadable as exc:
        print(f"{path}: unreadable", file=sys.stderr)
        for p in exc.problems:
            print(f"  - {p}", file=sys.stderr)
        return 2
    problems = validate(data)
    if problems:
        print(f"{path}: {len(problems)} problem(s)")
        for p in problems:
            print(f"  - {p}")
        return 1
    profile = from_dict(data, source=path)
    missing = profile.missing_faces()
    print(f"{path}: valid profile {profile.name!r}")
    print(
        f"  regions: {len(profile.regions)}, links: {len(profile.links)} "
        f"({sum(1 for x in profile.links if x.arrow)} arrows), tokens: {len(profile.tokens)}"
    )
    if not profile.verified:
        print("  note: marked as not yet checked against a real board (verified = false)")
    if missing:
        print(
            f"  faces: {len(profile.tokens) - len(missing)}/{len(profile.tokens)} recorded; "
            "physical tokens only until the census is done"
        )
    else:
        print("  faces: all recorded; the digital bag can be used")
    return 0


def census(path: str, out: str | None, lines: list[str]) -> int:
    try:
        profile = from_dict(read_data(path), source=path)
    except ProfileError as exc:
        print(str(exc), file=sys.stderr)
        return 2 if isinstance(exc, ProfileUnreadable) else 1
    target = Path(out or path)
    c = start_census(profile)
    bad = 0
    for n, line in enumerate(lines, 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        token, _, face = line.partition(" ")
        try:
            c = c.record(token, face)
        except CensusError as exc:
            bad += 1
            print(f"line {n}: {exc}", file=sys.stderr)
            continue
        save(c.profile.with_faces(dict(c.faces)), target)
    prog = c.progress()
    print(f"{prog.done}/{prog.total} faces recorded in {target}")
    if prog.missing:
        print(f"still to record: {', '.join(prog.missing)}")
    return 1 if bad else 0


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="tablekeeper profile", description="Rattus box profiles")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p_check = sub.add_parser("check", help="validate a profile and explain every problem")
    p_check.add_argument("file")
    p_def = sub.add_parser("default", help="write the default board profile (to check against your board)")
    p_def.add_argument("file")
    p_cen = sub.add_parser("census", help="record token faces read from standard input")
    p_cen.add_argument("file")
    p_cen.add_argument("--out", default=None, help="write the result here instead of FILE")
    try:
        args = ap.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    if args.cmd == "check":
        return check(args.file)
    if args.cmd == "default":
        save(default_profile(), args.file)
        print(f"wrote {args.file}: check regions, links and shading against your board")
        return 0
    return census(args.file, args.out, sys.stdin.readlines())


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
