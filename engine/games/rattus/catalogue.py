"""Rattus physical components: the 49 rat tokens, the 6 class cards, the 12 Pied Piper characters."""

from __future__ import annotations

from engine.catalogue import Component

from .characters import CHARACTERS
from .profile import START_IDS, TOKEN_IDS


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
    return out
