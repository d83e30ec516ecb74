"""Compiled builds of the engine's hot modules (mypyc), with pure Python as the reference and fallback.

    python -m engine.native build    # compile in place (needs mypy and a C compiler; ``make setup`` does it)
    python -m engine.native status   # which groups run compiled, and why not
    python -m engine.native clean    # remove the compiled files

The Pandémie rules and simulation policy are compiled *from the same source files* by mypyc: a simulated game
runs about twice as fast and gives exactly the same result (``tests/pandemie/test_native.py`` plays seeded
games both ways). A package of :data:`GROUPS` calls :func:`guard` before importing its modules; the guard
keeps the compiled modules only when they were built from the sources as they are now (a digest recorded
at build time in ``_native.json`` next to them) by this Python. Otherwise — not built, sources edited since,
another interpreter, or ``TABLEKEEPER_PURE=1`` in the environment — it loads the ``.py`` files instead, so
an edit is never hidden by a stale build; a stale build also prints one warning naming the command that
rebuilds it.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
import tempfile
import warnings
from pathlib import Path

# package -> its modules compiled together, in import order (a module may import the ones before it)
GROUPS: dict[str, tuple[str, ...]] = {
    "engine.core": ("fastrand", "deckfold"),
    "engine.games.pandemie": ("layout", "rules", "policy"),
}
MANIFEST = "_native.json"
PURE_ENV = "TABLEKEEPER_PURE"
ROOT = Path(__file__).resolve().parent.parent  # the directory holding the ``engine`` package

STATUS: dict[str, str] = {}  # package -> "compiled" or "pure: <why>", filled by guard()


class NativeBuildError(RuntimeError):
    """The compiled build failed; the message says what is missing."""


def _pkg_dir(package: str) -> Path:
    return ROOT.joinpath(*package.split("."))


def digest(package: str, directory: Path | None = None) -> str:
    """sha256 over the group's source files, in order (names and contents)."""
    d = directory or _pkg_dir(package)
    h = hashlib.sha256()
    for mod in GROUPS[package]:
        h.update(mod.encode() + b"\0")
        h.update((d / f"{mod}.py").read_bytes())
        h.update(b"\0")
    return h.hexdigest()


def _tag() -> str:
    return f"{sys.implementation.cache_tag}-{sys.platform}-{importlib.machinery.EXTENSION_SUFFIXES[0]}"


def compiled_files(package: str, directory: Path | None = None) -> list[Path]:
    """Every extension file in the package's folder (any interpreter's; the engine ships none of its own)."""
    d = directory or _pkg_dir(package)
    return sorted(f for f in d.iterdir() if f.suffix in (".so", ".pyd"))


def shadowed(package: str, directory: Path | None = None) -> list[str]:
    """The package's modules that an extension file shadows (a ``.py`` and an extension of the same name),
    those outside the group first (a left-over of an older build), then the group's in its order."""
    d = directory or _pkg_dir(package)
    names = {f.name.split(".", 1)[0] for f in compiled_files(package, d)}
    found = [n for n in sorted(names) if (d / f"{n}.py").exists()]
    group = GROUPS[package]
    return [n for n in found if n not in group] + [n for n in group if n in found]


def why_pure(package: str, directory: Path | None = None) -> str | None:
    """Why the group must run as pure Python, or None when its compiled build can be used."""
    d = directory or _pkg_dir(package)
    if os.environ.get(PURE_ENV, "") not in ("", "0"):
        return f"{PURE_ENV} is set"
    suffixes = importlib.machinery.EXTENSION_SUFFIXES
    if not all(any((d / f"{mod}{s}").exists() for s in suffixes) for mod in GROUPS[package]):
        return "not built (python -m engine.native build)"
    extra = [m for m in shadowed(package, d) if m not in GROUPS[package]]
    if extra:
        return f"a left-over compiled module {extra[0]!r} outside the group (python -m engine.native build)"
    try:
        manifest = json.loads((d / MANIFEST).read_text())
    except (OSError, ValueError):
        return f"no readable {MANIFEST} beside the build (python -m engine.native build)"
    if manifest.get("tag") != _tag():
        return f"built for another interpreter ({manifest.get('tag')!r})"
    if manifest.get("digest") != digest(package, d):
        return "the sources changed since they were compiled (python -m engine.native build)"
    return None


def guard(package: str, directory: str | Path) -> str:
    """Called by a package of :data:`GROUPS` before it imports its modules: when the compiled build cannot be
    used, load the group's ``.py`` files into ``sys.modules`` first, so that every import gets them."""
    d = Path(directory)
    reason = why_pure(package, d)
    if reason is None:
        STATUS[package] = "compiled"
        return STATUS[package]
    STATUS[package] = f"pure: {reason}"
    mods = shadowed(package, d)
    if not mods:
        return STATUS[package]  # nothing compiled shadows the sources: the normal import is pure already
    if PURE_ENV not in reason:
        warnings.warn(f"{package}: compiled build not used, {reason}; running pure Python", stacklevel=2)
    parent = sys.modules.get(package)
    # every group module from source (a compiled one would call its compiled siblings directly)
    for mod in [*(m for m in mods if m not in GROUPS[package]), *GROUPS[package]]:
        name = f"{package}.{mod}"
        if name in sys.modules:
            continue
        loader = importlib.machinery.SourceFileLoader(name, str(d / f"{mod}.py"))
        spec = importlib.util.spec_from_file_location(name, d / f"{mod}.py", loader=loader)
        assert spec is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        try:
            loader.exec_module(module)
        except BaseException:
            del sys.modules[name]
            raise
        if parent is not None:
            setattr(parent, mod, module)
    return STATUS[package]


def is_compiled(module: object) -> bool:
    """True when ``module`` was loaded from a compiled extension."""
    return str(getattr(module, "__file__", "")).endswith((".so", ".pyd"))


def build(packages: tuple[str, ...] | None = None, quiet: bool = True) -> list[Path]:
    """Compile the groups with mypyc, in place; returns the files written. Raises NativeBuildError."""
    try:
        from mypyc.build import mypycify
        from setuptools import Distribution
    except ImportError as exc:
        raise NativeBuildError(
            f"cannot compile: {exc.name} is not installed (pip install -e '.[fast]')"
        ) from None
    written: list[Path] = []
    for package in packages or tuple(GROUPS):
        d = _pkg_dir(package)
        paths = [str((d / f"{m}.py").relative_to(ROOT)) for m in GROUPS[package]]
        before = digest(package)
        clean(package)
        with tempfile.TemporaryDirectory(prefix="tablekeeper-native-") as tmp:
            cwd = os.getcwd()
            os.chdir(ROOT)  # mypyc names the modules after their paths from here
            try:
                exts = mypycify(
                    [
                        *paths,
                        "--follow-imports=silent",
                        "--no-incremental",
                        "--cache-dir",
                        os.path.join(tmp, "mypy"),
                    ],
                    opt_level="3",
                    target_dir=os.path.join(tmp, "c"),
                    group_name=f"{package}._compiled",
                )
                dist = Distribution({"name": "tablekeeper-native", "ext_modules": exts})
                cmd = dist.get_command_obj("build_ext")
                cmd.inplace = True
                cmd.build_temp = os.path.join(tmp, "obj")
                cmd.build_lib = os.path.join(tmp, "lib")
                dist.verbose = 0 if quiet else 1
                cmd.ensure_finalized()
                cmd.run()
            except SystemExit as exc:  # mypyc reports type errors by exiting
                raise NativeBuildError(
                    f"mypyc refused {package}: type errors above (exit {exc.code})"
                ) from None
            except Exception as exc:  # a missing compiler, headers...
                raise NativeBuildError(f"compiling {package} failed: {exc}") from exc
            finally:
                os.chdir(cwd)
        if digest(package) != before:
            clean(package)
            raise NativeBuildError(f"{package}: the sources changed during the build; build again")
        (d / MANIFEST).write_text(
            json.dumps({"digest": before, "tag": _tag(), "modules": list(GROUPS[package])}, indent=1) + "\n"
        )
        written += compiled_files(package) + [d / MANIFEST]
    return written


def clean(package: str | None = None) -> None:
    for pkg in (package,) if package else tuple(GROUPS):
        for f in compiled_files(pkg):
            if (f.parent / f"{f.name.split('.', 1)[0]}.py").exists() or "__mypyc" in f.name:
                f.unlink()
        (_pkg_dir(pkg) / MANIFEST).unlink(missing_ok=True)


def status() -> dict[str, str]:
    """Per group: "compiled", or "pure: <why>" (without importing it)."""
    out: dict[str, str] = {}
    for pkg in GROUPS:
        why = why_pure(pkg)
        out[pkg] = STATUS.get(pkg) or ("compiled" if why is None else f"pure: {why}")
    return out


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    what = args[0] if args else "status"
    if what == "build":
        try:
            files = build(quiet="-v" not in args)
        except NativeBuildError as exc:
            print(f"engine.native: {exc}; the engine runs as pure Python", file=sys.stderr)
            return 1
        for f in files:
            print(f"built {f.relative_to(ROOT)}")
    elif what == "clean":
        clean()
    elif what != "status":
        print("usage: python -m engine.native [build|status|clean]", file=sys.stderr)
        return 2
    for pkg, s in status().items():
        print(f"{pkg}: {s}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


__all__ = ["GROUPS", "NativeBuildError", "build", "clean", "guard", "is_compiled", "status", "why_pure"]
