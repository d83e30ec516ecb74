"""Every physical card of the four shipped provinces, with its stable id (see :mod:`engine.catalogue`).

Per province (code ``G`` Gallia, ``H`` Hispania, ``E`` Aegyptus, ``A`` Achaia): 48 city cards
``PC:<code><nn>``, 48 propagation cards ``PI:<code><nn>`` (``nn`` = the city's place in the data file),
the 48 cities' spots on a printed board ``PB:<code><nn>`` (:mod:`engine.boards`),
6 Rupture cards ``PR:<code><n>``, 5 event cards ``PE:<code><n>`` (1 Nuit tranquille, 2 Mission secrète,
3 Ville fantôme, 4 Divinations, 5 Manu Militari) and 6 role cards ``PO:<code><n>`` (the province's
``roles`` list, in order).
"""

from __future__ import annotations

from engine.catalogue import Component

from .board import COLOUR_FR, EVENT_CARDS, PEOPLES, RUPTURE_CARDS, ProvinceData, shipped

GAME = "pandemie"


def province_components(p: ProvinceData) -> list[Component]:
    out: list[Component] = []
    for i, c in enumerate(p.cities):
        key = f"{p.code}{i + 1:02d}"
        attrs = {
            "province": p.code,
            "province_name": p.name,
            "city": c.name,
            "colour": c.colour,
            "colour_fr": COLOUR_FR[c.colour],
            "people": PEOPLES[c.colour],
            "population": c.population,
        }
        out.append(Component(f"PC:{key}", GAME, "city-card", c.name, {**attrs, "back": "joueur"}))
        out.append(Component(f"PI:{key}", GAME, "propagation-card", c.name, {**attrs, "back": "propagation"}))
        out.append(Component(f"PB:{key}", GAME, "board-city", c.name, attrs))  # its spot on a printed board
    for k in range(RUPTURE_CARDS):
        out.append(
            Component(
                f"PR:{p.code}{k + 1}",
                GAME,
                "rupture-card",
                "Rupture",
                {"province": p.code, "province_name": p.name, "back": "joueur", "number": k + 1},
            )
        )
    for k, name in enumerate(EVENT_CARDS):
        out.append(
            Component(
                f"PE:{p.code}{k + 1}",
                GAME,
                "event-card",
                name,
                {"province": p.code, "province_name": p.name, "back": "joueur", "event": k + 1},
            )
        )
    for k, role in enumerate(p.roles):
        out.append(
            Component(
                f"PO:{p.code}{k + 1}",
                GAME,
                "role-card",
                role,
                {"province": p.code, "province_name": p.name, "back": "rôle", "role": role},
            )
        )
    return out


def components() -> list[Component]:
    return [c for p in shipped() for c in province_components(p)]
