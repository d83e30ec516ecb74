"""Rattus physical components: the 49 rat tokens, the 6 class cards, the 12 Pied Piper characters, and the 12
regions' spots on a printed map (``RRG:01``..``RRG:12``)."""

from __future__ import annotations

from engine.catalogue import Component

from .characters import CHARACTERS
from .profile import REGION_COUNT, START_IDS, TOKEN_IDS


def components() -> list[Component]:
    out = [
        Component(
            tid,
            "rattus",
            "rat-token",
            f"Jeton rat {tid[4:]}" + (" (départ, cerclé de violet)" if tid in START_IDS else ""),
            {"start": tid in START_IDS, "number": int(tid[4:])},
        )
        for tid in TOKEN_IDS
    ]
    for c in CHARACTERS.values():
        out.append(
            Component(
                c.component,
                "rattus",
                "pied-piper-character" if c.expansion else "class-card",
                c.fr,
                {"key": c.key, "class": c.cls, "english": c.en, "expansion": c.expansion},
            )
        )
    for i in range(
        REGION_COUNT
    ):  # a region's spot on a printed map (engine.boards.rattus), by its place in the profile
        out.append(
            Component(f"RRG:{i + 1:02d}", "rattus", "board-region", f"Région {i + 1}", {"index": i + 1})
        )
    return out
