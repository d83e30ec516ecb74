"""Rattus's board part of the table/seat screen: active player, the Plague, regions, castle, characters."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import flet as ft

from engine.games.rattus.characters import CHARACTERS
from engine.games.rattus.text import character

from .. import model
from ..boardkit import generic_board
from ..widgets import chip, heading, pill

RAT_TEXT: dict[str, dict[str, str]] = {
    "active": {"fr": "Joueur actif", "en": "Active player"},
    "phase": {"fr": "Phase", "en": "Phase"},
    "plague": {"fr": "La Peste est en", "en": "The Plague is in"},
    "regions": {"fr": "Régions", "en": "Regions"},
    "rats": {"fr": "rats", "en": "rats"},
    "nuns": {"fr": "nonnes", "en": "nuns"},
    "bishops": {"fr": "évêques", "en": "bishops"},
    "potions": {"fr": "potions", "en": "potions"},
    "castle": {"fr": "Château", "en": "Castle"},
    "reserve": {"fr": "Cubes en réserve", "en": "Cubes in reserve"},
    "cards": {"fr": "Personnages", "en": "Characters"},
    "free": {"fr": "libre", "en": "free"},
    "supply": {"fr": "Jetons rats restants", "en": "Rat tokens left"},
    "more": {"fr": "Autres informations", "en": "Other information"},
}
# the engine's phases (engine.games.rattus.state), as the rulebook names the moments of a turn
RAT_PHASES: dict[str, dict[str, str]] = {
    "setup": {"fr": "mise en place", "en": "setup"},
    "actions": {"fr": "actions", "en": "actions"},
    "spread": {"fr": "propagation des rats", "en": "rats spreading"},
    "plague": {"fr": "la Peste frappe", "en": "the Plague strikes"},
    "ravage": {"fr": "ravages", "en": "ravage"},
    "turn_end": {"fr": "fin du tour", "en": "end of turn"},
    "between": {"fr": "entre deux tours", "en": "between turns"},
    "crusader": {"fr": "croisé", "en": "crusader"},
    "crusader_flip": {"fr": "croisé : jetons retournés", "en": "crusader: tokens turned over"},
    "baker": {"fr": "boulanger", "en": "baker"},
    "final": {"fr": "fin de partie", "en": "end of the game"},
    "final_plague": {"fr": "dernière Peste", "en": "last Plague"},
    "over": {"fr": "partie terminée", "en": "game over"},
}
_RAT_DONE = {
    "game",
    "seat",
    "seats",
    "active",
    "phase",
    "regions",
    "links",
    "plague",
    "castle",
    "reserve",
    "cards",
    "supply",
    "mode",
    "stage",
    "outcome",
    "profile",
}


def _rt(key: str, lang: str) -> str:
    return RAT_TEXT[key].get(lang) or RAT_TEXT[key]["fr"]


def board(
    view: Mapping[str, Any], lang: str, seat: str, names: Mapping[str, str] | None = None, focus: str = ""
) -> ft.Control:
    head = [
        chip(_rt("active", lang), model.say(str(view["active"]), lang, names) if view.get("active") else "—"),
        chip(
            _rt("phase", lang),
            (RAT_PHASES.get(str(view.get("phase")), {}).get(lang) or str(view.get("phase") or "—")),
        ),
        chip(_rt("plague", lang), str(view.get("plague") or "—")),
        chip(_rt("supply", lang), str(view.get("supply", "—"))),
    ]
    parts: list[ft.Control] = [ft.Row(head, wrap=True, spacing=8, run_spacing=8)]
    regions: Mapping[str, Mapping[str, Any]] = view.get("regions") or {}
    if regions:
        rows: list[ft.Control] = [heading(_rt("regions", lang), 18)]
        for name, r in regions.items():
            bits = [f"{_rt('rats', lang)} {r.get('rats', 0)}"]
            for k in ("nuns", "bishops"):
                if r.get(k):
                    bits.append(f"{_rt(k, lang)} {r[k]}")
            potions = r.get("potions") or {}
            if potions:
                bits.append(f"{_rt('potions', lang)} {model.fmt(potions, lang)}")
            cubes = r.get("cubes") or {}
            cube_pills = [pill(f"{model.say(s, lang, names)}: {n}") for s, n in cubes.items() if n]
            plague_here = name == view.get("plague")
            rows.append(
                ft.Container(
                    content=ft.Row(
                        [
                            ft.Text(name, size=16, width=110, weight=ft.FontWeight.BOLD),
                            ft.Text(" · ".join(bits), size=15),
                            *cube_pills,
                        ],
                        wrap=True,
                        spacing=8,
                        run_spacing=4,
                    ),
                    padding=ft.Padding.symmetric(horizontal=8, vertical=6),
                    border_radius=10,
                    bgcolor=ft.Colors.ERROR_CONTAINER if plague_here else None,
                )
            )
        parts.append(ft.Column(rows, spacing=4, tight=True))
    castle = view.get("castle") or {}
    reserve = view.get("reserve") or {}
    if castle or reserve:
        parts.append(
            ft.Row(
                [
                    *(
                        chip(f"{_rt('castle', lang)} · {model.say(s, lang, names)}", str(n))
                        for s, n in (castle.get("cubes") or {}).items()
                    ),
                    *(
                        chip(f"{_rt('reserve', lang)} · {model.say(s, lang, names)}", str(n))
                        for s, n in reserve.items()
                    ),
                ],
                wrap=True,
                spacing=8,
                run_spacing=8,
            )
        )
    cards = view.get("cards") or {}
    if cards:
        parts.append(heading(_rt("cards", lang), 18))
        parts.append(
            ft.Row(
                [
                    pill(
                        f"{character(k, lang) if k in CHARACTERS else c.get('name', k)} — "  # (en: Peasant)
                        f"{model.say(c['holder'], lang, names) if c.get('holder') else _rt('free', lang)}"
                    )
                    for k, c in cards.items()
                ],
                wrap=True,
                spacing=6,
                run_spacing=6,
            )
        )
    rest = {k: v for k, v in view.items() if k not in _RAT_DONE}
    if rest:
        parts.append(
            ft.ExpansionTile(
                title=ft.Text(_rt("more", lang), size=16), controls=[generic_board(rest, lang, seat)]
            )
        )
    return ft.Column(parts, spacing=12, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
