"""View-model helpers: pure functions from a :class:`~companion.session.Snapshot` to what screens show.

No Flet here, so everything is unit-tested fast (``tests/app/test_app_model.py``): the generic
renderer's sections, the grouping of choices into intents, the matching of a scanned or typed code to
a legal choice, the list of saved tables, and the new-table option forms.
"""

from __future__ import annotations

import datetime as _dt
import json
import os
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core import codes
from engine.core.events import HOST, TABLE

from ..session import Choice, LogLine
from .i18n import DEFAULT_LANG, key_label, tr

# -- values -----------------------------------------------------------------------------------------


def fmt(value: Any, lang: str = DEFAULT_LANG) -> str:
    """One value as short text: booleans as oui/non, floats trimmed, lists joined."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return tr("view.yes" if value else "view.no", lang)
    if isinstance(value, float):
        return f"{value:.2f}".rstrip("0").rstrip(".")
    if isinstance(value, Mapping):
        return ", ".join(f"{key_label(str(k), lang)}: {fmt(v, lang)}" for k, v in value.items()) or tr(
            "view.empty", lang
        )
    if isinstance(value, (list, tuple, set, frozenset)):
        return ", ".join(fmt(v, lang) for v in value) or tr("view.empty", lang)
    return str(value)


def is_scalar(value: Any) -> bool:
    return value is None or isinstance(value, (str, int, float, bool))


# -- the generic renderer ---------------------------------------------------------------------------


@dataclass
class Section:
    """A titled block of a view: counters (label → value), lists (label → items) and sub-sections."""

    title: str | None
    key: str = ""
    counters: list[tuple[str, str]] = field(default_factory=list)
    lists: list[tuple[str, list[str]]] = field(default_factory=list)
    children: list[Section] = field(default_factory=list)

    def empty(self) -> bool:
        return not (self.counters or self.lists or self.children)


MAX_DEPTH = 4


def sections(view: Mapping[str, Any], lang: str = DEFAULT_LANG, skip: Iterable[str] = ()) -> list[Section]:
    """Turn any JSON-able ``view`` dict into sections: the generic renderer every game falls back to.

    Top-level scalars and short lists go into a first "at a glance" section; each dict becomes a section
    (recursively), each list of dicts a list with one line per item.
    """
    return _sections(view, lang, set(skip), 0, tr("view.summary", lang))


def _sections(
    view: Mapping[str, Any], lang: str, skip: set[str], depth: int, summary: str | None
) -> list[Section]:
    head = Section(summary, key="")
    out: list[Section] = []
    for key, value in view.items():
        k = str(key)
        if k in skip:
            continue
        label = key_label(k, lang)
        if is_scalar(value):
            head.counters.append((label, fmt(value, lang)))
        elif isinstance(value, Mapping):
            if not value:
                head.counters.append((label, tr("view.empty", lang)))
            elif depth >= MAX_DEPTH:
                head.counters.append((label, fmt(value, lang)))
            elif all(is_scalar(v) for v in value.values()):
                out.append(
                    Section(
                        label,
                        key=k,
                        counters=[(key_label(str(a), lang), fmt(b, lang)) for a, b in value.items()],
                    )
                )
            elif all(isinstance(v, (list, tuple)) and all(is_scalar(x) for x in v) for v in value.values()):
                out.append(
                    Section(
                        label,
                        key=k,
                        lists=[
                            (key_label(str(a), lang), [fmt(x, lang) for x in b]) for a, b in value.items()
                        ],
                    )
                )
            else:
                sub = _sections(value, lang, set(), depth + 1, None)
                sec = Section(label, key=k)
                for s in sub:
                    if s.title is None:  # the scalars of this dict go straight into its section
                        sec.counters += s.counters
                        sec.lists += s.lists
                    else:
                        sec.children.append(s)
                out.append(sec)
        elif isinstance(value, (list, tuple)):
            items = list(value)
            if all(is_scalar(x) for x in items):
                head.lists.append((label, [fmt(x, lang) for x in items]))
            else:
                out.append(Section(label, key=k, lists=[("", [_line(x, lang) for x in items])]))
        else:
            head.counters.append((label, fmt(value, lang)))
    if not head.empty():
        out.insert(0, head)
    return out


def _line(item: Any, lang: str) -> str:
    if isinstance(item, Mapping):
        return " · ".join(f"{key_label(str(k), lang)} {fmt(v, lang)}" for k, v in item.items())
    return fmt(item, lang)


# -- turn, seats ------------------------------------------------------------------------------------


def seat_label(seat: str, lang: str = DEFAULT_LANG) -> str:
    if seat == TABLE:
        return tr("seat.table", lang)
    if seat == HOST:
        return tr("seat.host", lang)
    return tr("seat.player", lang, seat=seat_number(seat))


def seat_number(seat: str) -> str:
    """``p7`` → ``7`` (a seat is never shown bare)."""
    return seat[1:] if re.fullmatch(r"p\d+", seat) else seat


COLOURS: dict[str, tuple[str, str, str]] = {  # the box's colours: colour → (fr, en, swatch)
    "red": ("rouge", "red", "#E53935"),
    "blue": ("bleu", "blue", "#1E88E5"),
    "yellow": ("jaune", "yellow", "#FDD835"),
    "green": ("vert", "green", "#43A047"),
    "purple": ("violet", "purple", "#8E24AA"),
    "orange": ("orange", "orange", "#FB8C00"),
    "black": ("noir", "black", "#212121"),
    "white": ("blanc", "white", "#FAFAFA"),
}


def colour_name(colour: str, lang: str = DEFAULT_LANG) -> str:
    c = COLOURS.get(colour)
    return (c[1] if lang == "en" else c[0]) if c else colour


def person(info: Any, lang: str = DEFAULT_LANG, province: bool = True) -> str:
    """A seat as people say it: ``Léa · Aegyptus`` (or ``Joueur 7 · Aegyptus`` before a name is given).

    ``info`` is a :class:`companion.session.SeatInfo` (or anything with ``seat``, ``name``, ``province``)."""
    seat = str(getattr(info, "seat", info))
    name = str(getattr(info, "name", "") or "") or seat_label(seat, lang)
    where = str(getattr(info, "province", "") or "")
    return f"{name} · {where}" if province and where else name


_PEOPLE: dict[Any, dict[str, str]] = {}  # the seats said, for the last tables' seats (every page asks, often)


def people(seats: Iterable[Any], lang: str = DEFAULT_LANG, province: bool = True) -> dict[str, str]:
    """seat → how to say it (see :func:`person`), for every seat of a snapshot's ``seats``."""
    seats = tuple(seats)
    key = (seats, lang, province)
    try:
        said = _PEOPLE.get(key)
    except TypeError:  # seats that cannot be hashed: said each time
        return {str(i.seat): person(i, lang, province) for i in seats}
    if said is None:
        said = _PEOPLE[key] = {str(i.seat): person(i, lang, province) for i in seats}
        while len(_PEOPLE) > 64:
            del _PEOPLE[next(iter(_PEOPLE))]
    return dict(said)


def say(seat: str, lang: str = DEFAULT_LANG, names: Mapping[str, str] | None = None) -> str:
    """One seat said by name when known, else ``Joueur 7``; ``table`` and ``host`` by their labels."""
    return (names or {}).get(seat) or seat_label(seat, lang)


@dataclass
class PlayerLine:
    """One player on a game's board part: a title, a detail line, acting now or out of the game."""

    seat: str
    title: str
    detail: str
    acting: bool = False
    out: bool = False


def waiting_for(view: Mapping[str, Any]) -> list[str]:
    """The seats a view says the game waits for (``waiting_for``), else none."""
    w = view.get("waiting_for")
    return [x for x in w if isinstance(x, str)] if isinstance(w, (list, tuple)) else []


def who_text(seats: Sequence[str], me: str, lang: str, names: Mapping[str, str] | None = None) -> str:
    return ", ".join(tr("cp.you", lang) if s == me else say(s, lang, names) for s in seats) or "—"


# -- choices ----------------------------------------------------------------------------------------


@dataclass
class ChoiceGroup:
    kind: str  # the intent type
    title: str
    items: list[tuple[int, str]]  # (index in Snapshot.choices, button label)


def humanize_type(name: str) -> str:
    """``TreatDisease`` / ``treat_disease`` → ``Treat disease``."""
    words = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", name).replace("_", " ").split()
    text = " ".join(words).lower()
    return text[:1].upper() + text[1:]


# Flet's web client is served offline (no CDN): it has no fallback font, so glyphs its bundled Roboto lacks
# (the arrows engines put in their texts) would show as empty boxes. They are swapped for ones it has.
_GLYPHS = str.maketrans({"→": "»", "←": "«", "↔": "«»", "⇒": "»"})


def shown(text: str) -> str:
    """``text`` with the glyphs the offline web font lacks replaced (``+5 PPs → 55`` → ``+5 PPs » 55``)."""
    return text.translate(_GLYPHS)


def choice_label(choice: Choice, lang: str = DEFAULT_LANG) -> str:
    text = choice.label_en if lang == "en" else choice.label_fr
    return shown(
        text or choice.label_fr or choice.label_en or humanize_type(str(choice.intent.get("type", "?")))
    )


def group_choices(
    choices: Sequence[Choice], lang: str = DEFAULT_LANG, titles: Mapping[str, Mapping[str, str]] | None = None
) -> list[ChoiceGroup]:
    """Choices grouped by intent type, groups in order of first appearance (the game's own order)."""
    groups: dict[str, ChoiceGroup] = {}
    for i, c in enumerate(choices):
        kind = str(c.intent.get("type", "?"))
        g = groups.get(kind)
        if g is None:
            t = (titles or {}).get(kind)
            title = (t.get(lang) or t.get(DEFAULT_LANG)) if t else None
            g = groups[kind] = ChoiceGroup(kind, title or humanize_type(kind), [])
        g.items.append((i, choice_label(c, lang)))
    for g in groups.values():  # two plays that read alike are told apart: "… (1)", "… (2)" (the Monk's
        seen = Counter(label for _i, label in g.items)  # rats of one region, hidden: which one is the number)
        nth: Counter[str] = Counter()
        for k, (i, label) in enumerate(g.items):
            if seen[label] > 1:
                nth[label] += 1
                g.items[k] = (i, f"{label} ({nth[label]})")
    return list(groups.values())


def _contains(value: Any, want: Callable[[str], bool]) -> bool:
    if isinstance(value, str):
        return want(value)
    if isinstance(value, Mapping):
        return any(_contains(v, want) for v in value.values())
    if isinstance(value, (list, tuple)):
        return any(_contains(v, want) for v in value)
    return False


def _short_key(component_id: str) -> str | None:
    """``PC:G09`` → ``G09``: the key games use for a place a card names (≥ 3 characters with a letter)."""
    key = component_id.split(":", 1)[1] if ":" in component_id else ""
    return key if len(key) >= 3 and ":" not in key and any(c.isalpha() for c in key) else None


def matching_choices(choices: Sequence[Choice], component_id: str) -> list[int]:
    return match_choices(choices, component_id)[0]


def match_choices(choices: Sequence[Choice], component_id: str) -> tuple[list[int], bool]:
    """(indices of the legal choices whose intent names ``component_id``, exact?).

    A field holding the id itself or its QR payload matches. When none does, a field holding the id's
    short key matches (Pandémie intents name a city ``G09``, its cards are ``PC:G09`` and ``PI:G09``), and
    ``exact`` is False: such a match is only ever offered, never played without a tap.
    """

    def exact(v: str) -> bool:
        return v == component_id or (
            v.startswith(codes.PREFIX + ":") and codes.parse(v).component_id == component_id
        )

    def fields(c: Choice) -> list[Any]:
        return [v for k, v in c.intent.items() if k not in ("type", "seat")]

    found = [i for i, c in enumerate(choices) if any(_contains(v, exact) for v in fields(c))]
    key = _short_key(component_id)
    if found or key is None:
        return found, True
    return [
        i for i, c in enumerate(choices) if any(_contains(v, lambda v: v == key) for v in fields(c))
    ], False


def parse_entry(text: str) -> codes.Parsed:
    """What the user scanned or typed: a full payload (``PT1:RAT:07:J``) or a bare id (``rat:07``)."""
    raw = text.strip()
    if not raw:
        return codes.Parsed(raw, None, "empty")
    up = raw.upper()
    if up.startswith(codes.PREFIX + ":"):
        return codes.parse(up)
    if codes.valid_id(up):
        return codes.Parsed(raw, up)
    return codes.Parsed(raw, None, "not a component id (expected like RAT:07 or PT1:RAT:07:J)")


# -- log ------------------------------------------------------------------------------------------


def log_lines(log: Sequence[LogLine], lang: str = DEFAULT_LANG, limit: int = 40) -> list[tuple[int, str]]:
    """The newest ``limit`` lines, newest first; a run of identical lines is one line with its count (the six
    cards Divinations puts back read *une carte cachée regardée (×6)* to the others, not six times).

    Read from the newest back, and no further than the line before the oldest one shown: every page draws
    its log at every update, and the snapshot holds the last few hundred lines."""
    runs: list[list[Any]] = []  # newest first: [the run's newest event number, text, how many]
    for ln in reversed(log):
        text = shown((ln.text_en if lang == "en" else ln.text_fr) or ln.text_fr or ln.text_en)
        if runs and runs[-1][1] == text:
            runs[-1][2] += 1
            continue
        if len(runs) == limit:  # the oldest run shown is whole: a line unlike it came before it
            break
        runs.append([ln.seq, text, 1])
    return [(seq, text if n == 1 else f"{text} (×{n})") for seq, text, n in runs]


# -- audit ----------------------------------------------------------------------------------------


def audit_summary(audit: Mapping[str, Any] | None, lang: str = DEFAULT_LANG) -> tuple[bool | None, list[str]]:
    """(ok?, lines) for the end-of-game shuffle audit; ``None`` when there is no audit yet.

    The host's check and, on a joined device, the device's own check of the host's reveals against its
    own log (``device_check``): the audit is good only if both are.
    """
    if audit is None:
        return None, []
    problems = [str(p) for p in audit.get("problems") or []]
    ok = not problems and audit.get("ok", True) is not False
    lines = [
        tr(
            "audit.by_host",
            lang,
            shuffles=audit.get("shuffles_checked", 0),
            draws=audit.get("draws_checked", 0),
        )
    ]
    dev = audit.get("device_check")
    if isinstance(dev, Mapping):
        dev_problems = [str(p) for p in dev.get("problems") or []]
        ok = ok and not dev_problems and dev.get("ok", True) is not False
        lines.append(
            tr(
                "audit.by_device",
                lang,
                shuffles=dev.get("shuffles_checked", 0),
                draws=dev.get("draws_checked", 0),
            )
        )
        problems += dev_problems
    lines.insert(0, tr("table.audit.ok" if ok else "table.audit.bad", lang))
    lines += [f"! {p}" for p in problems]
    return ok, lines


# -- saved tables ---------------------------------------------------------------------------------

STORE_SUFFIX = ".sqlite"


@dataclass
class SavedTable:
    path: Path
    name: str
    game: str
    events: int
    created: float | None
    error: str = ""
    played: float | None = None  # when it was last written to (the last move), else None
    over: bool = False  # the game has ended (its end event stands, not taken back)

    def when(self) -> str:
        at = self.played or self.created
        if at is None:
            return "?"
        return _dt.datetime.fromtimestamp(at).strftime("%Y-%m-%d %H:%M")


def last_played(path: Path) -> float | None:
    """When a save file was last written: its own time or its write-ahead log's, the later one."""
    times = []
    for f in (path, Path(f"{path}-wal")):
        try:
            times.append(f.stat().st_mtime)
        except OSError:
            pass
    return max(times) if times else None


END_EVENTS = frozenset({"GameOver", "GameWon", "GameLost", "GameScored"})
"""The event types that end a game (Rattus and Plague, Pandémie, Cartus)."""


def game_over(types: list[str]) -> bool:
    """Whether a saved game's event types (in order) end with its end still standing: an undo after the end
    reopens the game."""
    last_end = max((i for i, t in enumerate(types) if t in END_EVENTS), default=-1)
    last_undo = max((i for i, t in enumerate(types) if t == "Undone"), default=-1)
    return last_end > last_undo


def saved_tables(data_dir: str | os.PathLike[str]) -> list[SavedTable]:
    """The saved games (SQLite stores) in ``data_dir``, last played first; unreadable ones listed with why."""
    from engine.core.store import SaveError, Store

    d = Path(data_dir)
    if not d.is_dir():
        return []
    out: list[SavedTable] = []
    for p in sorted(d.glob("*" + STORE_SUFFIX)):
        played = last_played(p)  # before opening it: closing may checkpoint its log and touch the file
        try:
            st = Store.open(p)
        except SaveError as exc:
            out.append(SavedTable(p, p.stem, "?", 0, None, str(exc)))
            continue
        try:
            created = float(st.meta.get("created", "nan"))
            rows = st.rows()
            out.append(
                SavedTable(
                    p,
                    st.meta.get("name") or p.stem,
                    st.game,
                    len(rows),
                    None if created != created else created,
                    played=played,
                    over=game_over([str(r[2]) for r in rows]),
                )
            )
        except (SaveError, ValueError) as exc:
            out.append(SavedTable(p, p.stem, st.meta.get("game", "?"), 0, None, str(exc)))
        finally:
            st.close()
    out.sort(key=lambda s: s.played or s.created or 0.0, reverse=True)
    return out


def slug(name: str) -> str:
    """A file name's part from a table's or a box's name: « Boîte d'Élise » → ``boite-d-elise`` (letters keep
    their base letter, not dropped with their accent)."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    s = re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")
    return s[:40] or "table"


def new_store_path(data_dir: str | os.PathLike[str], name: str, now: _dt.datetime | None = None) -> Path:
    """A fresh file name in ``data_dir`` for a new table (never an existing file)."""
    d = Path(data_dir)
    stamp = (now or _dt.datetime.now()).strftime("%Y%m%d-%H%M%S")
    base = f"{slug(name)}-{stamp}"
    p = d / (base + STORE_SUFFIX)
    n = 2
    while p.exists():
        p = d / f"{base}-{n}{STORE_SUFFIX}"
        n += 1
    return p


# -- new-table options ------------------------------------------------------------------------------


@dataclass(frozen=True)
class OptionSpec:
    key: str
    kind: str  # "int", "choice", "bool", "text"
    default: Any
    label_fr: str
    label_en: str
    choices: tuple[Any, ...] = ()  # for "choice" (and the allowed range of "int": (min, max))
    labels: Mapping[str, tuple[str, str]] = field(default_factory=dict)  # choice → (fr, en)

    def label(self, lang: str) -> str:
        return self.label_en if lang == "en" else self.label_fr

    def choice_label(self, choice: Any, lang: str) -> str:
        pair = self.labels.get(str(choice))
        if not pair:
            return str(choice)
        return pair[1] if lang == "en" else pair[0]


def fr_en(fr: str, en: str) -> dict[str, str]:
    return {"fr": fr, "en": en}


def players_option(lo: int, hi: int, default: int) -> OptionSpec:
    return OptionSpec(
        "players",
        "int",
        default,
        f"Nombre de joueurs ({lo} à {hi})",
        f"Number of players ({lo} to {hi})",
        (lo, hi),
    )


class OptionError(ValueError):
    def __init__(self, key: str, message: str) -> None:
        super().__init__(f"{key}: {message}")
        self.key = key
        self.message = message


def parse_option(spec: OptionSpec, raw: Any) -> Any:
    """One form value as the game expects it; :class:`OptionError` names the field otherwise."""
    if spec.kind == "int":
        try:
            v = int(str(raw).strip())
        except ValueError:
            raise OptionError(spec.key, f"{raw!r} is not a whole number") from None
        if spec.choices and not spec.choices[0] <= v <= spec.choices[1]:
            raise OptionError(spec.key, f"{v} is not between {spec.choices[0]} and {spec.choices[1]}")
        return v
    if spec.kind == "bool":
        if isinstance(raw, bool):
            return raw
        return str(raw).strip().lower() in ("1", "true", "yes", "oui", "on")
    if spec.kind == "choice":
        for c in spec.choices:
            if str(c) == str(raw):
                return c
        raise OptionError(spec.key, f"{raw!r} is not one of {', '.join(map(str, spec.choices))}")
    return str(raw)


def build_options(
    specs: Sequence[OptionSpec], values: Mapping[str, Any], advanced: str = ""
) -> dict[str, Any]:
    """The options dict for ``setup``: the form's fields, then the advanced JSON object on top."""
    out: dict[str, Any] = {}
    for s in specs:
        raw = values.get(s.key, s.default)
        if raw is None or (isinstance(raw, str) and raw.strip() == "" and s.kind != "text"):
            continue
        out[s.key] = parse_option(s, raw)
    text = advanced.strip()
    if text:
        try:
            extra = json.loads(text)
        except json.JSONDecodeError as exc:
            raise OptionError("json", f"line {exc.lineno} column {exc.colno}: {exc.msg}") from None
        if not isinstance(extra, dict):
            raise OptionError("json", 'must be an object like {"players": 3}')
        out.update(extra)
    return out
