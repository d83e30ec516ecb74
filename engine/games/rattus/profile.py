"""The box profile: what only the cardboard prints (regions, arrows, shading, the 49 rat tokens' faces).

The rules texts name some regions but print neither the board's borders nor any token face, so none of
that is shipped as the publisher's data. A *profile* is a data file (TOML or JSON) that a group checks
against its own box:

- ``regions``: the 12 regions, each with ``players`` = the smallest player count that uses it
  (2 = lightly shaded, used in every game; 3 = medium; 4 = dark, 4-player games only);
- ``links``: the neighbouring pairs, ``arrow = true`` for the arrow links across the sea;
- ``castle``: the name of the castle space;
- ``tokens``: the 49 rat tokens ``RAT:01..RAT:49`` (by our convention the 12 purple-ringed start tokens
  wear the stickers ``RAT:01..RAT:12``), each with its face once known: ``threshold`` (the limit value)
  and ``symbols`` (class names, ``M`` for majority, ``A`` for all).

The *census* (:func:`start_census`) fills the faces in, one scanned token at a time. This module holds the
file I/O (:func:`load`, :func:`save`); the rules engine only ever receives a validated :class:`Profile`.
"""

from __future__ import annotations

import json
import re
import tomllib
import unicodedata
from collections.abc import Iterable, Mapping
from importlib import resources
from pathlib import Path
from typing import Any

import msgspec

from engine.core.codes import parse as parse_code

from .characters import CLASSES

FORMAT = "tablekeeper-rattus-profile/1"
TOKEN_COUNT = 49
START_COUNT = 12
REGION_COUNT = 12
REGIONS_FOR_PLAYERS = {2: 8, 3: 10, 4: 12}
"""Regions in play per player count (the setup text: 8-10 start tokens in a 2-3 player game, 12 for 4)."""
THRESHOLD_RANGE = (1, 9)
SYMBOLS: tuple[str, ...] = ("M", "A", *CLASSES)
TOKEN_IDS: tuple[str, ...] = tuple(f"RAT:{i:02d}" for i in range(1, TOKEN_COUNT + 1))
START_IDS: frozenset[str] = frozenset(TOKEN_IDS[:START_COUNT])


class ProfileError(ValueError):
    """A profile that does not hold together; ``problems`` lists every problem found."""

    def __init__(self, problems: list[str], source: str = "profile") -> None:
        self.problems = list(problems)
        self.source = source
        super().__init__(f"{source}: {len(problems)} problem(s):\n" + "\n".join(f"- {p}" for p in problems))


class ProfileUnreadable(ProfileError):
    """A file that cannot be read or parsed at all."""


class CensusError(ValueError):
    pass


class Face(msgspec.Struct, frozen=True):
    threshold: int
    symbols: tuple[str, ...]

    def text(self) -> str:
        return " ".join([str(self.threshold), *self.symbols])


class Region(msgspec.Struct, frozen=True):
    name: str
    players: int


class Link(msgspec.Struct, frozen=True):
    a: str
    b: str
    arrow: bool = False


class Token(msgspec.Struct, frozen=True):
    id: str
    start: bool
    face: Face | None = None


class Profile(msgspec.Struct, frozen=True):
    name: str
    regions: tuple[Region, ...]
    links: tuple[Link, ...]
    tokens: tuple[Token, ...]
    castle: str = "Château"
    verified: bool = False
    note: str = ""

    # -- queries ------------------------------------------------------------------------------------
    @property
    def complete(self) -> bool:
        return all(t.face is not None for t in self.tokens)

    def missing_faces(self) -> list[str]:
        return [t.id for t in self.tokens if t.face is None]

    def token(self, token_id: str) -> Token | None:
        for t in self.tokens:
            if t.id == token_id:
                return t
        return None

    def face(self, token_id: str) -> Face | None:
        t = self.token(token_id)
        return t.face if t else None

    def start_ids(self) -> list[str]:
        return [t.id for t in self.tokens if t.start]

    def regions_for(self, players: int) -> tuple[str, ...]:
        return tuple(r.name for r in self.regions if r.players <= players)

    def neighbours(self, players: int = 4) -> dict[str, tuple[str, ...]]:
        names = self.regions_for(players)
        keep = set(names)
        adj: dict[str, list[str]] = {n: [] for n in names}
        for link in self.links:
            if link.a in keep and link.b in keep:
                adj[link.a].append(link.b)
                adj[link.b].append(link.a)
        return {n: tuple(v) for n, v in adj.items()}

    def with_faces(self, faces: Mapping[str, Face]) -> Profile:
        return msgspec.structs.replace(
            self, tokens=tuple(msgspec.structs.replace(t, face=faces.get(t.id, t.face)) for t in self.tokens)
        )


# -- faces ------------------------------------------------------------------------------------------
def _fold(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)).lower()


_SYMBOL_ALIASES: dict[str, str] = {
    "m": "M",
    "majorite": "M",
    "majority": "M",
    "a": "A",
    "tous": "A",
    "all": "A",
}
for _key, (_fr, _en) in CLASSES.items():
    _SYMBOL_ALIASES[_key] = _key
    _SYMBOL_ALIASES[_fold(_fr)] = _key
    _SYMBOL_ALIASES[_fold(_en)] = _key
_SYMBOL_ALIASES |= {"eglise": "clerge", "royaute": "noblesse", "royalty": "noblesse", "church": "clerge"}


def symbol_key(word: str) -> str | None:
    return _SYMBOL_ALIASES.get(_fold(word.strip()))


def face_problems(threshold: Any, symbols: Any) -> list[str]:
    out: list[str] = []
    lo, hi = THRESHOLD_RANGE
    if isinstance(threshold, bool) or not isinstance(threshold, int):
        out.append(f"threshold must be a whole number, not {threshold!r}")
    elif not lo <= threshold <= hi:
        out.append(f"threshold {threshold} is outside {lo}..{hi}")
    if not isinstance(symbols, list | tuple):
        out.append(f"symbols must be a list, not {symbols!r}")
    elif not symbols:
        out.append("a face needs at least one symbol")
    else:
        for s in symbols:
            if not isinstance(s, str) or symbol_key(s) is None:
                out.append(f"unknown symbol {s!r} (known: {', '.join(SYMBOLS)})")
    return out


def make_face(threshold: Any, symbols: Any) -> Face:
    problems = face_problems(threshold, symbols)
    if problems:
        raise ValueError("; ".join(problems))
    keys = [symbol_key(s) for s in symbols]
    # M first, then the classes, then A: the order in which a token resolves.
    order = {s: i for i, s in enumerate(("M", *CLASSES, "A"))}
    return Face(int(threshold), tuple(sorted((k for k in keys if k), key=order.__getitem__)))


def parse_face(value: Face | str | Mapping[str, Any]) -> Face:
    """A face from ``Face``, a mapping ``{threshold, symbols}``, or text such as
    ``"2 M bourgeoisie clergé"``."""
    if isinstance(value, Face):
        return make_face(value.threshold, list(value.symbols))
    if isinstance(value, Mapping):
        return make_face(value.get("threshold"), value.get("symbols"))
    if not isinstance(value, str):
        raise ValueError(f"a face is text like '2 M clerge' or a mapping, not {value!r}")
    words = [w for w in re.split(r"[\s,;+]+", value.strip()) if w]
    if not words:
        raise ValueError("empty face")
    try:
        threshold: Any = int(words[0])
    except ValueError:
        raise ValueError(f"a face starts with its threshold (a number), not {words[0]!r}") from None
    return make_face(threshold, words[1:])


class TokenCodeError(ValueError):
    """What a typed or scanned text is when it names no rat token: ``kind`` is ``damaged`` (one of our codes
    whose check character does not match: misread or damaged, to scan again), ``foreign`` (not one of our
    codes) or ``not-a-token`` (our code or a typed id, but no rat token's)."""

    WORDS = {
        "damaged": (
            "le code {raw} est abîmé ou mal lu (son caractère de contrôle ne correspond pas) : scannez-le de "
            "nouveau ou tapez le numéro de l'autocollant",
            "the code {raw} is damaged or misread (its check character does not match): scan it again or "
            "type the sticker's number",
        ),
        "foreign": ("{raw} n'est pas un code de tablekeeper", "{raw} is not a tablekeeper code"),
        "not-a-token": (
            "{raw} n'est pas un jeton rat (RAT:01 à RAT:49)",
            "{raw} is not a rat token (RAT:01 to RAT:49)",
        ),
    }

    def __init__(self, kind: str, raw: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind
        self.raw = raw

    def said(self, lang: str) -> str:
        fr, en = self.WORDS[self.kind]
        return (fr if lang == "fr" else en).format(raw=f"« {self.raw} »" if lang == "fr" else f"“{self.raw}”")


def _damaged(code: str) -> bool:
    """One of our codes with a well-formed id whose check character does not match (misread or damaged)."""
    from engine.core.codes import PREFIX, CodeError, check_char, valid_id

    body, sep, chk = code.rpartition(":")
    if not sep or len(chk) != 1 or not body.startswith(PREFIX + ":"):
        return False
    try:
        return valid_id(body[len(PREFIX) + 1 :]) and check_char(body) != chk
    except CodeError:
        return False


def token_id_of(text: str) -> str:
    """``RAT:07`` from ``RAT:07``, ``rat:7`` or a scanned sticker text ``PT1:RAT:07:J``; a text that names no
    rat token raises :class:`TokenCodeError` saying why (a damaged code is told from a foreign one)."""
    t = text.strip()
    if t.upper().startswith("PT1:"):
        parsed = parse_code(t.upper())
        if parsed.component_id is None:
            if _damaged(t.upper()):
                raise TokenCodeError(
                    "damaged", t, f"code {t!r} is damaged or misread (its check character does not match)"
                )
            raise TokenCodeError("foreign", t, f"code {t!r} is not one of ours: {parsed.reason}")
        t = parsed.component_id
    m = re.fullmatch(r"(?i)RAT:?(\d{1,2})", t)
    if not m:
        raise TokenCodeError(
            "not-a-token", text.strip(), f"{text!r} is not a rat token id (RAT:01..RAT:{TOKEN_COUNT})"
        )
    n = int(m.group(1))
    if not 1 <= n <= TOKEN_COUNT:
        raise TokenCodeError(
            "not-a-token", text.strip(), f"{text!r}: rat tokens are numbered 01..{TOKEN_COUNT}"
        )
    return f"RAT:{n:02d}"


# -- validation -------------------------------------------------------------------------------------
def validate(data: Any, *, require_faces: bool = False) -> list[str]:
    """Every problem of a profile in its file form (a dict). Empty list: valid."""
    p: list[str] = []
    if not isinstance(data, Mapping):
        return [f"a profile is a table of keys, not {type(data).__name__}"]
    fmt = data.get("format", FORMAT)
    if fmt != FORMAT:
        p.append(f"format is {fmt!r}, expected {FORMAT!r}")
    known_keys = {"format", "name", "verified", "note", "castle", "regions", "links", "tokens"}
    for k in data:
        if k not in known_keys:
            p.append(f"unknown key {k!r} (known: {', '.join(sorted(known_keys))})")
    if not isinstance(data.get("name", ""), str):
        p.append("name must be text")
    if not isinstance(data.get("verified", False), bool):
        p.append("verified must be true or false")
    castle = data.get("castle")
    if not isinstance(castle, str) or not castle.strip():
        p.append('castle: the board\'s castle space needs a name (e.g. castle = "Château")')

    # regions
    regions = data.get("regions")
    names: list[str] = []
    players_of: dict[str, int] = {}
    if not isinstance(regions, list):
        p.append("regions: missing (a list of 12 regions with name and players)")
        regions = []
    for i, r in enumerate(regions, 1):
        if not isinstance(r, Mapping):
            p.append(f"regions #{i}: not a table")
            continue
        name = r.get("name")
        if not isinstance(name, str) or not name.strip():
            p.append(f"regions #{i}: no name")
            continue
        if name in names:
            p.append(f"region {name!r} is listed twice")
        names.append(name)
        pl = r.get("players")
        if pl not in (2, 3, 4) or isinstance(pl, bool):
            p.append(f"region {name}: players must be 2 (light), 3 (medium) or 4 (dark), not {pl!r}")
        else:
            players_of[name] = pl
        for k in r:
            if k not in ("name", "players"):
                p.append(f"region {name}: unknown key {k!r}")
    if len(names) != REGION_COUNT:
        p.append(f"the board has {REGION_COUNT} regions, the profile lists {len(names)}")
    for n_players, want in REGIONS_FOR_PLAYERS.items():
        have = sum(1 for v in players_of.values() if v <= n_players)
        if len(players_of) == len(names) == REGION_COUNT and have != want:
            p.append(f"a {n_players}-player game uses {want} regions, the shading gives {have}")

    # links
    links = data.get("links")
    if not isinstance(links, list):
        p.append("links: missing (a list of neighbouring pairs a, b, arrow)")
        links = []
    seen_pairs: set[frozenset[str]] = set()
    adj: dict[str, set[str]] = {n: set() for n in names}
    for i, link in enumerate(links, 1):
        if not isinstance(link, Mapping):
            p.append(f"links #{i}: not a table")
            continue
        a, b = link.get("a"), link.get("b")
        bad = False
        for end in (a, b):
            if not isinstance(end, str) or end not in adj:
                p.append(f"links #{i}: unknown region {end!r}")
                bad = True
        if bad or not isinstance(a, str) or not isinstance(b, str):
            continue
        if a == b:
            p.append(f"links #{i}: region {a} linked to itself")
            continue
        pair = frozenset((a, b))
        if pair in seen_pairs:
            p.append(f"links #{i}: {a} - {b} is listed twice")
        seen_pairs.add(pair)
        if not isinstance(link.get("arrow", False), bool):
            p.append(f"links #{i}: arrow must be true or false")
        for k in link:
            if k not in ("a", "b", "arrow"):
                p.append(f"links #{i}: unknown key {k!r}")
        adj[a].add(b)
        adj[b].add(a)
    if names and len(players_of) == len(names):
        for n_players in (2, 3, 4):
            keep = {n for n, v in players_of.items() if v <= n_players}
            if not keep:
                continue
            for n in sorted(keep):
                if not adj[n] & keep:
                    p.append(f"region {n} has no neighbour in a {n_players}-player game")
            if not _connected(keep, adj):
                p.append(f"the regions of a {n_players}-player game are not all connected")

    # tokens
    tokens = data.get("tokens")
    if not isinstance(tokens, list):
        p.append(f"tokens: missing (a list of the {TOKEN_COUNT} rat tokens)")
        tokens = []
    ids: list[str] = []
    starts = 0
    missing_faces: list[str] = []
    for i, t in enumerate(tokens, 1):
        if not isinstance(t, Mapping):
            p.append(f"tokens #{i}: not a table")
            continue
        tid = t.get("id")
        if not isinstance(tid, str) or tid not in TOKEN_IDS:
            p.append(f"tokens #{i}: id {tid!r} is not RAT:01..RAT:{TOKEN_COUNT}")
            continue
        if tid in ids:
            p.append(f"token {tid} is listed twice")
        ids.append(tid)
        start = t.get("start")
        if not isinstance(start, bool):
            p.append(f"token {tid}: start must be true (ringed purple) or false")
        elif start:
            starts += 1
        has_t, has_s = "threshold" in t, "symbols" in t
        if has_t != has_s:
            p.append(f"token {tid}: a face needs both threshold and symbols")
        elif has_t:
            p.extend(f"token {tid}: {msg}" for msg in face_problems(t["threshold"], t["symbols"]))
        else:
            missing_faces.append(tid)
        for k in t:
            if k not in ("id", "start", "threshold", "symbols"):
                p.append(f"token {tid}: unknown key {k!r}")
    if len(tokens) != TOKEN_COUNT:
        p.append(f"the box holds {TOKEN_COUNT} rat tokens, the profile lists {len(tokens)}")
    missing_ids = [t for t in TOKEN_IDS if t not in ids]
    if tokens and missing_ids:
        p.append(f"tokens missing: {_ranges(missing_ids)}")
    if tokens and starts != START_COUNT:
        p.append(f"{START_COUNT} tokens are ringed purple (start = true), the profile marks {starts}")
    if require_faces and missing_faces:
        p.append(f"{len(missing_faces)} token(s) have no face yet (run the census): {_ranges(missing_faces)}")
    return p


def _connected(nodes: set[str], adj: Mapping[str, set[str]]) -> bool:
    if not nodes:
        return True
    start = min(nodes)
    seen, todo = {start}, [start]
    while todo:
        for q in adj[todo.pop()] & nodes:
            if q not in seen:
                seen.add(q)
                todo.append(q)
    return seen == nodes


def _ranges(ids: Iterable[str]) -> str:
    return ", ".join(ids)


def from_dict(data: Any, *, require_faces: bool = False, source: str = "profile") -> Profile:
    problems = validate(data, require_faces=require_faces)
    if problems:
        raise ProfileError(problems, source)
    return Profile(
        name=str(data.get("name", "")),
        verified=bool(data.get("verified", False)),
        note=str(data.get("note", "")),
        castle=data["castle"],
        regions=tuple(Region(r["name"], int(r["players"])) for r in data["regions"]),
        links=tuple(Link(x["a"], x["b"], bool(x.get("arrow", False))) for x in data["links"]),
        tokens=tuple(
            Token(t["id"], t["start"], make_face(t["threshold"], t["symbols"]) if "threshold" in t else None)
            for t in sorted(data["tokens"], key=lambda t: t["id"])
        ),
    )


def to_dict(profile: Profile) -> dict[str, Any]:
    tokens: list[dict[str, Any]] = []
    for t in profile.tokens:
        d: dict[str, Any] = {"id": t.id, "start": t.start}
        if t.face is not None:
            d["threshold"] = t.face.threshold
            d["symbols"] = list(t.face.symbols)
        tokens.append(d)
    return {
        "format": FORMAT,
        "name": profile.name,
        "verified": profile.verified,
        "note": profile.note,
        "castle": profile.castle,
        "regions": [{"name": r.name, "players": r.players} for r in profile.regions],
        "links": [{"a": x.a, "b": x.b, "arrow": x.arrow} for x in profile.links],
        "tokens": tokens,
    }


# -- files ------------------------------------------------------------------------------------------
def read_data(path: str | Path) -> Any:
    """The raw data of a profile file (TOML by default, JSON for ``.json``). Raises ProfileUnreadable."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ProfileUnreadable([f"cannot read the file: {exc.strerror or exc}"], str(path)) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ProfileUnreadable([f"not UTF-8 text ({exc.reason} at byte {exc.start})"], str(path)) from None
    return loads(
        text, "json" if path.suffix.lower() == ".json" else "toml", source=str(path), validate_=False
    )


def loads(
    text: str,
    fmt: str = "toml",
    *,
    source: str = "profile",
    validate_: bool = True,
    require_faces: bool = False,
) -> Any:
    try:
        data = json.loads(text) if fmt == "json" else tomllib.loads(text)
    except (json.JSONDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ProfileUnreadable([f"not valid {fmt.upper()}: {exc}"], source) from None
    if not validate_:
        return data
    return from_dict(data, require_faces=require_faces, source=source)


def load(path: str | Path, *, require_faces: bool = False) -> Profile:
    """Read and validate a profile file; raises :class:`ProfileError` listing every problem."""
    return from_dict(read_data(path), require_faces=require_faces, source=str(path))


def dumps(profile: Profile, fmt: str = "toml") -> str:
    data = to_dict(profile)
    if fmt == "json":
        return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    import tomli_w

    header = (
        "# Rattus box profile for tablekeeper. Check it against your own board and tokens.\n"
        "# regions.players: 2 = light (every game), 3 = medium (3-4 players), 4 = dark (4 players).\n"
    )
    return header + tomli_w.dumps(data)


def save(profile: Profile, path: str | Path) -> Path:
    """Write a profile (TOML, or JSON for ``.json``) atomically: a crash never leaves half a file."""
    path = Path(path)
    text = dumps(profile, "json" if path.suffix.lower() == ".json" else "toml")
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)
    return path


def default_profile() -> Profile:
    """The shipped default: region names of the rules texts, borders and shading to check, no faces."""
    text = resources.files("engine.games.rattus").joinpath("data/default-profile.toml").read_text("utf-8")
    source = "default-profile.toml"
    return from_dict(loads(text, "toml", source=source, validate_=False), source=source)


# -- faces learned in play ----------------------------------------------------------------------------
def same_name(a: str, b: str) -> bool:
    """Whether two profile names are the same profile's, whatever their accents, case and dashes (the default
    board was once named « Rattus - plateau par defaut (a verifier) »: a census learned in play under that
    name is still found)."""

    def key(x: str) -> str:
        return "".join(c for c in _fold(x) if c.isalnum())

    return key(a) == key(b)


def merge_faces(profile: Profile, faces: Mapping[str, Face]) -> tuple[Profile, list[str], list[str]]:
    """The profile with the faces it lacked taken from ``faces`` (typed when real tokens were turned over).
    Returns (profile, tokens added, tokens whose recorded face differs — kept as recorded, to be checked)."""
    added, differ = [], []
    for tid, face in sorted(faces.items()):
        t = profile.token(tid)
        if t is None:
            continue
        if t.face is None:
            added.append(tid)
        elif t.face != face:
            differ.append(tid)
    if added:
        profile = profile.with_faces({tid: faces[tid] for tid in added})
    return profile, added, differ


def revealed_faces(view: Mapping[str, Any]) -> dict[str, Face]:
    """The faces of the tokens turned over so far in a game, from any seat's view (they are public)."""
    out: dict[str, Face] = {}
    for r in view.get("revealed") or ():
        tid = r.get("token") if isinstance(r, Mapping) else None
        if (
            isinstance(tid, str)
            and tid in TOKEN_IDS
            and not face_problems(r.get("threshold"), r.get("symbols"))
        ):
            out[tid] = make_face(r["threshold"], r["symbols"])
    return out


# -- census -----------------------------------------------------------------------------------------
class CensusProgress(msgspec.Struct, frozen=True):
    done: int
    total: int
    missing: tuple[str, ...]

    @property
    def complete(self) -> bool:
        return not self.missing


class Census(msgspec.Struct, frozen=True):
    """Recording each token's face once (pure: every call returns a new Census)."""

    profile: Profile
    faces: tuple[tuple[str, Face], ...] = ()

    def _faces(self) -> dict[str, Face]:
        return dict(self.faces)

    def record(self, token: str, face: Face | str | Mapping[str, Any], *, replace: bool = False) -> Census:
        """Record ``face`` for ``token`` (an id like ``RAT:07`` or the sticker's scanned text)."""
        try:
            tid = token_id_of(token)
        except ValueError as exc:
            raise CensusError(str(exc)) from None
        if self.profile.token(tid) is None:
            raise CensusError(f"{tid} is not in this profile")
        try:
            f = parse_face(face)
        except ValueError as exc:
            raise CensusError(f"{tid}: {exc}") from None
        faces = self._faces()
        old = faces.get(tid)
        if old is not None and old != f and not replace:
            raise CensusError(
                f"{tid} was already recorded as {old.text()!r}; record it with replace=True to correct it"
            )
        faces[tid] = f
        return Census(self.profile, tuple(sorted(faces.items())))

    def face(self, token: str) -> Face | None:
        return self._faces().get(token_id_of(token))

    def progress(self) -> CensusProgress:
        faces = self._faces()
        missing = tuple(t.id for t in self.profile.tokens if t.id not in faces)
        return CensusProgress(len(self.profile.tokens) - len(missing), len(self.profile.tokens), missing)

    def finish(self) -> Profile:
        """The complete profile; raises :class:`CensusError` naming the tokens still to record."""
        prog = self.progress()
        if prog.missing:
            raise CensusError(f"{len(prog.missing)} token(s) still to record: {', '.join(prog.missing)}")
        return self.profile.with_faces(self._faces())


def start_census(profile: Profile, *, keep_existing: bool = True) -> Census:
    """Start (or resume) a census: faces already in the profile count as recorded unless told otherwise."""
    faces = {t.id: t.face for t in profile.tokens if t.face is not None} if keep_existing else {}
    return Census(profile, tuple(sorted(faces.items())))
