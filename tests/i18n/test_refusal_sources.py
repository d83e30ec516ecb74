"""Every refusal the rules' sources can raise has an entry in its game's phrasebook.

The sources of ``engine/games/*/rules.py`` are read with :mod:`ast`: each ``IllegalIntent(rule, f"...")``
(and the games' helpers around it) gives a rule and a message template; its shape (parameters unnamed)
must be the shape of an entry of ``engine/games/<game>/refusals.py`` — so a refusal added to the rules
without its French text fails here, before any player meets it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from engine.texts import phrasebook

ROOT = Path(__file__).resolve().parents[2]
RAISERS = {"IllegalIntent", "_ill", "_bad", "_fail", "OptionError", "OptionsError"}


def _shape(node: ast.expr) -> str | None:
    """An f-string or a string constant as a template with unnamed parameters (``{}``); None otherwise."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value.replace("{", "{{").replace("}", "}}")
    if isinstance(node, ast.JoinedStr):
        out = []
        for v in node.values:
            if isinstance(v, ast.Constant):
                out.append(str(v.value).replace("{", "{{").replace("}", "}}"))
            else:
                assert isinstance(v, ast.FormattedValue)
                out.append("'{}'" if v.conversion == ord("r") else "{}")
        return "".join(out)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):  # "..." f"..." split over lines
        a, b = _shape(node.left), _shape(node.right)
        return None if a is None or b is None else a + b
    return None


def raised(game: str) -> list[tuple[int, str, str]]:
    """(line, rule, template shape) of every refusal raised with a literal message in ``game``'s rules."""
    src = (ROOT / "engine" / "games" / game / "rules.py").read_text(encoding="utf-8")
    out = []
    for node in ast.walk(ast.parse(src)):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        f = node.func
        name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
        if name not in RAISERS:
            continue
        args = node.args
        rule = (
            args[0].value
            if len(args) > 1 and isinstance(args[0], ast.Constant)
            else "options"
            if len(args) == 1
            else "*"
        )
        shape = _shape(args[-1])
        if shape is not None:
            out.append((node.lineno, str(rule), shape.replace("{{", "{").replace("}}", "}")))
    return out


def _known_shapes(game: str) -> set[str]:
    return {p.shape().replace("{{", "{").replace("}}", "}") for p in phrasebook(game).phrases}


@pytest.mark.parametrize("game", ["pandemie", "rattus", "cartus", "plague"])
def test_every_refusal_in_the_rules_has_its_texts(game: str) -> None:
    found = raised(game)
    assert len(found) >= 20, f"{game}: the source scan found only {len(found)} refusals"
    known = _known_shapes(game)
    missing = [f"rules.py:{line} {rule}: {shape}" for line, rule, shape in found if shape not in known]
    assert not missing, (
        f"{len(missing)} refusal(s) of {game} with no entry in its refusals.py:\n" + "\n".join(missing)
    )
