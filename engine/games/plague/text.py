"""One-line French and English texts for the log and the buttons (:func:`describe`)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from engine.core.deck import Discarded, Drawn, Peeked, Placed, RemovedFromDiscard, Shuffled
from engine.core.lang import elide_names

from . import events as ev
from .cards import card_types, key_of, name_in

_PURPOSE = {
    "fr": {"first_player": "premier joueur", "prosperity": "prospérité", "plague": "peste", "war": "guerre"},
    "en": {"first_player": "first player", "prosperity": "prosperity", "plague": "plague", "war": "war"},
}


def _n(card: str, lang: str) -> str:
    return name_in(card, lang) if card else "?"


def _pp(delta: int | None) -> str:
    return "?" if delta is None else f"{delta:+d}"


_SEAT = re.compile(r"\bp[0-9]+\b")


def describe(obj: Any, lang: str = "fr", names: Mapping[str, str] | None = None) -> str:
    """One line for an event or an intent in ``lang``; seats shown by ``names`` when given."""
    text = _describe(obj, lang)
    if not names:
        return text
    text = _SEAT.sub(lambda m: names.get(m.group(0), m.group(0)), text)
    return elide_names(text, names.values()) if lang == "fr" else text  # "la population d'Inès"


def _describe(obj: Any, lang: str) -> str:
    if lang not in ("fr", "en"):
        raise ValueError(f"lang must be 'fr' or 'en', not {lang!r}")
    fr = lang == "fr"

    def t(f: str, e: str) -> str:
        return f if fr else e

    o = obj
    if isinstance(o, ev.GameStarted):
        n = len(o.seats)
        return t(f"Partie de Plague & Pestilence à {n} joueurs", f"Plague & Pestilence game for {n} players")
    if isinstance(o, Shuffled):
        what = {
            "new": t("du paquet", "the deck"),
            "pile": t("de la pioche", "the draw pile"),
            "discard": t("de la défausse", "the discard"),
            "all": t("de la pioche et de la défausse", "pile and discard"),
        }
        return t(
            f"Mélange {what[o.source]} ({o.size} cartes)", f"Shuffle of {what[o.source]} ({o.size} cards)"
        )
    if isinstance(o, Drawn):
        card = _n(o.card, lang) if o.card else t("une carte", "a card")
        return t(f"{o.to} pioche {card}", f"{o.to} draws {card}")
    if isinstance(o, Discarded):
        return t(f"{_n(o.card, lang)} va à la défausse", f"{_n(o.card, lang)} goes to the discard")
    if isinstance(o, Placed):
        return t(
            f"{len(o.cards)} carte(s) remise(s) dans la pioche",
            f"{len(o.cards)} card(s) put back in the pile",
        )
    if isinstance(o, RemovedFromDiscard):
        return t(
            f"On reprend {_n(o.card, lang)} de la défausse", f"{_n(o.card, lang)} is taken from the discard"
        )
    if isinstance(o, Peeked):
        return t(f"{o.seat} regarde {len(o.cards)} carte(s)", f"{o.seat} looks at {len(o.cards)} card(s)")
    if type(o).__name__ == "Undone":
        return t(f"Action {o.action} annulée", f"Action {o.action} undone")
    if isinstance(o, ev.DeathShipReturned):
        return t(
            f"{o.seat} reçoit le Vaisseau de la mort à la donne et le remet dans le paquet",
            f"{o.seat} was dealt the Death ship and puts it back in the deck",
        )
    if isinstance(o, ev.DiceRolled):
        p = _PURPOSE[lang].get(o.purpose, o.purpose)
        dice = "+".join(str(d) for d in o.dice)
        mod = f" {o.modifier:+d}" if o.modifier else ""
        return t(
            f"{o.seat} lance ({p}) : {dice}{mod} = {o.total}",
            f"{o.seat} rolls ({p}): {dice}{mod} = {o.total}",
        )
    if isinstance(o, ev.FirstPlayer):
        return t(f"{o.seat} commence", f"{o.seat} goes first")
    if isinstance(o, ev.TurnStarted):
        return t(f"Tour {o.turn} : à {o.seat}", f"Turn {o.turn}: {o.seat}")
    if isinstance(o, ev.PopulationChanged):
        if o.population is None:
            return t(f"La population de {o.seat} change", f"{o.seat}'s population changes")
        return t(
            f"{o.seat} : {_pp(o.delta)} PPs → {o.population}",
            f"{o.seat}: {_pp(o.delta)} PPs → {o.population}",
        )
    if isinstance(o, ev.ImprovementBuilt):
        return t(f"{o.seat} construit {_n(o.card, lang)}", f"{o.seat} builds {_n(o.card, lang)}")
    if isinstance(o, ev.ImprovementLost):
        return t(
            f"{o.seat} perd {_n(o.card, lang)} ({_n(o.by, lang)})",
            f"{o.seat} loses {_n(o.card, lang)} ({_n(o.by, lang)})",
        )
    if isinstance(o, ev.Protected):
        return t(
            f"{_n(o.by, lang)} protège {o.seat} contre {_n(o.card, lang)}",
            f"{o.seat} is protected from {_n(o.card, lang)} by {_n(o.by, lang)}",
        )
    if isinstance(o, ev.ActPlayed):
        on = f" → {o.target}" if o.target else ""
        vs = t(f" contre {o.opponent}", f" against {o.opponent}") if o.opponent else ""
        lc = t(" (dernière chance)", " (last chance)") if o.last_chance else ""
        return t(
            f"{o.seat} joue {_n(o.card, lang)}{on}{vs}{lc}", f"{o.seat} plays {_n(o.card, lang)}{on}{vs}{lc}"
        )
    if isinstance(o, ev.ParryPlayed):
        return t(
            f"{o.seat} pare avec {_n(o.card, lang)} pour {o.on}",
            f"{o.seat} parries with {_n(o.card, lang)} for {o.on}",
        )
    if isinstance(o, ev.Passed):
        return t(f"{o.seat} passe", f"{o.seat} passes")
    if isinstance(o, ev.ActCancelled):
        return t(
            f"{_n(o.by, lang)} annule {_n(o.card, lang)}",
            f"{_n(o.card, lang)} is cancelled by {_n(o.by, lang)}",
        )
    if isinstance(o, ev.WarRound):
        score = f"{o.aggressor} {o.aggressor_total} – {o.defender_total} {o.defender}"
        if not o.winner:
            return t(
                f"{_n(o.card, lang)} : égalité {score}, on relance",
                f"{_n(o.card, lang)}: tie {score}, roll again",
            )
        return t(
            f"{_n(o.card, lang)} : {score}, {o.winner} l'emporte",
            f"{_n(o.card, lang)}: {score}, {o.winner} wins",
        )
    if isinstance(o, ev.WarStopped):
        return t(
            f"{_n(o.card, lang)} s'arrête : un combattant n'a plus de population",
            f"{_n(o.card, lang)} stops: a combatant has no population left",
        )
    if isinstance(o, ev.DestroyChoice):
        return t(
            f"{o.chooser} choisit l'amélioration perdue par {', '.join(o.victims)}",
            f"{o.chooser} chooses the improvement lost by {', '.join(o.victims)}",
        )
    if isinstance(o, ev.RemovedFromGame):
        return t(f"On retire {_n(o.card, lang)} du jeu", f"{_n(o.card, lang)} is removed from the game")
    if isinstance(o, ev.PhaseChanged):
        return t(
            f"La PESTE commence ; le jeu reprend avec {o.resume_with}",
            f"The PLAGUE begins; play resumes with {o.resume_with}",
        )
    if isinstance(o, ev.ActResolved):
        if o.cancelled:  # Paix négociée: the act had no effect (its going to the discard is said just before)
            return t(f"{_n(o.card, lang)} : sans effet", f"{_n(o.card, lang)} has no effect")
        return t(f"{_n(o.card, lang)} : effet appliqué", f"{_n(o.card, lang)} is resolved")
    if isinstance(o, ev.LastChance):
        return t(f"{o.seat} n'a plus de PPs : dernière chance", f"{o.seat} has no PPs left: last chance")
    if isinstance(o, ev.Eliminated):
        # no adjective to agree with a name the app cannot know the gender of
        return t(
            f"{o.seat} est hors jeu : plus de population", f"{o.seat} is out of the game: no population left"
        )
    if isinstance(o, ev.GameOver):
        if o.winner:
            return t(f"{o.winner} gagne la partie", f"{o.winner} wins the game")
        return t(f"Égalité entre {', '.join(o.tied)}", f"Draw between {', '.join(o.tied)}")
    # intents
    if isinstance(o, ev.Roll):
        return t("Lancer les dés", "Roll the dice")
    if isinstance(o, ev.PlayCard):
        k = key_of(o.card)
        on = f" → {o.target}" if o.target else ""
        vs = t(f" contre {o.opponent}", f" against {o.opponent}") if o.opponent else ""
        verb = (
            t("Construire", "Build")
            if card_types().get(k) and card_types()[k].kind == "improvement"
            else t("Jouer", "Play")
        )
        return f"{verb} {_n(o.card, lang)}{on}{vs}"
    if isinstance(o, ev.Discard):
        return t(f"Défausser {_n(o.card, lang)}", f"Discard {_n(o.card, lang)}")
    if isinstance(o, ev.EndTurn):
        return t("Finir le tour", "End the turn")
    if isinstance(o, ev.PlayParry):
        return t(f"Parer avec {_n(o.card, lang)} pour {o.on}", f"Parry with {_n(o.card, lang)} for {o.on}")
    if isinstance(o, ev.Pass):
        return t("Passer", "Pass")
    if isinstance(o, ev.DestroyImprovement):
        return t(f"Détruire {_n(o.card, lang)} chez {o.victim}", f"Destroy {o.victim}'s {_n(o.card, lang)}")
    raise KeyError(f"no text for {type(o).__name__}")
