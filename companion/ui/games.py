"""Per-game screens: titles, new-table option forms, and board renderers (generic fallback).

A game-specific renderer takes ``(view, lang, seat)`` and returns a Flet control; when a game has
none, or its renderer fails on a view it does not expect, the generic renderer
(:func:`companion.ui.model.sections`) shows every section, list and counter of the view.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any

import flet as ft

from . import model
from .i18n import DEFAULT_LANG
from .model import OptionSpec
from .widgets import sections_control

log = logging.getLogger("tablekeeper.app")

TITLES: dict[str, dict[str, str]] = {
    "pandemie": {"fr": "Pandémie — Invasion barbare", "en": "Pandemic — Barbarian invasion"},
    "rattus": {"fr": "Rattus", "en": "Rattus"},
    "cartus": {"fr": "Rattus Cartus", "en": "Rattus Cartus"},
    "plague": {"fr": "Plague & Pestilence", "en": "Plague & Pestilence"},
}


def game_title(game: str, lang: str = DEFAULT_LANG) -> str:
    t = TITLES.get(game)
    return (t.get(lang) or t[DEFAULT_LANG]) if t else model.humanize_type(game or "?")


def _players(lo: int, hi: int, default: int) -> OptionSpec:
    return OptionSpec("players", "int", default, f"Nombre de joueurs ({lo} à {hi})",
                      f"Number of players ({lo} to {hi})", (lo, hi))


# The form shows the options a group usually sets; anything else goes in the advanced JSON field.
OPTION_SPECS: dict[str, tuple[OptionSpec, ...]] = {
    "pandemie": (
        OptionSpec("provinces", "int", 1, "Provinces (plateaux, 1 à 4)", "Provinces (boards, 1 to 4)", (1, 4)),
        OptionSpec("players", "int", 4, "Joueurs par province (1 à 6)", "Players per province (1 to 6)", (1, 6)),
        OptionSpec("difficulty", "choice", "normal", "Difficulté", "Difficulty", ("novice", "normal", "expert"),
                   labels={"novice": ("Initiation (4 Ruptures)", "Novice (4 Ruptures)"),
                           "normal": ("Normal (5 Ruptures)", "Normal (5 Ruptures)"),
                           "expert": ("Expert (6 Ruptures)", "Expert (6 Ruptures)")}),
        OptionSpec("open_hands", "bool", True, "Mains visibles de tous", "Hands open to everyone"),
    ),
    "rattus": (
        _players(2, 4, 4),
        OptionSpec("mode", "choice", "physical", "Jetons rats", "Rat tokens", ("physical", "digital"),
                   labels={"physical": ("Vrais jetons (scannés)", "Real tokens (scanned)"),
                           "digital": ("Sac caché dans l'app", "Hidden bag in the app")}),
        OptionSpec("characters", "choice", "base", "Personnages", "Characters",
                   ("base", "age-d-or", "controle-des-rats", "europe-en-guerre", "random", "one-per-class"),
                   labels={"base": ("De base", "Base game"), "age-d-or": ("Âge d'or", "Golden age"),
                           "controle-des-rats": ("Contrôle des rats", "Rat control"),
                           "europe-en-guerre": ("Europe en guerre", "Europe at war"),
                           "random": ("Au hasard", "Random"), "one-per-class": ("Un par classe", "One per class")}),
    ),
    "cartus": (
        _players(2, 5, 4),
        OptionSpec("selection", "choice", "first", "Bâtiments", "Buildings", ("first", "random-type", "random-five"),
                   labels={"first": ("Première partie", "First game"),
                           "random-type": ("Au hasard par type", "Random by type"),
                           "random-five": ("Cinq au hasard", "Random five")}),
        OptionSpec("first_player", "choice", "p1", "Premier joueur", "First player", ("p1", "random"),
                   labels={"p1": ("p1", "p1"), "random": ("Au hasard", "Random")}),
    ),
    "plague": (  # its 2d6 tables come from the box profile: the form of profile_screens.PlagueProfilePanel
        _players(2, 6, 4),
        OptionSpec("hidden_population", "bool", False, "Populations cachées (règle optionnelle 1)",
                   "Hidden populations (optional rule 1)"),
        OptionSpec("doubles", "bool", False, "Doubles (règle optionnelle 3)", "Doubles (optional rule 3)"),
        OptionSpec("last_chance", "bool", False, "Dernière chance (règle optionnelle 4)",
                   "Last chance (optional rule 4)"),
    ),
}


def option_specs(game: str) -> tuple[OptionSpec, ...]:
    return OPTION_SPECS.get(game, ())


Renderer = Callable[[Mapping[str, Any], str, str], ft.Control]
RENDERERS: dict[str, Renderer] = {}


def renderer(game: str) -> Callable[[Renderer], Renderer]:
    def deco(fn: Renderer) -> Renderer:
        RENDERERS[game] = fn
        return fn

    return deco


def generic_board(view: Mapping[str, Any], lang: str, seat: str = "", skip: tuple[str, ...] = ()) -> ft.Control:
    secs = model.sections(view, lang, skip=skip)
    if not secs:
        return ft.Text("—", size=16)
    return sections_control(secs, boxed=False)


def board_control(game: str, view: Mapping[str, Any], lang: str, seat: str) -> ft.Control:
    fn = RENDERERS.get(game)
    if fn is not None:
        try:
            return fn(view, lang, seat)
        except Exception:  # noqa: BLE001 - a view the renderer does not expect: show it generically
            log.exception("%s renderer failed; using the generic one", game)
    return generic_board(view, lang, seat)


# -- names of components ----------------------------------------------------------------------------
def component_name(cid: str) -> str:
    """The catalogue name of a component id (``PC:G23`` → ``Forum Iulii``), else the id itself."""
    try:
        from engine import catalogue

        c = catalogue.get(cid)
    except Exception:  # noqa: BLE001 - a missing or broken catalogue must not break a screen
        c = None
    return c.name if c is not None else cid


# -- Pandémie -------------------------------------------------------------------------------------------
PAN_COLOURS: dict[str, tuple[str, str, str]] = {  # colour → (fr, en, swatch)
    "blue": ("bleu", "blue", ft.Colors.BLUE_300),
    "yellow": ("jaune", "yellow", ft.Colors.YELLOW_600),
    "red": ("rouge", "red", ft.Colors.RED_300),
    "green": ("vert", "green", ft.Colors.GREEN_400),
}

PAN_TEXT: dict[str, dict[str, str]] = {
    "turn": {"fr": "Au tour de", "en": "Turn of"},
    "phase": {"fr": "Phase", "en": "Phase"},
    "actions": {"fr": "Actions", "en": "Actions"},
    "speed": {"fr": "Vitesse de propagation", "en": "Infection rate"},
    "surges": {"fr": "Déferlements", "en": "Surges"},
    "supply": {"fr": "Punaises en réserve", "en": "Pins left"},
    "pins": {"fr": "Invasions sur le plateau", "en": "Invasions on the board"},
    "forts": {"fr": "Forts", "en": "Forts"},
    "victories": {"fr": "Victoires", "en": "Victories"},
    "eradicated": {"fr": "Éradiqués", "en": "Eradicated"},
    "decks": {"fr": "Pioches", "en": "Decks"},
    "player_deck": {"fr": "Joueurs", "en": "Player"},
    "propagation_deck": {"fr": "Propagation", "en": "Infection"},
    "players": {"fr": "Joueurs", "en": "Players"},
    "hand": {"fr": "Main", "en": "Hand"},
    "hidden": {"fr": "{n} cartes (cachées)", "en": "{n} cards (hidden)"},
    "in": {"fr": "à", "en": "in"},
    "quiet": {"fr": "Nuit tranquille", "en": "Quiet night"},
    "divination": {"fr": "Divinations en cours : {seat}", "en": "Divination in progress: {seat}"},
    "prop_discard": {"fr": "Défausse propagation (dernières)", "en": "Infection discard (latest)"},
    "none": {"fr": "aucune", "en": "none"},
    "you": {"fr": "vous", "en": "you"},
}


def _pt(key: str, lang: str, **kw: Any) -> str:
    e = PAN_TEXT[key]
    s = e.get(lang) or e["fr"]
    return s.format(**kw) if kw else s


def _colour_chip(colour: str, n: int | str, lang: str) -> ft.Control:
    fr, en, swatch = PAN_COLOURS.get(colour, (colour, colour, ft.Colors.GREY_400))
    return ft.Container(
        content=ft.Row([ft.Container(width=16, height=16, border_radius=8, bgcolor=swatch),
                        ft.Text(f"{n} {en if lang == 'en' else fr}", size=16)], spacing=6, tight=True),
        padding=ft.Padding.symmetric(horizontal=10, vertical=6), border_radius=16, bgcolor=ft.Colors.SURFACE,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
    )


def _city(key: str) -> str:
    return component_name(f"PC:{key}") if key else "—"


@renderer("pandemie")
def pandemie_board(view: Mapping[str, Any], lang: str, seat: str) -> ft.Control:
    from .widgets import chip, heading, pill

    parts: list[ft.Control] = []
    players: Mapping[str, Any] = view.get("players") or {}
    provinces: list[Mapping[str, Any]] = list(view.get("provinces") or [])
    me = players.get(seat)
    if me is not None:  # a player's phone: their own hand first
        hand = me.get("hand")
        cards = [pill(component_name(c)) for c in hand] if hand is not None else [ft.Text(_pt("hidden", lang, n=me.get("hand_size", 0)))]
        parts.append(ft.Column([
            heading(f"{me.get('role', '')} · {_city(me.get('city') or '')}", 18),
            ft.Text(_pt("hand", lang), size=15, weight=ft.FontWeight.W_600),
            ft.Row(cards, wrap=True, spacing=6, run_spacing=6),
        ], spacing=6, tight=True))
    for p in provinces:
        code = str(p.get("code", ""))
        turn = p.get("turn")
        counters = [
            chip(_pt("turn", lang), f"{turn}" + (f" ({_pt('you', lang)})" if turn == seat else "") if turn else "—"),
            chip(_pt("actions", lang), str(p.get("actions_left", "—"))),
            chip(_pt("speed", lang), str(p.get("speed", "—"))),
            chip(_pt("surges", lang), str(p.get("surges", 0))),
            chip(_pt("phase", lang), str(p.get("phase", "—"))),
        ]
        block: list[ft.Control] = [
            heading(f"{p.get('name', code)} ({code})", 20),
            ft.Row(counters, wrap=True, spacing=8, run_spacing=8),
        ]
        if p.get("quiet_night"):
            block.append(pill(_pt("quiet", lang)))
        if p.get("divination"):
            block.append(pill(_pt("divination", lang, seat=p["divination"])))
        supply = p.get("supply") or {}
        block.append(ft.Text(_pt("supply", lang), size=15, weight=ft.FontWeight.W_600))
        block.append(ft.Row([_colour_chip(c, n, lang) for c, n in supply.items()], wrap=True, spacing=6, run_spacing=6))
        pins: Mapping[str, Mapping[str, int]] = p.get("pins") or {}
        block.append(ft.Text(_pt("pins", lang), size=15, weight=ft.FontWeight.W_600))
        rows: list[ft.Control] = []
        for key, by_colour in sorted(pins.items(), key=lambda kv: -sum(kv[1].values())):
            total = sum(by_colour.values())
            rows.append(ft.Row(
                [ft.Text(_city(key), size=16, width=150, weight=ft.FontWeight.BOLD if total >= 3 else None),
                 *[_colour_chip(c, n, lang) for c, n in by_colour.items()]],
                wrap=True, spacing=6, run_spacing=4))
        block.append(ft.Column(rows or [ft.Text(_pt("none", lang))], spacing=4, tight=True))
        extra = []
        if p.get("forts"):
            extra.append(f"{_pt('forts', lang)} : {', '.join(_city(k) for k in p['forts'])}")
        if p.get("victories"):
            extra.append(f"{_pt('victories', lang)} : {', '.join(PAN_COLOURS.get(c, (c, c, ''))[0 if lang == 'fr' else 1] for c in p['victories'])}")
        if p.get("eradicated"):
            extra.append(f"{_pt('eradicated', lang)} : {', '.join(PAN_COLOURS.get(c, (c, c, ''))[0 if lang == 'fr' else 1] for c in p['eradicated'])}")
        extra.append(f"{_pt('decks', lang)} : {_pt('player_deck', lang)} {p.get('player_deck', '?')} · "
                     f"{_pt('propagation_deck', lang)} {p.get('propagation_deck', '?')}")
        block += [ft.Text(x, size=15) for x in extra]
        disc = list(p.get("propagation_discard") or [])[-8:]
        if disc:
            block.append(ft.Text(_pt("prop_discard", lang), size=15, weight=ft.FontWeight.W_600))
            block.append(ft.Row([pill(component_name(c)) for c in reversed(disc)], wrap=True, spacing=6, run_spacing=6))
        parts.append(ft.Container(content=ft.Column(block, spacing=8, tight=True), padding=ft.Padding.only(top=6),
                                  border=ft.Border.only(top=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT))))
    if players:
        rows = []
        for s, pl in players.items():
            hand = pl.get("hand")
            cards = ", ".join(component_name(c) for c in hand) if hand is not None else _pt("hidden", lang, n=pl.get("hand_size", 0))
            rows.append(ft.Text(f"{s} · {pl.get('role', '')} {_pt('in', lang)} {_city(pl.get('city') or '')} — {cards}",
                                size=15, weight=ft.FontWeight.BOLD if s == seat else None))
        parts.append(ft.Column([heading(_pt("players", lang), 18), *rows], spacing=4, tight=True))
    return ft.Column(parts, spacing=12, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def turn_seats(game: str, view: Mapping[str, Any]) -> list[str]:
    """Seats whose turn it is now (several in Pandémie: one per province)."""
    out: list[str] = []
    for p in view.get("provinces") or []:
        if isinstance(p, Mapping) and isinstance(p.get("turn"), str):
            out.append(p["turn"])
    waiting = view.get("waiting_for")
    if not out and isinstance(waiting, (list, tuple)):
        out = [w for w in waiting if isinstance(w, str)]
    if not out:
        who = model.whose_turn(view)
        if who:
            out.append(who)
    return out


# -- titles of the groups of choices (intent types), per game -------------------------------------------
def _t(fr: str, en: str) -> dict[str, str]:
    return {"fr": fr, "en": en}


GROUP_TITLES: dict[str, dict[str, dict[str, str]]] = {
    "cartus": {
        "Support": _t("Soutenir", "Support"),
        "Enter": _t("Entrer dans un bâtiment", "Enter a building"),
        "PlayPass": _t("Jouer ou passer", "Play or pass"),
        "Reveal": _t("Révéler", "Reveal"),
        "ChooseTarget": _t("Choisir la cible", "Choose the target"),
        "Hospital": _t("Hôpital", "Hospital"),
        "Peek": _t("Regarder", "Peek"),
        "EndRound": _t("Finir la manche", "End the round"),
        "Convert": _t("Convertir", "Convert"),
        "CorrectHand": _t("Corriger la main", "Correct the hand"),
        "DeclareHand": _t("Déclarer la main", "Declare the hand"),
        "DeclareNuns": _t("Déclarer les nonnes", "Declare the nuns"),
    },
    "plague": {
        "Roll": _t("Lancer les dés", "Roll the dice"),
        "PlayCard": _t("Jouer une carte", "Play a card"),
        "Discard": _t("Défausser", "Discard"),
        "EndTurn": _t("Finir le tour", "End the turn"),
        "PlayParry": _t("Parer", "Parry"),
        "Pass": _t("Passer", "Pass"),
        "DestroyImprovement": _t("Détruire une amélioration", "Destroy an improvement"),
    },
    "pandemie": {
        "Move": _t("Se déplacer", "Move"),
        "Redeploy": _t("Redéploiement", "Redeploy"),
        "ForcedMarch": _t("Marche forcée", "Forced march"),
        "ViaRomana": _t("Via Romana", "Via Romana"),
        "ConsulMove": _t("Déplacement du Consul", "Consul's move"),
        "LicteurGather": _t("Rassemblement du Licteur", "Lictor's gathering"),
        "BuildFort": _t("Construire un fort", "Build a fort"),
        "Combat": _t("Combattre", "Fight"),
        "Celebrate": _t("Célébrer une victoire", "Celebrate a victory"),
        "ShareKnowledge": _t("Partager ses connaissances", "Share knowledge"),
        "ShareVictory": _t("Partager une victoire", "Share a victory"),
        "StoreEvent": _t("Garder un événement", "Store an event"),
        "EndActions": _t("Finir les actions", "End the actions"),
        "DrawCards": _t("Piocher", "Draw cards"),
        "Discard": _t("Défausser", "Discard"),
        "Propagate": _t("Propagation", "Infect"),
        "PlayEvent": _t("Jouer un événement", "Play an event"),
        "ArrangeDivination": _t("Divinations : ordonner", "Divination: arrange"),
    },
    "rattus": {
        "SetupCubes": _t("Mise en place des cubes", "Set up the cubes"),
        "TakeCard": _t("Prendre une carte", "Take a card"),
        "PlaceCubes": _t("Placer des cubes", "Place cubes"),
        "PlaceCubesBurgomaster": _t("Placer des cubes (Bourgmestre)", "Place cubes (Burgomaster)"),
        "FinalCubes": _t("Derniers cubes", "Final cubes"),
        "ToCastle": _t("Au château", "To the castle"),
        "MoveRat": _t("Déplacer un rat", "Move a rat"),
        "MoveCubes": _t("Déplacer des cubes", "Move cubes"),
        "WitchPeek": _t("Sorcière : regarder", "Witch: peek"),
        "WitchSwap": _t("Sorcière : échanger", "Witch: swap"),
        "SwapCubes": _t("Échanger des cubes", "Swap cubes"),
        "SetRamparts": _t("Remparts", "Ramparts"),
        "SetNuns": _t("Nonnes", "Nuns"),
        "SetBishop": _t("Évêque", "Bishop"),
        "AddPotion": _t("Potion", "Potion"),
        "PipeCube": _t("Joueur de flûte", "Pied Piper"),
        "BakerStore": _t("Boulanger : réserver", "Baker: store"),
        "BakerPlace": _t("Boulanger : placer", "Baker: place"),
        "MovePlague": _t("Déplacer la Peste", "Move the Plague"),
        "SpreadRat": _t("Propager un rat", "Spread a rat"),
        "FlipToken": _t("Retourner un jeton", "Turn a token over"),
        "OrderTokens": _t("Ordonner les jetons", "Order the tokens"),
        "SoldierRat": _t("Soldat", "Soldier"),
        "EndTurn": _t("Finir le tour", "End the turn"),
    },
}


def group_titles(game: str) -> dict[str, dict[str, str]]:
    return GROUP_TITLES.get(game, {})


# -- Rattus ---------------------------------------------------------------------------------------------
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
_RAT_DONE = {"game", "seat", "seats", "active", "phase", "regions", "links", "plague", "castle", "reserve", "cards",
             "supply", "mode", "stage", "outcome", "profile"}


def _rt(key: str, lang: str) -> str:
    return RAT_TEXT[key].get(lang) or RAT_TEXT[key]["fr"]


@renderer("rattus")
def rattus_board(view: Mapping[str, Any], lang: str, seat: str) -> ft.Control:
    from .widgets import chip, heading, pill

    head = [chip(_rt("active", lang), str(view.get("active") or "—")),
            chip(_rt("phase", lang), str(view.get("phase", "—"))),
            chip(_rt("plague", lang), str(view.get("plague") or "—")),
            chip(_rt("supply", lang), str(view.get("supply", "—")))]
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
            cube_pills = [pill(f"{s}: {n}") for s, n in cubes.items() if n]
            plague_here = name == view.get("plague")
            rows.append(ft.Container(
                content=ft.Row([ft.Text(name, size=16, width=110, weight=ft.FontWeight.BOLD),
                                ft.Text(" · ".join(bits), size=15), *cube_pills], wrap=True, spacing=8, run_spacing=4),
                padding=ft.Padding.symmetric(horizontal=8, vertical=6), border_radius=10,
                bgcolor=ft.Colors.RED_100 if plague_here else None,
            ))
        parts.append(ft.Column(rows, spacing=4, tight=True))
    castle = view.get("castle") or {}
    reserve = view.get("reserve") or {}
    if castle or reserve:
        parts.append(ft.Row(
            [*(chip(f"{_rt('castle', lang)} · {s}", str(n)) for s, n in (castle.get("cubes") or {}).items()),
             *(chip(f"{_rt('reserve', lang)} · {s}", str(n)) for s, n in reserve.items())],
            wrap=True, spacing=8, run_spacing=8))
    cards = view.get("cards") or {}
    if cards:
        parts.append(heading(_rt("cards", lang), 18))
        parts.append(ft.Row([pill(f"{c.get('name', k)} — {c.get('holder') or _rt('free', lang)}")
                             for k, c in cards.items()], wrap=True, spacing=6, run_spacing=6))
    rest = {k: v for k, v in view.items() if k not in _RAT_DONE}
    if rest:
        parts.append(ft.ExpansionTile(title=ft.Text(_rt("more", lang), size=16),
                                      controls=[generic_board(rest, lang, seat)]))
    return ft.Column(parts, spacing=12, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


# Rattus Cartus and Plague & Pestilence have their renderers in their own module (registered on import).
from . import games_cartus_plague as _games_cartus_plague  # noqa: E402,F401
