"""Box profiles kept in the app's data dir: the Plague 2d6 form and the Rattus token census (no Flet here).

Files live under ``<data dir>/profiles/<game>/``, never next to the saved tables (``*.sqlite``):

- ``profiles/plague/<slug>.json``: a Plague & Pestilence profile (the 11+11 values of the group's own
  reference card), written by :func:`engine.games.plague.profile.save` — validated, atomic.
- ``profiles/rattus/<slug>.json``: a Rattus profile being filled in by the census, saved after every
  recorded token (:func:`engine.games.rattus.profile.save`, atomic); usable for a table once complete.

Nothing is invented: the Plague form starts empty, and the Rattus census starts from the shipped default
board (region names, borders) with no token faces.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .model import slug

PROFILES_DIR = "profiles"


def profile_dir(data_dir: str | os.PathLike[str], game: str) -> Path:
    return Path(data_dir) / PROFILES_DIR / game


def _free_path(folder: Path, name: str, suffix: str = ".json") -> Path:
    base = slug(name) if name.strip() else "profile"
    p = folder / f"{base}{suffix}"
    n = 2
    while p.exists():
        p = folder / f"{base}-{n}{suffix}"
        n += 1
    return p


# -- Plague & Pestilence: the 2d6 reference tables --------------------------------------------------------
@dataclass
class PlagueForm:
    """What the group typed: ``values[side][total]`` as text, and the problems found, per field."""

    name: str = ""
    values: dict[str, dict[int, str]] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)  # field key ("prosperity-7", "name", "") → problem

    @staticmethod
    def key(side: str, total: int) -> str:
        return f"{side}-{total}"


_WHERE = re.compile(r"^(prosperity|plague)(?:\[(\d+)\])?:\s*(.*)$")
_NO_VALUE = re.compile(r"no value for total (\d+)")


def plague_check(form: PlagueForm) -> dict[str, Any] | None:
    """The validated profile, or ``None`` with ``form.errors`` filled in (one message per field).

    Each field must hold a whole number (what is empty or not a number is said here); the values are then
    checked by :func:`engine.games.plague.profile.validate`, whose problems are put on the field they name.
    """
    from engine.games.plague import profile as pp

    form.errors = {}
    raw: dict[str, Any] = {"name": form.name.strip()}
    for side in pp.SIDES:
        typed = form.values.get(side, {})
        side_vals: dict[str, Any] = {}
        for t in pp.TOTALS:
            text = (typed.get(t) or "").strip()
            k = PlagueForm.key(side, t)
            if not text:
                form.errors[k] = "empty"
                continue
            digits = text.replace("\u2212", "-").lstrip("+-").strip()
            if digits.isdigit():
                side_vals[str(t)] = text  # as printed: "5", "-2", "+1" (the profile module reads the sign)
            else:
                form.errors[k] = f"not a whole number: {text!r}"
        raw[side] = side_vals
    if not form.name.strip():
        form.errors["name"] = "empty"
    try:
        profile = pp.validate(raw)
    except pp.ProfileError as exc:
        for problem in exc.problems:
            m = _WHERE.match(problem)
            if m is None:
                form.errors.setdefault("", problem)
                continue
            side, total, msg = m.group(1), m.group(2), m.group(3)
            nv = _NO_VALUE.match(msg)
            if nv:  # already said as "empty" or "not a whole number"
                form.errors.setdefault(PlagueForm.key(side, int(nv.group(1))), "empty")
            elif total is not None:
                form.errors[PlagueForm.key(side, int(total))] = msg
            else:
                form.errors.setdefault("", problem)
        return None
    if form.errors:
        return None
    return profile


def plague_save(data_dir: str | os.PathLike[str], profile: Mapping[str, Any]) -> Path:
    """Save a validated profile under a new file name (an existing profile is never overwritten)."""
    from engine.games.plague import profile as pp

    folder = profile_dir(data_dir, "plague")
    folder.mkdir(parents=True, exist_ok=True)
    return pp.save(profile, _free_path(folder, str(profile.get("name", ""))))


@dataclass
class SavedProfile:
    path: Path
    name: str
    profile: Any = None  # the validated profile (plague: dict; rattus: Profile)
    error: str = ""
    done: int = 0  # Rattus: faces recorded
    total: int = 0

    @property
    def complete(self) -> bool:
        return not self.error and self.done == self.total


def plague_profiles(data_dir: str | os.PathLike[str]) -> list[SavedProfile]:
    """The saved Plague profiles, by name; a damaged file is listed with why (and never used)."""
    from engine.games.plague import profile as pp

    folder = profile_dir(data_dir, "plague")
    out: list[SavedProfile] = []
    for p in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        try:
            prof = pp.load(p)
        except pp.ProfileError as exc:
            out.append(SavedProfile(p, p.stem, error="; ".join(exc.problems)))
            continue
        out.append(SavedProfile(p, prof["name"] or p.stem, prof, done=22, total=22))
    out.sort(key=lambda s: s.name.lower())
    return out


def plague_form_from(profile: Mapping[str, Any]) -> PlagueForm:
    """A form filled with a saved profile's values (to check or copy them)."""
    from engine.games.plague import profile as pp

    return PlagueForm(
        name=str(profile.get("name", "")),
        values={
            side: {t: pp.printed(side, v) for t, v in zip(pp.TOTALS, profile[side], strict=True)}
            for side in pp.SIDES
        },
    )


# -- Rattus: the census of the 49 rat tokens ---------------------------------------------------------------
class CensusFile:
    """A census in progress, saved to its JSON file after every recorded token."""

    def __init__(self, path: Path, census: Any) -> None:
        self.path = path
        self.census = census

    @classmethod
    def new(cls, data_dir: str | os.PathLike[str], name: str) -> CensusFile:
        """Start from the shipped default board (regions, borders) with no faces; saved at once."""
        import msgspec

        from engine.games.rattus import profile as rp

        base = rp.default_profile()
        base = msgspec.structs.replace(base, name=name.strip() or base.name)
        folder = profile_dir(data_dir, "rattus")
        folder.mkdir(parents=True, exist_ok=True)
        cf = cls(_free_path(folder, name or "census"), rp.start_census(base, keep_existing=False))
        cf.save()
        return cf

    @classmethod
    def open(cls, path: str | os.PathLike[str]) -> CensusFile:
        from engine.games.rattus import profile as rp

        return cls(Path(path), rp.start_census(rp.load(path)))

    @property
    def name(self) -> str:
        return str(self.census.profile.name) or self.path.stem

    def save(self) -> None:
        from engine.games.rattus import profile as rp

        current = self.census.profile.with_faces(dict(self.census.faces))
        rp.save(current, self.path)

    def record(self, token: str, face: Any, replace: bool = False) -> str:
        """Record one token's face and save; returns the token id. Raises ``CensusError`` with the reason."""
        from engine.games.rattus import profile as rp

        tid = rp.token_id_of(token) if isinstance(token, str) else token
        self.census = self.census.record(tid, face, replace=replace)
        self.save()
        return tid

    def progress(self) -> Any:
        return self.census.progress()

    def face(self, token: str) -> Any:
        return self.census.face(token)

    def finish(self) -> Any:
        """The complete profile (raises ``CensusError`` naming the tokens still missing)."""
        return self.census.finish()


def rattus_profiles(data_dir: str | os.PathLike[str]) -> list[SavedProfile]:
    """Censuses in the data dir (complete or not), by name; damaged files listed with why."""
    from engine.games.rattus import profile as rp

    folder = profile_dir(data_dir, "rattus")
    out: list[SavedProfile] = []
    for p in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        try:
            prof = rp.load(p)
        except rp.ProfileError as exc:
            out.append(SavedProfile(p, p.stem, error="; ".join(exc.problems)))
            continue
        total = len(prof.tokens)
        out.append(
            SavedProfile(p, prof.name or p.stem, prof, done=total - len(prof.missing_faces()), total=total)
        )
    out.sort(key=lambda s: s.name.lower())
    return out


def rattus_option(saved: SavedProfile) -> dict[str, Any]:
    """The Rattus table option for a saved complete census: ``{"profile": <file form>}``."""
    from engine.games.rattus import profile as rp

    return {"profile": rp.to_dict(saved.profile)}


def face_text(threshold: int | None, symbols: list[str]) -> str:
    """``"2 M clerge"``: the face as the census reads it (threshold first, then symbol keys)."""
    return " ".join([str(threshold) if threshold is not None else "", *symbols]).strip()


__all__ = [
    "PlagueForm",
    "plague_check",
    "plague_save",
    "plague_profiles",
    "plague_form_from",
    "SavedProfile",
    "CensusFile",
    "rattus_profiles",
    "rattus_option",
    "face_text",
    "profile_dir",
]
