"""Rattus: the Monk's rat, the Witch's look, the Nun's and the Bishop's pawns as steps — where from, then
where to — instead of lists where the same words came back as « … (1) », « … (2) », « … (3) ».

What told those apart was invisible at the table: which of the face-down rats of a region moves (the engine
numbers them in the order they came), which of three identical nun pawns (or two bishops) goes. Face-down rats
a seat has not seen are all alike to it, so one stands for them (« un rat face cachée »); a rat the seat
looked at (the Witch) is offered apart, by its token and face. Pawns standing in the same region are alike
too: the player says where a pawn leaves from and where it goes.

The engine still lists every intent it accepts (:func:`engine.games.rattus.legal`); these pickers only show
one of each set of choices that mean the same on the board, and send that listed intent. :func:`rat_plan` and
:func:`pawn_plan` are the pure part (tested without a browser).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.session import Choice
from engine.core.lang import counted
from engine.games.rattus.text import symbols as symbol_words
from engine.games.rattus.text import token as token_words

from ..i18n import pairs

TEXTS: dict[str, tuple[str, str]] = {
    "MoveRat.title": ("Moine : déplacer un rat", "Monk: move a rat"),
    "MoveRat.help": (
        "Les rats face cachée d'une région se valent : vous en déplacez un. Un rat que vous avez vu est "
        "proposé à part.",
        "The face-down rats of a region are all alike: you move one of them. A rat you looked at is offered "
        "apart.",
    ),
    "WitchPeek.title": ("Sorcière : regarder un rat", "Witch: look at a rat"),
    "WitchPeek.help": (
        "Touchez la région : vous regardez un de ses rats face cachée que vous n'avez pas encore vu.",
        "Tap the region: you look at one of its face-down rats you have not seen yet.",
    ),
    "SetNuns.title": ("Nonne : placer ou déplacer une nonne", "Nun: place or move a nun"),
    "SetNuns.help": (
        "Chaque nonne retire 1 à la population de sa région quand un rat y est retourné. "
        "Les nonnes d'une même région se valent : dites d'où part une nonne, puis où elle va.",
        "Each nun takes 1 from her region's population when a rat is turned over there. Nuns in the same "
        "region are alike: say where a nun leaves from, then where she goes.",
    ),
    "SetBishop.title": ("Évêque : placer ou déplacer un évêque", "Bishop: place or move a bishop"),
    "SetBishop.help": (
        "Aucun rat n'entre dans la région d'un évêque. Les deux évêques se valent : dites d'où part un "
        "évêque, puis où il va.",
        "No rat enters a bishop's region. The two bishops are alike: say where a bishop leaves from, then "
        "where he goes.",
    ),
    "from": ("D'où ?", "From where?"),
    "which": ("Quel rat ?", "Which rat?"),
    "to": ("Vers où ?", "To where?"),
    "hidden": ("un rat face cachée", "a face-down rat"),
    "seen": (
        "le {token} (vu : seuil {threshold} ; {symbols})",
        "{token} (seen: limit {threshold}; {symbols})",
    ),
    "src.rats": ("{region} ({n} rat(s))", "{region} ({n} rat(s))"),
    "src.pawns": ("{region} ({n})", "{region} ({n})"),
    "src.none": ("{n} pas encore posée(s)", "{n} not placed yet"),
    "src.none.bishop": ("{n} pas encore posé(s)", "{n} not placed yet"),
    "MoveRat.go": ("Déplacer {which} de {src} en {dst}", "Move {which} from {src} to {dst}"),
    "WitchPeek.go": ("Regarder un rat en {region}", "Look at a rat in {region}"),
    "SetNuns.go": ("Une nonne de {src} va en {dst}", "A nun goes from {src} to {dst}"),
    "SetNuns.go.new": ("Poser les nonnes en {dst}", "Place the nuns in {dst}"),
    "SetBishop.go": ("Un évêque de {src} va en {dst}", "A bishop goes from {src} to {dst}"),
    "SetBishop.go.new": ("Poser un évêque en {dst}", "Place a bishop in {dst}"),
}
t = pairs(TEXTS)
NEW = ""  # a pawn's source before it is placed


def _elide(text: str) -> str:
    """« de Anglia » → « d'Anglia » (French, before a vowel)."""
    import re

    return re.sub(r"\bde ([AEIOUHÀÉÈaeiouhé])", r"d'\1", text)


# -- the Monk's rats, the Witch's looks ----------------------------------------------------------------------
@dataclass
class RatPlan:
    """One kind of rat choice (MoveRat or WitchPeek): the listed intents, one per set that means the same."""

    kind: str
    # (source region, which rat: "" for a face-down one the seat has not seen, else its token) → destinations
    moves: dict[tuple[str, str], dict[str, dict[str, Any]]] = field(default_factory=dict)
    rats: dict[str, int] = field(default_factory=dict)  # rats per region
    seen: dict[str, dict[str, Any]] = field(default_factory=dict)  # token → its face, as the seat saw it

    @property
    def sources(self) -> list[str]:
        return list(dict.fromkeys(src for src, _ in self.moves))

    def which(self, src: str) -> list[str]:
        return [w for s, w in self.moves if s == src]

    def targets(self, src: str, which: str) -> dict[str, dict[str, Any]]:
        return self.moves.get((src, which), {})


def rat_plan(kind: str, choices: Sequence[Choice], view: Mapping[str, Any]) -> RatPlan | None:
    regions: Mapping[str, Any] = view.get("regions") or {}
    p = RatPlan(kind)
    for r, d in regions.items():
        if isinstance(d, Mapping):
            p.rats[str(r)] = int(d.get("rats", 0))
            for k in d.get("known") or ():
                if isinstance(k, Mapping) and k.get("token"):
                    p.seen[str(k["token"])] = dict(k.get("face") or {})
    known = {
        (str(r), int(k.get("index", -1))): str(k.get("token"))
        for r, d in regions.items()
        if isinstance(d, Mapping)
        for k in d.get("known") or ()
        if isinstance(k, Mapping)
    }
    for c in choices:
        i = c.intent
        if i.get("type") != kind:
            continue
        src = str(i.get("src") if kind == "MoveRat" else i.get("region"))
        dst = str(i.get("dst", "")) if kind == "MoveRat" else ""
        which = known.get((src, int(i.get("index", 0))), "")
        p.moves.setdefault((src, which), {}).setdefault(dst, dict(i))  # the first listed of the alike
    return p if p.moves else None


def _which_label(p: RatPlan, which: str, lang: str) -> str:
    if not which:
        return t("hidden", lang)
    face = p.seen.get(which) or {}
    return t(
        "seen",
        lang,
        token=token_words(which, lang),
        threshold=face.get("threshold", "?"),
        symbols=symbol_words(face.get("symbols") or (), lang),
    )


# -- the Nun's and the Bishop's pawns ------------------------------------------------------------------------
@dataclass
class PawnPlan:
    """The Nun's or the Bishop's moves: for each place a pawn may leave (NEW: not placed yet), where it may
    go."""

    kind: str  # SetNuns | SetBishop
    moves: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)
    count: Counter[str] = field(default_factory=Counter)  # pawns per place (NEW: not placed)

    @property
    def sources(self) -> list[str]:
        return list(self.moves)


def pawn_plan(kind: str, choices: Sequence[Choice], view: Mapping[str, Any]) -> PawnPlan | None:
    total = 3 if kind == "SetNuns" else 2
    placed = [str(x) for x in (view.get("nuns") if kind == "SetNuns" else view.get("bishops")) or () if x]
    now = Counter(placed)
    p = PawnPlan(kind, count=Counter({**now, NEW: total - len(placed)} if len(placed) < total else now))
    for c in choices:
        i = c.intent
        if i.get("type") != kind:
            continue
        if kind == "SetNuns":
            after = Counter(str(r) for r in i.get("regions") or ())
        else:  # one bishop set: the other stays where it is
            b = int(i.get("bishop", 0))
            where = [str(x) for x in view.get("bishop_places") or ()][:total]
            if len(where) != total:
                continue  # a host too old to say which bishop stands where: the plain buttons
            where[b] = str(i.get("region"))
            after = Counter(x for x in where if x != NEW)
        left = now - after
        came = after - now
        if after == now or len(came) != 1:
            continue  # nothing moves (a pawn "moved" where it stands)
        dst = next(iter(came))
        src = next(iter(left)) if left else NEW
        p.moves.setdefault(src, {}).setdefault(dst, dict(i))
    return p if p.moves else None


# -- drawing -------------------------------------------------------------------------------------------------
def rat_picker(
    p: RatPlan,
    lang: str,
    state: dict[str, Any],
    refresh: Callable[[], None],
    send: Callable[[dict[str, Any]], Callable[[Any], Any]],
) -> Any:
    import flet as ft

    from ..widgets import big_button, ident, segments, vcol

    prefix = "monk" if p.kind == "MoveRat" else "witch"
    parts: list[ft.Control] = [
        ft.Text(t(f"{p.kind}.title", lang), size=18, weight=ft.FontWeight.W_600),
        ft.Text(t(f"{p.kind}.help", lang), size=15),
    ]
    if p.kind == "WitchPeek":
        buttons = []
        for n, src in enumerate(p.sources):
            which = "" if "" in p.which(src) else p.which(src)[0]
            intent = p.targets(src, which)[""]
            buttons.append(
                big_button(
                    t("WitchPeek.go", lang, region=src), send(intent), f"witch-{n}", col={"xs": 12, "sm": 6}
                )
            )
        parts.append(ft.ResponsiveRow(buttons, spacing=8, run_spacing=8))
        return ident(vcol(parts, spacing=8, tight=True), "witch-picker")

    def setter(key: str) -> Callable[[Any], Callable[[Any], None]]:
        def on(value: Any) -> Callable[[Any], None]:
            def go(_e: Any) -> None:
                state[key] = value
                if key == "src":
                    state.pop("which", None)
                refresh()

            return go

        return on

    sources = p.sources
    src = str(state.get("src", sources[0]))
    if src not in sources:
        src = sources[0]
    parts += [
        ft.Text(t("from", lang), size=15),
        segments(
            f"{prefix}-from",
            t("from", lang),
            [(r, counted(t("src.rats", lang, region=r, n=p.rats.get(r, 0)), lang)) for r in sources],
            src,
            setter("src"),
            lang,
        ),
    ]
    whichs = p.which(src)
    which = str(state.get("which", whichs[0]))
    if which not in whichs:
        which = whichs[0]
    if len(whichs) > 1:
        parts += [
            ft.Text(t("which", lang), size=15),
            segments(
                f"{prefix}-which",
                t("which", lang),
                [(w, _which_label(p, w, lang)) for w in whichs],
                which,
                setter("which"),
                lang,
            ),
        ]
    parts.append(ft.Text(t("to", lang), size=15))
    buttons = []
    for n, (dst, intent) in enumerate(p.targets(src, which).items()):
        label = t("MoveRat.go", lang, which=_which_label(p, which, lang), src=src, dst=dst)
        buttons.append(
            big_button(
                _elide(label) if lang == "fr" else label,
                send(intent),
                f"{prefix}-to-{n}",
                col={"xs": 12, "sm": 6},
            )
        )
    parts.append(ft.ResponsiveRow(buttons, spacing=8, run_spacing=8))
    return ident(vcol(parts, spacing=8, tight=True), f"{prefix}-picker")


def pawn_picker(
    p: PawnPlan,
    lang: str,
    state: dict[str, Any],
    refresh: Callable[[], None],
    send: Callable[[dict[str, Any]], Callable[[Any], Any]],
) -> Any:
    import flet as ft

    from ..widgets import big_button, ident, segments, vcol

    prefix = "nun" if p.kind == "SetNuns" else "bishop"
    none_key = "src.none" if p.kind == "SetNuns" else "src.none.bishop"

    def on(value: Any) -> Callable[[Any], None]:
        def go(_e: Any) -> None:
            state["src"] = value
            refresh()

        return go

    sources = p.sources
    src = str(state.get("src", sources[0]))
    if src not in sources:
        src = sources[0]
    parts: list[ft.Control] = [
        ft.Text(t(f"{p.kind}.title", lang), size=18, weight=ft.FontWeight.W_600),
        ft.Text(t(f"{p.kind}.help", lang), size=15),
    ]
    if len(sources) > 1:
        parts += [
            ft.Text(t("from", lang), size=15),
            segments(
                f"{prefix}-from",
                t("from", lang),
                [
                    (
                        r,
                        counted(t(none_key, lang, n=p.count[NEW]), lang)
                        if r == NEW
                        else t("src.pawns", lang, region=r, n=p.count[r]),
                    )
                    for r in sources
                ],
                src,
                on,
                lang,
            ),
        ]
    parts.append(ft.Text(t("to", lang), size=15))
    buttons = []
    for n, (dst, intent) in enumerate(p.moves[src].items()):
        label = (
            t(f"{p.kind}.go.new", lang, dst=dst) if src == NEW else t(f"{p.kind}.go", lang, src=src, dst=dst)
        )
        buttons.append(
            big_button(
                _elide(label) if lang == "fr" else label,
                send(intent),
                f"{prefix}-to-{n}",
                col={"xs": 12, "sm": 6},
            )
        )
    parts.append(ft.ResponsiveRow(buttons, spacing=8, run_spacing=8))
    return ident(vcol(parts, spacing=8, tight=True), f"{prefix}-picker")


def pickers(
    choices: Sequence[Choice],
    view: Mapping[str, Any],
    lang: str,
    state: dict[str, Any],
    refresh: Callable[[], None],
    send: Callable[[dict[str, Any]], Callable[[Any], Any]],
) -> tuple[list[Any], set[str]]:
    """The Monk's, the Witch's, the Nun's and the Bishop's choices as steps: (controls, the kinds they
    replace)."""
    controls: list[Any] = []
    handled: set[str] = set()
    for kind in ("MoveRat", "WitchPeek"):
        rp = rat_plan(kind, choices, view)
        if rp is not None:
            controls.append(rat_picker(rp, lang, state.setdefault(f"rattus-{kind}", {}), refresh, send))
            handled.add(kind)
    for kind in ("SetNuns", "SetBishop"):
        pp = pawn_plan(kind, choices, view)
        if pp is not None:
            controls.append(pawn_picker(pp, lang, state.setdefault(f"rattus-{kind}", {}), refresh, send))
            handled.add(kind)
    return controls, handled


__all__ = ["NEW", "PawnPlan", "RatPlan", "pawn_plan", "pawn_picker", "pickers", "rat_plan", "rat_picker"]
