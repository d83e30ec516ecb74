"""The Rattus Cartus cards that can be printed or scanned (ids ``RCC:…``, see :mod:`.data`).

211 cards: 84 population (6 classes × 14, with their nun symbols), 60 buildings (12 types × 5 copies),
51 special cards (12 swords, 12 flutes, 12 passes, 15 gold), 15 jokers and the first-player card.
The split of nun symbols inside one class (4,4,4,4,3,3,2,2,1,1,0,0,0,0) is an assumption that keeps the
box's total (24×4, 12×3, 12×2, 12×1, 24×0); the rules text gives only the total.
"""

from __future__ import annotations

from engine.catalogue import Component

from . import data as D

GAME = "cartus"


def components() -> list[Component]:
    dat = D.data()
    out: list[Component] = []
    for cls in dat.classes:
        for i, nuns in enumerate(dat.population_nuns_per_class, start=1):
            out.append(
                Component(
                    D.population_id(cls.code, i),
                    GAME,
                    "population",
                    f"{cls.person_fr} ({cls.fr})",
                    {"class": cls.code, "class_name": cls.fr, "nuns": nuns, "name_en": cls.person_en},
                )
            )
    for b in dat.buildings:
        for i in range(1, dat.copies_per_building + 1):
            out.append(
                Component(
                    D.building_id(b.code, i),
                    GAME,
                    "building",
                    b.fr,
                    {"type": b.code, "class": b.cls, "copy": i, "action": b.action, "name_en": b.en},
                )
            )
    for sp in dat.specials:
        for i in range(1, sp.count + 1):
            out.append(
                Component(
                    f"RCC:S:{sp.code}{i:02d}",
                    GAME,
                    "special",
                    sp.fr,
                    {"special": sp.kind, "from": sp.source, "name_en": sp.en},
                )
            )
    for i in range(1, dat.jokers + 1):
        out.append(Component(f"RCC:J:{i:02d}", GAME, "joker", "Joker", {"name_en": "Joker"}))
    out.append(
        Component("RCC:PJ", GAME, "first-player", "Carte premier joueur", {"name_en": "First player card"})
    )
    return out
