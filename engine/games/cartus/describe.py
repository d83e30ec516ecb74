"""One-line French and English texts for Rattus Cartus events and intents (logs and buttons).

Texts built from a redacted event never show what the redaction removed (a rat change seen by another
seat says only that the rats changed)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Discarded, Drawn, Event, Intent, Peeked, Placed, Shuffled

from . import data as D
from . import events as E


def _b(card: str, lang: str) -> str:
    try:
        bt = D.building_type_of(card)
    except KeyError:
        return card or "?"
    return bt.fr if lang == "fr" else bt.en


def _cls(code: str, lang: str) -> str:
    c = D.classes().get(code)
    return (c.fr if lang == "fr" else c.en) if c else code


def _pos(b: int) -> str:
    return str(b + 1)


T = Callable[[Any, str], tuple[str, str]]

_TEXTS: dict[type, T] = {
    E.GameStarted: lambda e, lang: (
        f"Partie de Rattus Cartus à {len(e.seats)} joueurs, {e.rounds} tours, premier joueur {e.first_player}",
        f"Rattus Cartus game for {len(e.seats)} players, {e.rounds} rounds, first player {e.first_player}",
    ),
    E.RatsChanged: lambda e, lang: (
        (f"{e.seat} : rats {e.delta:+d} → {sum(v * k for v, k in zip(e.tokens, (1, 3, 5), strict=True))}", f"{e.seat}: rats {e.delta:+d} → {sum(v * k for v, k in zip(e.tokens, (1, 3, 5), strict=True))}")
        if e.tokens is not None and e.delta is not None
        else (f"{e.seat} : ses rats changent (secret)", f"{e.seat}: their rats change (secret)")
    ),
    E.RoundStarted: lambda e, lang: (f"Tour {e.round}, premier joueur {e.first_player}", f"Round {e.round}, first player {e.first_player}"),
    E.PhaseBegan: lambda e, lang: (f"Phase {e.phase}", f"Phase {e.phase}"),
    E.SupportTaken: lambda e, lang: (
        f"{e.seat} prend le soutien de {_b(e.card, 'fr')} ({e.draw} carte(s), {e.rats} rat(s) défaussé(s), {len(e.peek)} nonne(s) regardée(s))",
        f"{e.seat} takes the supplies of {_b(e.card, 'en')} ({e.draw} card(s), {e.rats} rat(s) discarded, {len(e.peek)} nun card(s) looked at)",
    ),
    E.HandChanged: lambda e, lang: (f"{e.seat} : main {e.delta:+d} → {e.size} cartes", f"{e.seat}: hand {e.delta:+d} → {e.size} cards"),
    E.Entered: lambda e, lang: (
        f"{e.seat} entre dans le bâtiment {_pos(e.building)} (emplacement {e.slot}) avec {e.cards} carte(s)",
        f"{e.seat} enters building {_pos(e.building)} (space {e.slot}) with {e.cards} card(s)",
    ),
    E.PassPlayed: lambda e, lang: (f"{e.seat} joue un Laissez-passer", f"{e.seat} plays a Pass"),
    E.BuildingBegan: lambda e, lang: (f"Résolution : {_b(e.card, 'fr')}", f"Resolving: {_b(e.card, 'en')}"),
    E.Revealed: lambda e, lang: (
        f"{e.seat} révèle {e.matching} de la classe, {e.other} autre(s), {e.jokers} joker(s), {e.swords} épée(s), {e.flutes} flûte(s)",
        f"{e.seat} reveals {e.matching} of the class, {e.other} other(s), {e.jokers} joker(s), {e.swords} sword(s), {e.flutes} flute(s)",
    ),
    E.InfluenceGained: lambda e, lang: (
        f"{e.seat} : +{e.amount} influence {_cls(e.cls, 'fr')} (→ {e.total})",
        f"{e.seat}: +{e.amount} {_cls(e.cls, 'en')} influence (→ {e.total})",
    ),
    E.CardsResolved: lambda e, lang: ("Cartes résolues", "Cards resolved"),
    E.ChoiceAwaited: lambda e, lang: (f"{e.seat} doit choisir ({e.kind})", f"{e.seat} must choose ({e.kind})"),
    E.SwordResolved: lambda e, lang: (
        (f"Épée : {e.loser} donne {e.cards} carte(s) à {e.winner}", f"Sword: {e.loser} gives {e.cards} card(s) to {e.winner}")
        if e.winner
        else ("Épée : rien ne se passe", "Sword: nothing happens")
    ),
    E.FluteResolved: lambda e, lang: (
        (f"Flûte : {e.receiver} reçoit un rat de {e.giver}", f"Flute: {e.receiver} receives a rat from {e.giver}")
        if e.giver
        else ("Flûte : rien ne se passe", "Flute: nothing happens")
    ),
    E.ActionsBegan: lambda e, lang: (
        f"Actions du bâtiment {_pos(e.building)} ; privilège : {e.privilege or 'personne'}",
        f"Actions of building {_pos(e.building)}; privilege: {e.privilege or 'nobody'}",
    ),
    E.ActionTaken: lambda e, lang: (
        f"{e.seat} : action {'privilège' if e.kind == 'privilege' else 'de base'} ({e.effect} {e.amount})",
        f"{e.seat}: {e.kind} action ({e.effect} {e.amount})",
    ),
    E.CardsGiven: lambda e, lang: (f"{e.giver} donne {e.cards} carte(s) à {e.receiver}", f"{e.giver} gives {e.cards} card(s) to {e.receiver}"),
    E.VictoryTokensTaken: lambda e, lang: (
        f"{e.seat} prend {e.amount} jeton(s) de victoire (→ {e.total})",
        f"{e.seat} takes {e.amount} victory token(s) (→ {e.total})",
    ),
    E.BuildingDone: lambda e, lang: (f"Bâtiment {_pos(e.building)} terminé", f"Building {_pos(e.building)} done"),
    E.RoundEnded: lambda e, lang: (
        f"Fin du tour {e.round} ; la carte premier joueur passe à {e.next_first}",
        f"End of round {e.round}; the first-player card goes to {e.next_first}",
    ),
    E.HandDeclared: lambda e, lang: (
        f"{e.player} a en main {e.pop_jokers} population/joker, {e.swords} épée(s), {e.flutes} flûte(s), {e.passes} laissez-passer, {e.gold} or",
        f"{e.player} holds {e.pop_jokers} population/joker, {e.swords} sword(s), {e.flutes} flute(s), {e.passes} pass(es), {e.gold} gold",
    ),
    E.NunsDeclared: lambda e, lang: (f"Soutien des nonnes : {e.count} nonnes", f"Nun row: {e.count} nuns"),
    E.RatsRevealed: lambda e, lang: (
        "Rats révélés : " + ", ".join(f"{s} {n}" for s, n in e.totals.items()),
        "Rats revealed: " + ", ".join(f"{s} {n}" for s, n in e.totals.items()),
    ),
    E.GameScored: lambda e, lang: (
        "Vainqueur(s) : " + (", ".join(e.result.get("winners", [])) or "personne (tous morts de la peste)"),
        "Winner(s): " + (", ".join(e.result.get("winners", [])) or "nobody (all died of the plague)"),
    ),
    Shuffled: lambda e, lang: (f"Pioche {e.deck} mélangée ({e.size} cartes)", f"Deck {e.deck} shuffled ({e.size} cards)"),
    Drawn: lambda e, lang: (
        (f"{_b(e.card, 'fr')} piochée ({e.deck})", f"{_b(e.card, 'en')} drawn ({e.deck})")
        if e.deck != "nuns"
        else (f"Carte du soutien des nonnes révélée : {e.card}", f"Nun card revealed: {e.card}")
    ),
    Placed: lambda e, lang: (
        f"{', '.join(_b(c, 'fr') for c in e.cards)} remise sous la pioche de remplacement",
        f"{', '.join(_b(c, 'en') for c in e.cards)} put under the replacement pile",
    ),
    Discarded: lambda e, lang: (f"{_b(e.card, 'fr')} défaussée", f"{_b(e.card, 'en')} discarded"),
    Peeked: lambda e, lang: (
        f"{e.seat} regarde la/les carte(s) {', '.join(str(p + 1) for p in e.positions)} du soutien des nonnes",
        f"{e.seat} looks at nun card(s) {', '.join(str(p + 1) for p in e.positions)}",
    ),
    # intents
    E.Support: lambda i, lang: (
        f"Soutien du bâtiment {_pos(i.building)} : piocher {i.draw}, défausser {i.rats} rat(s), regarder {len(i.peek)} nonne(s)",
        f"Supplies of building {_pos(i.building)}: draw {i.draw}, discard {i.rats} rat(s), look at {len(i.peek)} nun card(s)",
    ),
    E.Enter: lambda i, lang: (
        f"Entrer dans le bâtiment {_pos(i.building)} avec {i.cards} carte(s)",
        f"Enter building {_pos(i.building)} with {i.cards} card(s)",
    ),
    E.PlayPass: lambda i, lang: ("Jouer un Laissez-passer", "Play a Pass"),
    E.Reveal: lambda i, lang: (
        f"Révéler : {i.matching} de la classe, {i.other} autre(s), {i.jokers} joker(s), {i.swords} épée(s), {i.flutes} flûte(s)",
        f"Reveal: {i.matching} of the class, {i.other} other(s), {i.jokers} joker(s), {i.swords} sword(s), {i.flutes} flute(s)",
    ),
    E.ChooseTarget: lambda i, lang: (f"Choisir {i.target}", f"Choose {i.target}"),
    E.Hospital: lambda i, lang: (
        f"Défausser {i.cards} carte(s) pour {i.cards} rat(s)",
        f"Discard {i.cards} card(s) for {i.cards} rat(s)",
    ),
    E.Peek: lambda i, lang: (
        f"Regarder la/les nonne(s) {', '.join(str(p + 1) for p in i.positions)}",
        f"Look at nun card(s) {', '.join(str(p + 1) for p in i.positions)}",
    ),
    E.EndRound: lambda i, lang: ("Finir le tour", "End the round"),
    E.Convert: lambda i, lang: (
        f"Échanger {i.into} rats de valeur 1 contre un rat de valeur {i.into}",
        f"Swap {i.into} value-1 rats for one value-{i.into} rat",
    ),
    E.CorrectHand: lambda i, lang: (f"Corriger la main de {i.player or i.seat} : {i.size} cartes", f"Correct {i.player or i.seat}'s hand: {i.size} cards"),
    E.DeclareHand: lambda i, lang: (
        f"Main de {i.player or i.seat} : {i.pop_jokers} pop./joker, {i.swords} épée(s), {i.flutes} flûte(s), {i.passes} l.-p., {i.gold} or",
        f"{i.player or i.seat}'s hand: {i.pop_jokers} pop./joker, {i.swords} sword(s), {i.flutes} flute(s), {i.passes} pass(es), {i.gold} gold",
    ),
    E.DeclareNuns: lambda i, lang: (f"Le soutien des nonnes compte {i.count} nonnes", f"The nun row shows {i.count} nuns"),
}


def describe(item: Event | Intent, lang: str = "fr") -> str:
    if lang not in ("fr", "en"):
        raise ValueError(f"lang must be 'fr' or 'en', not {lang!r}")
    fn = _TEXTS.get(type(item))
    if fn is None:
        return type(item).__name__
    fr, en = fn(item, lang)
    return fr if lang == "fr" else en
