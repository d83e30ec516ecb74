"""The compiled (mypyc) Pandémie engine: in use when built, the same games as pure Python, never stale.

``make setup`` compiles ``layout``, ``rules`` and ``policy`` (``python -m engine.native build``). These tests
play seeded games compiled in this process and pure in a child process (``TABLEKEEPER_PURE=1``) and compare
every final state; they check that an edited source, a left-over or a foreign build is never used.
``TABLEKEEPER_REQUIRE_NATIVE=1`` (set by ``.ci/run``) turns "not compiled here" from a skip into a failure.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import textwrap
import warnings
from pathlib import Path

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import native
from engine.core import deckfold, fastrand, rng
from engine.games.pandemie import layout, policy, rules

REQUIRED = os.environ.get("TABLEKEEPER_REQUIRE_NATIVE", "") not in ("", "0")
ROOT = Path(__file__).resolve().parents[2]

GAMES = [
    ({"provinces": p, "players": n, "difficulty": d}, f"native:{i}")
    for i, (p, n, d) in enumerate(
        [
            (4, 4, "normal"),
            (4, 2, "expert"),
            (1, 4, "novice"),
            (2, 6, "normal"),
            (3, 3, "novice"),
            (1, 1, "expert"),
        ]
        * 3
    )
]

PLAY = """
import hashlib, json, sys
import msgspec
from engine.core.rng import SeededRng
from engine.games.pandemie.simulate import by_apply, by_step, play_state
out = []
for i, (options, seed) in enumerate(json.loads(sys.argv[1])):
    st, n, t = play_state(options, SeededRng(seed), advance=by_apply if i % 3 == 0 else by_step)
    raw = msgspec.json.encode((st.provs, st.hands, st.loc, st.roles, st.stored, st.removed, st.over))
    out.append([n, t, hashlib.sha256(raw).hexdigest()])
import engine.native
print(json.dumps({"games": out, "status": engine.native.STATUS}))
"""


def _play(pure: bool) -> dict:
    env = dict(os.environ)
    env.pop(native.PURE_ENV, None)
    if pure:
        env[native.PURE_ENV] = "1"
    r = subprocess.run(
        [sys.executable, "-c", PLAY, json.dumps(GAMES)],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=240,
        check=False,
    )
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def _need_compiled(package: str = "engine.games.pandemie") -> None:
    if native.STATUS.get(package) != "compiled":
        why = native.STATUS.get(package, "not guarded")
        if REQUIRED:
            pytest.fail(f"the compiled Pandémie engine is required here but {why}")
        pytest.skip(f"the Pandémie engine is not compiled here ({why}); `make setup` builds it")


def test_the_compiled_modules_are_the_ones_imported() -> None:
    _need_compiled()
    _need_compiled("engine.core")
    for mod in (layout, rules, policy, fastrand, deckfold):
        assert native.is_compiled(mod), mod.__file__
    assert rng._SAME_AS_RANDOM  # the seeded shuffle uses the compiled loop


@given(seed=st.integers(0, 2**64), n=st.integers(0, 120))
@settings(max_examples=200, deadline=None)
def test_the_compiled_shuffle_draws_as_random_shuffle(seed: int, n: int) -> None:
    a, b = list(range(n)), list(range(n))
    random.Random(seed).shuffle(a)
    fastrand.shuffle_bits(random.Random(seed).getrandbits, b)
    assert a == b
    c = list(range(n))
    rng.SeededRng(seed).shuffle(c)
    assert c == a


def test_compiled_and_pure_play_exactly_the_same_games() -> None:
    _need_compiled()
    compiled, pure = _play(False), _play(True)
    assert compiled["status"] == {"engine.core": "compiled", "engine.games.pandemie": "compiled"}
    assert all(s.startswith("pure: TABLEKEEPER_PURE") for s in pure["status"].values()), pure["status"]
    assert len(compiled["games"]) == len(GAMES)
    assert compiled["games"] == pure["games"]


def test_options_decode_to_the_same_types_compiled() -> None:
    """msgspec reads the annotations of a struct defined in a compiled module (tuples stay tuples)."""
    o = msgspec.convert(
        {"provinces": ["G", "H"], "players": [4, 3], "speed_track": [2, 2, 3, 3, 4, 4]}, rules.Options
    )
    assert o.provinces == ("G", "H") and o.players == (4, 3) and o.speed_track == (2, 2, 3, 3, 4, 4)
    assert isinstance(o.speed_track, tuple)


# -- the guard, on a throw-away package whose "compiled" modules are garbage: importing one would fail ------

INIT = """
from engine import native
native.guard(__name__, __path__[0])
from . import beta  # noqa: E402
"""


@pytest.fixture
def fake(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    name = f"fakepkg_{os.getpid()}_{tmp_path.name}".replace("-", "_")
    d = tmp_path / name
    d.mkdir()
    (d / "__init__.py").write_text(textwrap.dedent(INIT))
    (d / "alpha.py").write_text("VALUE = 'pure alpha'\n")
    (d / "beta.py").write_text("from .alpha import VALUE\nBOTH = VALUE + ' and pure beta'\n")
    suffix = native.importlib.machinery.EXTENSION_SUFFIXES[0]
    for mod in ("alpha", "beta"):
        (d / f"{mod}{suffix}").write_bytes(b"not an ELF file at all")
    monkeypatch.setitem(native.GROUPS, name, ("alpha", "beta"))
    monkeypatch.setattr(native, "_pkg_dir", lambda package: d)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delenv(native.PURE_ENV, raising=False)
    yield name, d
    for k in [k for k in sys.modules if k == name or k.startswith(name + ".")]:
        del sys.modules[k]


def _manifest(name: str, d: Path, **over: str) -> None:
    m = {"digest": native.digest(name, d), "tag": native._tag(), "modules": ["alpha", "beta"]}
    m.update(over)
    (d / native.MANIFEST).write_text(json.dumps(m))


def _import(name: str):
    return __import__(name, fromlist=["beta"])


def test_a_build_without_manifest_is_not_used(fake) -> None:
    name, d = fake
    with pytest.warns(UserWarning, match=r"no readable _native\.json"):
        pkg = _import(name)
    assert pkg.beta.BOTH == "pure alpha and pure beta"
    assert native.STATUS[name].startswith("pure:")


def test_an_edited_source_is_never_hidden_by_its_old_build(fake) -> None:
    name, d = fake
    _manifest(name, d)
    assert native.why_pure(name, d) is None  # as built: the compiled files would be used
    (d / "alpha.py").write_text("VALUE = 'edited alpha'\n")
    with pytest.warns(UserWarning, match="sources changed"):
        pkg = _import(name)
    assert pkg.beta.BOTH == "edited alpha and pure beta"


def test_a_build_for_another_interpreter_or_a_left_over_is_not_used(fake) -> None:
    name, d = fake
    _manifest(name, d, tag="cpython-99-elsewhere")
    assert "another interpreter" in (native.why_pure(name, d) or "")
    _manifest(name, d)
    (d / "gamma.py").write_text("X = 1\n")
    (d / f"gamma{native.importlib.machinery.EXTENSION_SUFFIXES[0]}").write_bytes(b"junk")
    assert "left-over" in (native.why_pure(name, d) or "")


def test_pure_on_request_without_warning(fake, monkeypatch: pytest.MonkeyPatch) -> None:
    name, d = fake
    _manifest(name, d)
    monkeypatch.setenv(native.PURE_ENV, "1")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        pkg = _import(name)
    assert pkg.beta.BOTH == "pure alpha and pure beta"
    assert native.STATUS[name] == "pure: TABLEKEEPER_PURE is set"
