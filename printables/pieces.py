"""How each kind of piece looks: round rat tokens, round stickers, poker and mini cards.

A piece draws itself centred on the origin, in millimetres, upright; the page engine turns and places it.
``face`` returns the codes it drew (payload and centre) for the manifest. Backs never carry a code or an
id: a face-down card or token must tell nothing about its face.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from engine.catalogue import Component

from . import fonts, qr
from .geometry import PieceSize

PT = 25.4 / 72  # one point in millimetres
MARK_BITS = 12  # the back mark: a guard cell, 12 bits of the back's deck, a guard cell
MARK_CELL = 1.0  # mm

CLASS_COLOURS: dict[str, str] = {
    "paysannerie": "#4f8a34",
    "bourgeoisie": "#c08f12",
    "clerge": "#6f6f6f",
    "chevalerie": "#2f5d9e",
    "magie": "#7a3f99",
    "noblesse": "#b03030",
    "M": "#222222",
    "A": "#222222",
}
CLASS_NAMES: dict[str, str] = {
    "paysannerie": "Paysannerie",
    "bourgeoisie": "Bourgeoisie",
    "clerge": "Clergé",
    "chevalerie": "Chevalerie",
    "magie": "Magie",
    "noblesse": "Noblesse",
    "M": "Majorité",
    "A": "Tous",
}
SYMBOL_ABBR: dict[str, str] = {
    "paysannerie": "Pa",
    "bourgeoisie": "Bo",
    "clerge": "Cl",
    "chevalerie": "Ch",
    "magie": "Ma",
    "noblesse": "No",
    "M": "M",
    "A": "A",
}
CARTUS_CLASSES = {
    "PAY": "paysannerie",
    "BOU": "bourgeoisie",
    "CLE": "clerge",
    "CHE": "chevalerie",
    "MAG": "magie",
    "NOB": "noblesse",
}
PEOPLE_COLOURS = {"blue": "#2f5d9e", "yellow": "#c99a00", "red": "#b53030", "green": "#3f8a3a"}
PURPLE = "#7b3fa0"

EVENT_TEXT = {
    "Nuit tranquille": "Le prochain joueur qui devrait piocher les cartes propagation n'a pas à le faire.",
    "Mission secrète": "Prenez un pion et déplacez-le dans la ville de votre choix.",
    "Ville fantôme": "Prenez une carte de la défausse propagation et retirez-la définitivement du jeu.",
    "Divinations": "Regardez les six cartes du dessus de la pioche propagation, remettez-les dans l'ordre "
    "de votre choix.",
    "Manu Militari": "Placez gratuitement un Fort dans la ville de votre choix.",
}
ROLE_TEXT = {
    "Consul": "Pour une action, construis un Fort dans ta ville. Une fois par tour, défausse une carte ville "
    "pour aller d'une ville avec Fort à n'importe quelle ville.",
    "Dictateur": "Empêche renforts et punaises dans ta ville et dans les villes qui y sont reliées.",
    "Tribun": "Retire toutes les punaises d'un peuple quand tu célèbres une victoire ; ta ville reste libre "
    "des peuples battus.",
    "Sénateur": "Pour une action, donne ou prends n'importe quelle carte ville à un joueur de ta ville.",
    "Licteur": "Déplace le pion d'un autre joueur comme le tien, ou sur une ville où se trouve un autre pion "
    "(avec son accord).",
    "Magistrat": "Pour une action, prends une carte événement de la défausse et garde-la sur cette carte "
    "(une seule).",
    "Imperator": "Il te suffit de 4 cartes du même peuple pour célébrer une victoire.",
}
RUPTURE_TEXT = (
    "À jouer aussitôt : 1. avancer la vitesse d'invasion ; 2. la carte du dessous de la pioche "
    "propagation reçoit 3 punaises ; 3. mélanger la défausse propagation et la remettre sur la pioche."
)


def back_code(key: str) -> int:
    """The 12-bit number a back's mark shows: the same for every piece of a deck, so it tells nothing
    about the face; a test (or a sorting helper) reads it to check that each back is its face's deck's."""
    return zlib.crc32(key.encode()) & ((1 << MARK_BITS) - 1)


def mark_cells(key: str) -> list[tuple[float, int]]:
    """(x of the cell centre from the piece's centre in mm, on 0/1) for each cell of the back mark."""
    code = back_code(key)
    bits = [1] + [(code >> (MARK_BITS - 1 - i)) & 1 for i in range(MARK_BITS)] + [1]
    n = len(bits)
    return [((i - (n - 1) / 2) * MARK_CELL, b) for i, b in enumerate(bits)]


def _rgb(hex_colour: str) -> tuple[float, float, float]:
    h = hex_colour.lstrip("#")
    return int(h[0:2], 16) / 255, int(h[2:4], 16) / 255, int(h[4:6], 16) / 255


@dataclass(frozen=True)
class Ink:
    """Colours, or greys for the low-ink option (then large areas are left blank, not filled)."""

    grey: bool = False

    def rgb(self, colour: str) -> tuple[float, float, float]:
        r, g, b = _rgb(colour)
        if not self.grey:
            return r, g, b
        y = 0.299 * r + 0.587 * g + 0.114 * b
        return y, y, y

    def fill(self, c: Canvas, colour: str) -> None:
        c.setFillColorRGB(*self.rgb(colour))

    def stroke(self, c: Canvas, colour: str) -> None:
        c.setStrokeColorRGB(*self.rgb(colour))

    def area(self, c: Canvas, colour: str, draw: Callable[[bool, bool], None]) -> None:
        """Fill a large area with ``colour`` (``draw(stroke, fill)``); low-ink mode leaves it blank."""
        if self.grey:
            return
        c.saveState()
        self.fill(c, colour)
        draw(False, True)
        c.restoreState()

    def on_area(self, c: Canvas) -> None:
        """Text colour on top of an ``area``: white on colour, black on paper."""
        if self.grey:
            c.setFillColorRGB(0, 0, 0)
        else:
            c.setFillColorRGB(1, 1, 1)


def text(
    c: Canvas,
    s: str,
    x: float,
    y: float,
    size: float,
    bold: bool = False,
    align: str = "centre",
    max_width: float | None = None,
) -> None:
    font = fonts.BOLD if bold else fonts.REGULAR
    if max_width is not None:
        size = fonts.fit_size(s, font, size, max_width)
    c.setFont(font, size)
    if align == "centre":
        c.drawCentredString(x, y, s)
    elif align == "right":
        c.drawRightString(x, y, s)
    else:
        c.drawString(x, y, s)


def paragraph(
    c: Canvas, s: str, x: float, top: float, width: float, bottom: float, size: float, min_size: float = 1.4
) -> None:
    """Centred wrapped text between ``top`` and ``bottom``, shrunk until it fits."""
    while True:
        lines = fonts.wrap(s, fonts.REGULAR, size, width)
        widest = max((fonts.width(line, fonts.REGULAR, size) for line in lines), default=0)
        if (len(lines) * size * 1.2 <= top - bottom and widest <= width) or size <= min_size:
            break
        size *= 0.92
    c.setFont(fonts.REGULAR, size)
    y = top - size
    for line in lines:
        c.drawCentredString(x, y, line)
        y -= size * 1.2


def symbol_disc(c: Canvas, key: str, x: float, y: float, r: float, ink: Ink) -> None:
    c.saveState()
    ink.fill(c, CLASS_COLOURS.get(key, "#222222"))
    c.circle(x, y, r, stroke=0, fill=1)
    c.setFillColorRGB(1, 1, 1)
    abbr = SYMBOL_ABBR.get(key, key[:2])
    text(c, abbr, x, y - r * 0.36, r * 1.05, bold=True, max_width=r * 1.7)
    c.restoreState()


def symbol_legend() -> str:
    return " · ".join(f"{SYMBOL_ABBR[k]} {CLASS_NAMES[k]}" for k in SYMBOL_ABBR)


def rat_path(c: Canvas, scale: float) -> Any:
    """A rat in profile, facing left, about 2·scale wide, as one path."""
    s = scale
    p = c.beginPath()
    # body and head in one outline
    p.moveTo(-0.95 * s, -0.02 * s)  # nose
    p.curveTo(-0.75 * s, 0.18 * s, -0.55 * s, 0.30 * s, -0.30 * s, 0.32 * s)
    p.curveTo(0.05 * s, 0.50 * s, 0.55 * s, 0.42 * s, 0.62 * s, 0.02 * s)
    p.curveTo(0.66 * s, -0.22 * s, 0.45 * s, -0.30 * s, 0.20 * s, -0.30 * s)
    p.lineTo(-0.45 * s, -0.28 * s)
    p.curveTo(-0.65 * s, -0.22 * s, -0.80 * s, -0.12 * s, -0.95 * s, -0.02 * s)
    p.close()
    # ear
    p.circle(-0.42 * s, 0.36 * s, 0.13 * s)
    return p


def draw_rat(c: Canvas, scale: float, colour: str, ink: Ink) -> None:
    c.saveState()
    ink.fill(c, colour)
    ink.stroke(c, colour)
    c.drawPath(rat_path(c, scale), stroke=0, fill=1)
    # tail
    c.setLineWidth(0.07 * scale)
    c.setLineCap(1)
    t = c.beginPath()
    t.moveTo(0.58 * scale, -0.12 * scale)
    t.curveTo(0.95 * scale, -0.30 * scale, 0.90 * scale, 0.35 * scale, 0.70 * scale, 0.55 * scale)
    c.drawPath(t, stroke=1, fill=0)
    # feet
    c.setLineWidth(0.05 * scale)
    for fx in (-0.35, 0.30):
        c.line(fx * scale, -0.29 * scale, (fx - 0.06) * scale, -0.40 * scale)
    c.restoreState()


class Piece:
    """Base: a size, a QR class and module size, and optional backs."""

    size: PieceSize
    size_class: str = qr.SMALL
    module: float = 0.5
    quiet: int = 2
    kind_label: str = "piece"

    def face(self, c: Canvas, comp: Component, ink: Ink) -> list[tuple[str, float, float]]:
        raise NotImplementedError

    def back_key(self, comp: Component) -> str | None:
        return None

    def back(self, c: Canvas, comp: Component, ink: Ink) -> None:
        return None

    @property
    def mark_y(self) -> float:
        """Where the back mark's row of cells sits (mm from the piece's centre, upright back)."""
        return -self.size.h / 2 + 6.0

    def back_mark(self, c: Canvas, key: str, ink: Ink) -> None:
        """A row of small squares under the back's art: which deck this back belongs to (see back_code)."""
        c.saveState()
        ink.on_area(c)
        for x, on in mark_cells(key):
            if on:
                c.rect(x - MARK_CELL / 2, self.mark_y - MARK_CELL / 2, MARK_CELL, MARK_CELL, stroke=0, fill=1)
        c.restoreState()

    def code_side(self, comp: Component) -> float:
        return (qr.modules(comp.payload, self.size_class) + 2 * self.quiet) * self.module

    def draw_code(self, c: Canvas, comp: Component, cx: float, cy: float) -> tuple[str, float, float]:
        side = self.code_side(comp)
        qr.draw(c, comp.payload, self.size_class, cx - side / 2, cy - side / 2, self.module, self.quiet)
        return comp.payload, cx, cy


class RatToken(Piece):
    """A 30 mm round rat token: face = threshold, class symbols and the code; back = the rat."""

    kind_label = "Jeton rat Ø 30 mm"

    def __init__(self, faces: Callable[[str], Any]) -> None:
        self.size = PieceSize(30.0, 30.0, 3.0, round=True)
        self.module = 0.5
        self.quiet = 2
        self.faces = faces

    def face(self, c: Canvas, comp: Component, ink: Ink) -> list[tuple[str, float, float]]:
        r = self.size.w / 2
        face = self.faces(comp.id)
        ink.area(c, "#f3ead2", lambda s, f: c.circle(0, 0, r + self.size.bleed, stroke=int(s), fill=int(f)))
        if comp.attrs.get("start"):
            c.saveState()
            ink.stroke(c, PURPLE)
            c.setLineWidth(1.4)
            c.circle(0, 0, r - 1.3)
            c.restoreState()
        placed = [self.draw_code(c, comp, 0, -0.6)]
        c.setFillColorRGB(0, 0, 0)
        # the id, small, up the left side of the code
        c.saveState()
        c.translate(-8.6, -0.6)
        c.rotate(90)
        text(c, comp.id, 0, -0.6, 1.7, bold=True)
        c.restoreState()
        if face is None:
            c.saveState()
            c.setStrokeColorRGB(0.55, 0.55, 0.55)
            c.setLineWidth(0.15)
            c.setDash(0.6, 0.6)
            c.roundRect(-3.5, 6.6, 7, 5.8, 1.0)  # threshold, to write by hand
            c.roundRect(-5.4, -11.7, 10.8, 4.2, 1.0)  # symbols
            c.restoreState()
            return placed
        c.setFillColorRGB(0, 0, 0)
        text(c, str(face.threshold), 0, 7.3, 5.4, bold=True)
        symbols = list(face.symbols)
        if symbols:
            n = len(symbols)
            d = min(3.5, 12.5 / n)
            x0 = -(n - 1) * d / 2
            for i, key in enumerate(symbols):
                symbol_disc(c, key, x0 + i * d, -9.6, d * 0.46, ink)
        return placed

    def back_key(self, comp: Component) -> str:
        return "rattus-token-back"

    def back(self, c: Canvas, comp: Component, ink: Ink) -> None:
        r = self.size.w / 2
        ink.area(c, "#3b2a20", lambda s, f: c.circle(0, 0, r + self.size.bleed, stroke=int(s), fill=int(f)))
        c.saveState()
        c.translate(0.5, -0.5)
        draw_rat(c, 10.5, "#d9c79e" if not ink.grey else "#555555", ink)
        c.restoreState()

    @property
    def mark_y(self) -> float:
        return -9.0


class Sticker(Piece):
    """A round sticker: the code and the id, nothing else (to stick on a piece of the original box)."""

    def __init__(self, diameter: float = 20.0, kind_label: str = "Pastille Ø 20 mm") -> None:
        self.size = PieceSize(diameter, diameter, 3.0, round=True)
        self.module = 0.55
        self.quiet = 2
        self.kind_label = kind_label

    def face(self, c: Canvas, comp: Component, ink: Ink) -> list[tuple[str, float, float]]:
        r = self.size.w / 2
        # a pale disc out to the bleed, so that the circle to cut is visible on the sheet
        ink.area(c, "#dfe7ef", lambda s, f: c.circle(0, 0, r + self.size.bleed, stroke=int(s), fill=int(f)))
        c.saveState()
        c.setFillColorRGB(1, 1, 1)
        c.circle(0, 0, r - 0.9, stroke=0, fill=1)
        c.restoreState()
        placed = [self.draw_code(c, comp, 0, 0.9)]
        c.setFillColorRGB(0, 0, 0)
        text(c, comp.id, 0, -self.size.w / 2 + 1.45, 1.55, bold=True, max_width=8.5)
        return placed


@dataclass(frozen=True)
class CardLook:
    """What a card face says: banner label and colour, title, body text."""

    banner: str
    colour: str
    title: str
    body: str = ""


@dataclass(frozen=True)
class BackLook:
    key: str
    colour: str
    lines: tuple[str, ...]  # first line big


def pandemie_look(comp: Component) -> CardLook:
    a = comp.attrs
    prov = str(a.get("province_name") or a.get("province") or "")
    prefix = comp.id.split(":", 1)[0]
    if prefix in ("PC", "PI"):
        colour = PEOPLE_COLOURS.get(str(a.get("colour")), "#555555")
        pop = a.get("population")
        pop_txt = f"{pop:,}".replace(",", "\u202f") if isinstance(pop, int) else str(pop or "")
        body = f"Peuple : {a.get('people', '?')} ({a.get('colour_fr', '?')})"
        if pop_txt and prefix == "PC":
            body += f"\nPopulation : {pop_txt}"
        label = "VILLE" if prefix == "PC" else "PROPAGATION"
        return CardLook(f"{label} · {prov}", colour, comp.name, body)
    if prefix == "PR":
        return CardLook(f"RUPTURE · {prov}", "#7a1e1e", "Rupture", RUPTURE_TEXT)
    if prefix == "PE":
        return CardLook(f"ÉVÉNEMENT · {prov}", "#8a6d1d", comp.name, EVENT_TEXT.get(comp.name, ""))
    if prefix == "PO":
        return CardLook(f"RÔLE · {prov}", "#2d3e50", comp.name, ROLE_TEXT.get(comp.name, ""))
    return CardLook(prov or "PANDÉMIE", "#555555", comp.name)


def pandemie_back(comp: Component) -> BackLook:
    a = comp.attrs
    prov = str(a.get("province_name") or a.get("province") or "")
    back = str(a.get("back") or "joueur")
    colours = {"joueur": "#5b3a1e", "propagation": "#6d1f1f", "rôle": "#2d3e50"}
    names = {"joueur": "Cartes joueur", "propagation": "Propagation", "rôle": "Rôle"}
    return BackLook(
        f"pandemie/{back}/{prov}",
        colours.get(back, "#444444"),
        ("PANDÉMIE", "Invasion barbare", names.get(back, back), prov),
    )


def rattus_look(comp: Component) -> CardLook:
    a = comp.attrs
    cls = str(a.get("class") or "")
    colour = CLASS_COLOURS.get(cls, "#555555")
    label = "PIED PIPER" if a.get("expansion") else "CLASSE"
    body = f"Classe : {CLASS_NAMES.get(cls, cls)}"
    if a.get("english"):
        body += f"\n({a['english']})"
    return CardLook(f"{label} · {CLASS_NAMES.get(cls, cls)}", colour, comp.name, body)


def _building_name(code: str) -> str:
    """``CAB`` → « Vient de : Cabane du joueur de flûte » (the Cartus building a special card comes from)."""
    if not code:
        return ""
    try:
        from engine.games.cartus import data as cartus_data

        return f"Vient de : {cartus_data.building_types()[code].fr}"
    except (ImportError, KeyError):
        return code


def cartus_look(comp: Component) -> CardLook:
    a = comp.attrs
    cls = CARTUS_CLASSES.get(str(a.get("class") or ""), "")
    colour = CLASS_COLOURS.get(cls, "#5b4a3a")
    if comp.kind == "population":
        nuns = a.get("nuns", 0)
        return CardLook(
            f"POPULATION · {CLASS_NAMES.get(cls, '')}", colour, comp.name, f"Nonnes : {nuns}" if nuns else ""
        )
    if comp.kind == "building":
        return CardLook(
            f"BÂTIMENT · {CLASS_NAMES.get(cls, '')}",
            colour,
            comp.name,
            f"({a.get('name_en', '')})\nExemplaire {a.get('copy', '')}",
        )
    if comp.kind == "special":
        return CardLook("SPÉCIALE", "#5b4a3a", comp.name, _building_name(str(a.get("from", "") or "")))
    return CardLook(comp.kind.upper().replace("-", " "), "#5b4a3a", comp.name)


def generic_look(comp: Component) -> CardLook:
    return CardLook(comp.game.upper(), "#555555", comp.name)


CARD_FORMATS: dict[str, tuple[float, float, float]] = {
    # name: trim width, trim height, QR module (mm)
    "poker": (63.0, 88.0, 1.0),
    "mini": (44.0, 63.0, 0.7),
}


class Card(Piece):
    """A poker (63 × 88 mm) or mini (44 × 63 mm) card: banner, title, text, a level-H code."""

    size_class = qr.CARD

    def __init__(
        self, fmt: str, look: Callable[[Component], CardLook], back: Callable[[Component], BackLook]
    ):
        if fmt not in CARD_FORMATS:
            raise ValueError(f"unknown card size {fmt!r}: choose one of {', '.join(CARD_FORMATS)}")
        w, h, module = CARD_FORMATS[fmt]
        self.fmt = fmt
        self.size = PieceSize(w, h, 3.0)
        self.module = module
        self.quiet = 4
        self.look = look
        self.back_look = back
        self.kind_label = f"Carte {fmt} {w:g}×{h:g} mm"

    def face(self, c: Canvas, comp: Component, ink: Ink) -> list[tuple[str, float, float]]:
        w, h, b = self.size.w, self.size.h, self.size.bleed
        mini = self.fmt == "mini"
        look = self.look(comp)
        band = 9.0 if mini else 12.0
        ink.area(
            c,
            look.colour,
            lambda s, f: c.rect(-w / 2 - b, h / 2 - band, w + 2 * b, band + b, stroke=int(s), fill=int(f)),
        )
        if ink.grey:  # no banner fill: a rule under the banner text, inside the trim
            c.setLineWidth(0.3)
            c.setStrokeColorRGB(0.3, 0.3, 0.3)
            c.line(-w / 2 + 2, h / 2 - band, w / 2 - 2, h / 2 - band)
        ink.on_area(c)
        text(c, look.banner, 0, h / 2 - band + band * 0.36, 2.6 if mini else 3.3, bold=True, max_width=w - 7)
        c.setFillColorRGB(0, 0, 0)
        title_size = 3.8 if mini else 5.2
        title_y = h / 2 - band - title_size - 2.2
        text(c, look.title, 0, title_y, title_size, bold=True, max_width=w - 7)
        side = self.code_side(comp)
        bottom = -h / 2 + (4.2 if mini else 5.0)
        code_y = bottom + side / 2
        if look.body:
            paragraph(
                c,
                look.body,
                0,
                title_y - 2.0,
                w - 8,
                bottom + side - self.quiet * self.module + 0.8,
                2.2 if mini else 2.8,
            )
        placed = [self.draw_code(c, comp, 0, code_y)]
        c.setFillColorRGB(0.25, 0.25, 0.25)
        text(c, comp.id, 0, -h / 2 + (2.2 if mini else 2.6), 1.6 if mini else 1.9)
        return placed

    def back_key(self, comp: Component) -> str:
        return self.back_look(comp).key

    def back(self, c: Canvas, comp: Component, ink: Ink) -> None:
        w, h, b = self.size.w, self.size.h, self.size.bleed
        look = self.back_look(comp)
        ink.area(
            c,
            look.colour,
            lambda s, f: c.rect(-w / 2 - b, -h / 2 - b, w + 2 * b, h + 2 * b, stroke=int(s), fill=int(f)),
        )
        c.saveState()
        if ink.grey:
            c.setStrokeColorRGB(0.35, 0.35, 0.35)
        else:
            c.setStrokeColorRGB(1, 1, 1)
        c.setLineWidth(0.5)
        c.roundRect(-w / 2 + 3, -h / 2 + 3, w - 6, h - 6, 2.5)
        c.restoreState()
        ink.on_area(c)
        scale = w / 63
        first, *rest = look.lines
        text(c, first, 0, 4 * scale, 6.5 * scale, bold=True, max_width=w - 10)
        y = -2 * scale
        for line in rest:
            if line:
                text(c, line, 0, y, 3.4 * scale, max_width=w - 10)
                y -= 5 * scale
