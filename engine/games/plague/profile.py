"""Box profile: the 2d6 tables printed on the PROSPERITE/PESTE reference cards.

The rules text does not print them, and this project does not invent them: a group enters the values of
its own reference card once (11 per side, for the totals 2 to 12), and the profile is saved as JSON::

    {"format": "tablekeeper-plague-profile/1", "name": "our box",
     "prosperity": {"2": 0, "3": 5, ..., "12": 30},   # PPs gained on a Prosperity roll of that total
     "plague":     {"2": 0, ..., "12": 20}}           # PPs lost on a Plague roll of that total

Each side may also be given as a list of 11 numbers (totals 2..12 in order). A number is the side's usual
direction: PPs *gained* on the Prosperity side, PPs *lost* on the Plague side (a card's "-10" is entered as
10). A box whose card shows the other sign somewhere (a loss on the Prosperity side, a gain on the Plague
side) writes that cell as printed, as text with its sign: ``"-2"`` on the Prosperity side loses 2 PPs,
``"+1"`` on the Plague side gains 1 PP (``"-10"`` and ``"10"`` on the Plague side both lose 10). The form
and the command line pass what was typed as such text.

The normalised profile (format ``/2``) keeps the usual directions with a sign: ``prosperity[i]`` PPs gained
(negative: lost), ``plague[i]`` PPs lost (negative: gained). In a ``/2`` file a negative number means that;
in a ``/1`` file (or one without ``format``) a negative number is refused, since ``-10`` on the Plague side
would be ambiguous.

:func:`validate` returns the normalised profile or raises :class:`ProfileError` naming every problem.
The engine receives the validated dict as the ``profile`` option (no I/O in the engine);
:func:`load` and :func:`save` are for the companion and the command line (``python -m
engine.games.plague.profile_cli``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

FORMAT = "tablekeeper-plague-profile/2"
FORMAT_V1 = "tablekeeper-plague-profile/1"
FORMATS = (FORMAT_V1, FORMAT)
TOTALS = tuple(range(2, 13))
SIDES = ("prosperity", "plague")
MAX_VALUE = 1000


class ProfileError(ValueError):
    """A box profile that cannot be used; ``problems`` lists each problem in words."""

    def __init__(self, problems: Sequence[str], where: str = "") -> None:
        self.problems = list(problems)
        head = f"{where}: " if where else ""
        super().__init__(head + "invalid Plague and Pestilence box profile: " + "; ".join(self.problems))


def _printed(name: str, t: int, text: str, problems: list[str]) -> int | None:
    """A cell typed as printed: ``"+n"`` a gain, ``"-n"`` a loss, ``"n"`` the side's usual direction; the
    result in the side's usual direction (PPs gained on Prosperity, lost on Plague)."""
    body = text.strip().replace("\u2212", "-")  # a typographic minus as printed
    digits = body[1:] if body[:1] in "+-" else body
    if not digits.isdigit():
        problems.append(f"{name}[{t}]: {text!r} is not a whole number (as printed: 5, +5 or -5)")
        return None
    n = int(digits)
    if body[:1] not in "+-":
        return n
    gain = body[0] == "+"
    return n if gain == (name == "prosperity") else -n


def _side(name: str, raw: Any, problems: list[str], signed: bool = False) -> list[int]:
    values: dict[int, Any] = {}
    if isinstance(raw, Mapping):
        for k, v in raw.items():
            try:
                t = int(k)
            except (TypeError, ValueError):
                problems.append(f"{name}: {k!r} is not a dice total (2 to 12)")
                continue
            if t not in TOTALS:
                problems.append(f"{name}: total {t} is impossible with 2d6 (2 to 12)")
                continue
            values[t] = v
    elif isinstance(raw, Sequence) and not isinstance(raw, str | bytes):
        if len(raw) != len(TOTALS):
            problems.append(f"{name}: {len(raw)} values given, 11 needed (one for each total 2 to 12)")
        values = dict(zip(TOTALS, raw, strict=False))
    else:
        problems.append(f"{name}: expected 11 values (totals 2 to 12), got {type(raw).__name__}")
        return []
    out: list[int] = []
    for t in TOTALS:
        if t not in values:
            if isinstance(raw, Mapping):
                problems.append(f"{name}: no value for total {t}")
            continue
        v = values[t]
        if isinstance(v, str):
            v = _printed(name, t, v, problems)
            if v is None:
                continue
        elif isinstance(v, bool) or not isinstance(v, int):
            problems.append(f"{name}[{t}]: {v!r} is not a whole number")
            continue
        elif v < 0 and not signed:
            what, other, sign = ("lost", "gain", "+") if name == "plague" else ("gained", "loss", "-")
            problems.append(
                f"{name}[{t}]: {v} is negative; enter the number of PPs {what} (e.g. 10, not -10), or, for a "
                f'{other} printed on this side, the value as printed with its sign as text ("{sign}{-v}")'
            )
            continue
        if abs(v) > MAX_VALUE:
            problems.append(f"{name}[{t}]: {v} is more than {MAX_VALUE}, surely a typing error")
        else:
            out.append(v)
    return out


def validate(raw: Any, where: str = "") -> dict[str, Any]:
    """The normalised profile ``{"format", "name", "prosperity": [11 ints], "plague": [11 ints]}``."""
    if not isinstance(raw, Mapping):
        raise ProfileError(
            [f"expected an object with 'prosperity' and 'plague', got {type(raw).__name__}"], where
        )
    problems: list[str] = []
    fmt = raw.get("format", FORMAT_V1)
    if fmt not in FORMATS:
        problems.append(f"format {fmt!r} is not {FORMAT!r} (or the older {FORMAT_V1!r})")
    name = raw.get("name", "")
    if not isinstance(name, str):
        problems.append(f"name must be text, not {type(name).__name__}")
        name = ""
    for k in sorted(set(raw) - {"format", "name", *SIDES}):
        problems.append(f"unknown field {k!r}")
    sides: dict[str, list[int]] = {}
    for side in SIDES:
        if side not in raw:
            problems.append(
                f"{side}: missing (the {side.upper()} side of the reference card, totals 2 to 12)"
            )
            continue
        sides[side] = _side(side, raw[side], problems, signed=fmt == FORMAT)
    if problems:
        raise ProfileError(problems, where)
    return {"format": FORMAT, "name": name, "prosperity": sides["prosperity"], "plague": sides["plague"]}


def make(name: str, prosperity: Sequence[int | str], plague: Sequence[int | str]) -> dict[str, Any]:
    """From the values of the card: numbers in the usual direction, or text as printed (``"+1"``,
    ``"-2"``)."""
    return validate({"name": name, "prosperity": list(prosperity), "plague": list(plague)})


def printed(side: str, value: int) -> str:
    """A normalised value as the card prints it: ``"5"`` in the side's usual direction, else with its sign
    (``"-2"`` a loss on the Prosperity side, ``"+1"`` a gain on the Plague side)."""
    if value >= 0:
        return str(value)
    return f"-{-value}" if side == "prosperity" else f"+{-value}"


def to_json(profile: Mapping[str, Any]) -> str:
    p = validate(profile)
    doc = {
        "format": FORMAT,
        "name": p["name"],
        "prosperity": {str(t): v for t, v in zip(TOTALS, p["prosperity"], strict=True)},
        "plague": {str(t): v for t, v in zip(TOTALS, p["plague"], strict=True)},
    }
    return json.dumps(doc, ensure_ascii=False, indent=2) + "\n"


def load(path: str | Path) -> dict[str, Any]:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ProfileError([f"cannot read the file ({exc.strerror or exc})"], str(path)) from None
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ProfileError(
            [f"not JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}"], str(path)
        ) from None
    return validate(raw, str(path))


def save(profile: Mapping[str, Any], path: str | Path) -> Path:
    """Validate, then write atomically (a temporary file renamed over the target)."""
    path = Path(path)
    text = to_json(profile)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)
    return path
