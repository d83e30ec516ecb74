"""The printable sets. Each set selects its components from the catalogue at run time (by game and id
namespace), so a set fills in as games add components."""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from reportlab.lib.units import mm as MM

from engine.catalogue import Component, all_components

from . import geometry as G
from .board import BoardPrintError, board_sets
from .pieces import (
    CARD_FORMATS,
    BackLook,
    Card,
    Piece,
    RatToken,
    Sticker,
    cartus_look,
    generic_look,
    pandemie_back,
    pandemie_look,
    paragraph,
    rattus_look,
    symbol_legend,
)
from .pieces import text as draw_text
from .render import Options, Result, draw_info, new_canvas, render


class PrintError(ValueError):
    """A request that cannot be printed (unknown set, bad option, unreadable profile…)."""


@dataclass(frozen=True)
class SetDef:
    name: str
    title: str
    help: str
    select: Callable[[Options], list[Component]]
    piece: Callable[[Options], Piece]
    legend: Callable[[Options], str] = lambda o: ""
    make: Callable[[Options], Result] | None = None  # a set drawn as a whole (the boards: printables.board)
    takes: frozenset[str] = frozenset()  # the options only some sets use: "province", "profile"
    # what the camera does with these codes at the table (``read in play: …``); empty: nothing, they replace
    # the box's own pieces; a text starting with "not" says why else they are not read
    in_play: str = ""


def _prefix(c: Component) -> str:
    return c.id.split(":", 1)[0]


def _select(game: str, prefixes: tuple[str, ...]) -> Callable[[Options], list[Component]]:
    def pick(opts: Options) -> list[Component]:
        return [c for c in all_components() if c.game == game and _prefix(c) in prefixes]

    return pick


PANDEMIE_ORDER = ("PC", "PI", "PR", "PE", "PO")


def _province_matches(c: Component, wanted: tuple[str, ...]) -> bool:
    if not wanted:
        return True
    names = {str(c.attrs.get("province", "")).casefold(), str(c.attrs.get("province_name", "")).casefold()}
    return any(w.casefold() in names for w in wanted)


def _pandemie(prefixes: tuple[str, ...]) -> Callable[[Options], list[Component]]:
    def pick(opts: Options) -> list[Component]:
        comps = [c for c in all_components() if c.game == "pandemie" and _prefix(c) in prefixes]
        if opts.provinces:
            known = {str(c.attrs.get(k, "")).casefold() for c in comps for k in ("province", "province_name")}
            unknown = [p for p in opts.provinces if p.casefold() not in known]
            if unknown:
                raise PrintError(
                    f"unknown province(s) {', '.join(unknown)}: known are "
                    f"{', '.join(sorted({str(c.attrs.get('province_name')) for c in comps}))}"
                )
        comps = [c for c in comps if _province_matches(c, opts.provinces)]
        provinces: list[str] = []
        for c in comps:
            p = str(c.attrs.get("province", ""))
            if p not in provinces:
                provinces.append(p)
        return sorted(
            comps,
            key=lambda c: (
                provinces.index(str(c.attrs.get("province", ""))),
                PANDEMIE_ORDER.index(_prefix(c)),
                c.id,
            ),
        )

    return pick


def _rattus_faces(opts: Options) -> Callable[[str], Any]:
    """Token faces from the Rattus box profile (``--profile``), or none known."""
    try:
        from engine.games.rattus import profile as rp
    except ImportError:  # pragma: no cover - the Rattus module is part of the project
        return lambda _id: None
    if opts.profile is None:
        return lambda _id: None
    try:
        prof = rp.load(opts.profile)
    except rp.ProfileError as exc:
        raise PrintError(f"cannot use the Rattus profile: {exc}") from exc
    return prof.face


def _token_legend(opts: Options) -> str:
    faces = (
        ""
        if opts.profile
        else (
            "Faces inconnues (pas de --profile) : recopiez à la main le seuil (cadre du haut) et les "
            "symboles (cadre du bas) du jeton d'origine. "
        )
    )
    return (
        faces + "Face : seuil en haut, symboles en bas (" + symbol_legend() + "). Cercle violet = jeton de "
        "départ. Le code est sur la face seulement : un jeton face cachée ne dit rien. Dos : le rat."
    )


def _rattus_back(c: Component) -> BackLook:
    return BackLook(
        "rattus/class", "#3b2a20", ("RATTUS", "Classe" if not c.attrs.get("expansion") else "Pied Piper")
    )


def _cartus_back(c: Component) -> BackLook:
    return BackLook("cartus", "#3b2a20", ("RATTUS", "Cartus"))


def _card(
    look: Callable[[Component], Any], back: Callable[[Component], BackLook]
) -> Callable[[Options], Piece]:
    def make(opts: Options) -> Piece:
        try:
            return Card(opts.card, look, back)
        except ValueError as exc:
            raise PrintError(str(exc)) from exc

    return make


_CODE_NOTE = "QR : module {m} mm."

SETS: dict[str, SetDef] = {}


def _add(s: SetDef) -> None:
    SETS[s.name] = s


_add(
    SetDef(
        "rattus-tokens",
        "Rattus — jetons rat",
        "49 round rat tokens (face: threshold, symbols, code; back: rat)",
        _select("rattus", ("RAT",)),
        lambda o: RatToken(_rattus_faces(o)),
        _token_legend,
        takes=frozenset({"profile"}),
        in_play="a token turned over",
    )
)
_add(
    SetDef(
        "rattus-stickers",
        "Rattus — pastilles pour jetons",
        "round code stickers for the original rat tokens",
        _select("rattus", ("RAT",)),
        lambda o: Sticker(20.0, "Pastille Ø 20 mm"),
        lambda o: (
            "À coller sur la face (pas le dos) de chaque jeton rat d'origine : RAT:01–12 sur les 12 "
            "jetons cerclés de violet. Recensez ensuite les faces : tablekeeper profile census."
        ),
        in_play="a token turned over; the census of the faces",
    )
)
_add(
    SetDef(
        "rattus-classes",
        "Rattus — cartes de Classe",
        "the 6 Rattus class cards",
        _select("rattus", ("RCL",)),
        _card(rattus_look, _rattus_back),
        in_play="a class card taken when it is legal",
    )
)
_add(
    SetDef(
        "rattus-pied-piper",
        "Rattus — personnages Pied Piper",
        "the 12 Pied Piper character cards",
        _select("rattus", ("RPP",)),
        _card(rattus_look, _rattus_back),
        in_play="a character card taken when it is legal",
    )
)
_add(
    SetDef(
        "cartus",
        "Rattus Cartus — cartes",
        "every Rattus Cartus card",
        _select("cartus", ("RCC",)),
        _card(cartus_look, _cartus_back),
        in_play="the cards shown at a reveal; a hand shown at the end",
    )
)
for _name, _title, _help, _prefixes, _in_play in (
    (
        "pandemie-cities",
        "Pandémie — cartes ville",
        "city cards (player deck), every province",
        ("PC",),
        "a city card in hand",
    ),
    (
        "pandemie-propagation",
        "Pandémie — cartes propagation",
        "propagation cards, every province",
        ("PI",),
        "a propagation card Ville fantôme takes out of the discard",
    ),
    ("pandemie-rupture", "Pandémie — cartes Rupture", "Rupture cards, every province", ("PR",), ""),
    (
        "pandemie-events",
        "Pandémie — événements",
        "event cards, every province",
        ("PE",),
        "an event card played",
    ),
    ("pandemie-roles", "Pandémie — rôles", "role cards, every province", ("PO",), ""),
    (
        "pandemie",
        "Pandémie — toutes les cartes",
        "every Pandémie card of every province",
        PANDEMIE_ORDER,
        "city, event and propagation cards (Rupture and role cards are replacements only)",
    ),
):
    _add(
        SetDef(
            _name,
            _title,
            _help,
            _pandemie(_prefixes),
            _card(pandemie_look, pandemie_back),
            lambda o: "Dos identiques par paquet et par province.",
            takes=frozenset({"province"}),
            in_play=_in_play,
        )
    )
_add(
    SetDef(
        "spares",
        "Codes de réserve",
        "100 spare blank-id codes BLK:001–100 (round stickers)",
        lambda o: [c for c in all_components() if _prefix(c) == "BLK"],
        lambda o: Sticker(20.0, "Pastille Ø 20 mm"),
        lambda o: (
            "Codes libres : collez-en un sur une pièce perdue ou ajoutée, puis associez-le dans l'appli."
        ),
        in_play="not read in play yet: no game gives spare codes a meaning",
    )
)
_add(
    SetDef(
        "duplex-calibration",
        "Calibrage recto-verso",
        "a 2-page sheet to measure your printer's back-page offset",
        lambda o: [],
        lambda o: Sticker(),
    )
)


def _poster(opts: Options) -> Result:
    from .poster import PosterError, join_poster

    if not opts.url:
        raise PrintError("the join poster needs the address phones open (--url, or the app's --port)")
    try:
        return join_poster(opts.url, opts, opts.wifi, opts.fingerprint)
    except PosterError as exc:
        raise PrintError(str(exc)) from exc


BOARDS: dict[str, SetDef] = {  # drawn as a whole, not piece by piece (printables.board)
    _name: SetDef(
        _name,
        _title,
        _help,
        _sel,
        lambda o: Sticker(),
        make=_make,
        takes=_takes,
        in_play="not read in play yet: a printed map" if _name == "board-rattus" else "a city on the board",
    )
    for _name, _title, _help, _sel, _make, _takes in board_sets()
}

# sheets about the evening rather than pieces of a game (no catalogue component, no backs)
POSTERS: dict[str, SetDef] = {
    "join-poster": SetDef(
        "join-poster",
        "Affiche : rejoindre la partie",
        "an A4 poster: the app's address as a QR code and in large type, the Wi-Fi, the steps (fr, en)",
        lambda o: [],
        lambda o: Sticker(),
        make=_poster,
        takes=frozenset({"url", "wifi"}),
    )
}


CALIBRATION = "duplex-calibration"


def list_sets() -> list[tuple[str, int, str]]:
    """(name, number of components now in the catalogue, help) for every set."""
    out = []
    for s in [*SETS.values(), *BOARDS.values(), *POSTERS.values()]:
        try:
            n = len(s.select(Options()))
        except PrintError:
            n = 0
        out.append((s.name, n, s.help))
    return out


def camera_note(name: str) -> str:
    """What a camera does with a set's codes at the table, and from how far a 720p camera reads them (the
    reach measured by ``benchmarks/vision.py --printed-only``, see :mod:`vision.reach`)."""
    from vision.reach import reach_cm

    if name in POSTERS:
        return "the join address: a phone's own camera app opens it (not a piece of the game)"
    s = SETS.get(name) or BOARDS[name]
    if name == CALIBRATION:
        return "no codes"
    if s.in_play.startswith("not "):
        use = s.in_play
    else:
        use = f"read in play: {s.in_play}" if s.in_play else "not read in play: replacements only"
    if name in BOARDS:
        from .board import board_modules

        module = board_modules()[name]
        reach = f"≈{reach_cm(module)} cm ({module:.2f} mm modules, A3 or tiled)"
    else:
        piece = s.piece(Options())
        if isinstance(piece, Card):
            mini = CARD_FORMATS["mini"][2]
            reach = f"poker ≈{reach_cm(piece.module)} cm, mini ≈{reach_cm(mini)} cm"
        else:
            reach = f"≈{reach_cm(piece.module)} cm ({piece.module:g} mm modules)"
    return f"{use} · a 720p camera reads them up to {reach}"


def build(set_name: str, opts: Options) -> Result:
    """Render a set to PDF; raises :class:`PrintError` with a clear message on bad input."""
    if set_name in BOARDS and (make := BOARDS[set_name].make) is not None:
        try:
            return make(opts)
        except BoardPrintError as exc:
            raise PrintError(str(exc)) from exc
    if set_name in POSTERS and (make := POSTERS[set_name].make) is not None:
        return make(opts)
    if set_name not in SETS:
        raise PrintError(
            f"unknown set {set_name!r}: choose one of {', '.join(SETS)} (tablekeeper print --list)"
        )
    try:
        if set_name == CALIBRATION:
            return calibration(opts)
        s = SETS[set_name]
        comps = s.select(opts)
        if not comps:
            raise PrintError(f"set {set_name!r} has no components in the catalogue (is its game installed?)")
        piece = s.piece(opts)
        note = _CODE_NOTE.format(m=f"{piece.module:g}", q=piece.quiet)
        return render(set_name, s.title, comps, piece, opts, f"{s.legend(opts)} {note}".strip())
    except G.LayoutError as exc:
        raise PrintError(str(exc)) from exc


def calibration(opts: Options) -> Result:
    """Front: five crosses. Back: two scales (±6 mm) where each cross should show through.

    Held against a window, the back shows each front cross; the scale reading under its centre is the
    offset to pass as ``--back-offset X,Y`` (added to the one already used to print this sheet).
    """
    if opts.backs not in ("long", "short"):
        raise PrintError("the duplex calibration sheet needs --backs long or --backs short")
    page = G.PAPERS.get(opts.paper)
    if page is None:
        raise PrintError(f"unknown paper {opts.paper!r}: choose one of {', '.join(G.PAPERS)}")
    w, h = page
    crosses = [
        G.Slot(w / 2, h / 2),
        G.Slot(40, 60),
        G.Slot(w - 40, 60),
        G.Slot(40, h - 45),
        G.Slot(w - 40, h - 45),
    ]
    backs = [G.mirror(s, "x" if opts.backs == "long" else "y", page) for s in crosses]
    buf = io.BytesIO()
    c = new_canvas(buf, page, "tablekeeper — calibrage recto-verso", opts.backs)
    flip = "bord long" if opts.backs == "long" else "bord court"
    off = opts.back_offset
    steps = (
        f"1. Imprimez ces 2 pages en recto-verso ({flip}), à 100 %, avec le décalage actuel "
        f"({off[0]:+.1f} / {off[1]:+.1f} mm).\n2. Tenez la feuille devant une fenêtre, verso vers vous. "
        "\n3. Lisez sous le centre de chaque croix du recto la graduation horizontale (x) et verticale (y)."
        "\n4. Faites la moyenne et ajoutez-la au décalage actuel : --back-offset X,Y."
    )
    box = G.Box(20, 8, w - 40, 10)
    for side, slots in (("recto", crosses), ("verso", backs)):
        c.saveState()
        c.scale(MM, MM)
        if side == "verso":
            c.translate(*off)
        c.setStrokeColorRGB(0, 0, 0)
        c.setFillColorRGB(0, 0, 0)
        for i, s in enumerate(slots):
            label = "ABCDE"[i]
            if side == "recto":
                c.setLineWidth(0.35)
                c.line(s.cx - 8, s.cy, s.cx + 8, s.cy)
                c.line(s.cx, s.cy - 8, s.cx, s.cy + 8)
                c.circle(s.cx, s.cy, 1.5)
                draw_text(c, label, s.cx + 3, s.cy + 3, 4, bold=True, align="left")
            else:
                _scales(c, s.cx, s.cy)
                draw_text(c, label, s.cx - 16, s.cy + 4, 4, bold=True, align="left")
        draw_text(c, f"Calibrage recto-verso · {side}", w / 2, h - 22, 6, bold=True)
        paragraph(c, steps, w / 2, h / 2 - 25, w - 70, h / 2 - 75, 3.4)
        draw_info(
            c,
            [box],
            f"tablekeeper · calibrage recto-verso · {side} · page {1 if side == 'recto' else 2}/2",
            "Imprimer à 100 % : la règle doit mesurer 50 mm.",
        )
        c.restoreState()
        c.showPage()
    c.save()
    return Result(CALIBRATION, opts, buf.getvalue(), 2, [], None)


def _scales(c: Any, x: float, y: float) -> None:
    """Two ±10 mm scales crossing at (x, y), ticks every millimetre, labels every 5."""
    c.saveState()
    c.setLineWidth(0.12)
    c.line(x - 10, y, x + 10, y)
    c.line(x, y - 10, x, y + 10)
    for i in range(-10, 11):
        t = 1.8 if i % 5 == 0 else 0.9
        c.line(x + i, y, x + i, y - t)
        c.line(x, y + i, x - t, y + i)
        if i % 5 == 0 and i:
            draw_text(c, f"{i:+d}", x + i, y - 3.4, 1.5)
            draw_text(c, f"{i:+d}", x - 2.4, y + i - 0.5, 1.5, align="right")
    draw_text(c, "x", x + 11.2, y - 0.5, 1.8, bold=True, align="left")
    draw_text(c, "y", x - 0.5, y + 11.2, 1.8, bold=True, align="left")
    c.restoreState()


__all__ = [
    "BOARDS",
    "POSTERS",
    "SETS",
    "PrintError",
    "SetDef",
    "build",
    "camera_note",
    "list_sets",
    "generic_look",
]
