"""Rattus Cartus texts in French and English: one table keyed by event/intent type (with parameters), one
of words (phases, actions, choices), and the names of buildings, classes and special cards.

Texts built from a redacted event never show what the redaction removed (a rat change seen by another
seat says only that the rats changed). ``names`` maps seats to the players' names."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.core import Discarded, Drawn, Event, Intent, Peeked, Placed, RemovedFromDiscard, Shuffled
from engine.core.lang import Table, check_lang, counted

from . import data as D
from . import events as E


def building(card: str, lang: str) -> str:
    """A building card (``RCC:B:PAL1``) or type code (``PAL``) by its name (``Palais`` / ``Palace``)."""
    bt = D.building_types().get(card)
    if bt is None:
        try:
            bt = D.building_type_of(card)
        except (KeyError, ValueError):
            return card or "?"
    return bt.fr if lang == "fr" else bt.en


def klass(code: str, lang: str) -> str:
    c = D.classes().get(code)
    return (c.fr if lang == "fr" else c.en) if c else code


def special(kind: str, lang: str) -> str:
    for sp in D.data().specials:
        if kind in (sp.kind, sp.code):
            return sp.fr if lang == "fr" else sp.en
    return kind


def position(b: int) -> str:
    return str(b + 1)


WORDS = Table(
    {
        "phase.A": ("mise en place de la manche", "round setup"),
        "phase.B": ("soutien des bâtiments", "supporting buildings"),
        "phase.C": ("entrée dans les bâtiments", "entering buildings"),
        "phase.D": ("résolution des bâtiments", "resolving buildings"),
        "phase.E": ("fin de manche", "end of the round"),
        "phase.final": ("décompte final", "final scoring"),
        "phase.over": ("partie terminée", "game over"),
        "kind.privilege": ("action privilège", "privilege action"),
        "kind.basic": ("action de base", "basic action"),
        "effect.draw": ("pioche {n} carte(s)", "draws {n} card(s)"),
        "effect.draw-influence": ("pioche {n} carte(s) d'influence", "draws {n} influence card(s)"),
        "effect.joker": ("prend {n} joker(s)", "takes {n} joker(s)"),
        "effect.pass": ("prend {n} laissez-passer", "takes {n} pass(es)"),
        "effect.rats": ("défausse {n} rat(s)", "discards {n} rat(s)"),
        "effect.vp": ("prend {n} jeton(s) de victoire", "takes {n} victory token(s)"),
        "effect.gold": ("prend {n} or", "takes {n} gold"),
        "effect.sword": ("prend {n} épée(s)", "takes {n} sword(s)"),
        "effect.flute": ("prend {n} flûte(s)", "takes {n} flute(s)"),
        "effect.protected": ("est protégé de la Tour de garde", "is protected from the Watchtower"),
        "effect.tower": ("Tour de garde : {n} joueur(s) touché(s)", "Watchtower: {n} player(s) hit"),
        "effect.hospital": (
            "Hôpital : {n} carte(s) contre autant de rats",
            "Hospital: {n} card(s) for as many rats",
        ),
        "effect.peek": ("regarde {n} nonne(s)", "looks at {n} nun card(s)"),
        "choice.sword": ("épée : à qui prendre des cartes", "sword: whom to take cards from"),
        "choice.flute": ("flûte : à qui donner un rat", "flute: whom to give a rat"),
        "choice.hospital": ("Hôpital : combien de cartes", "Hospital: how many cards"),
        "choice.peek": ("quelles nonnes regarder", "which nun cards to look at"),
        "deck.buildings": ("pioche des bâtiments", "building deck"),
        "deck.replacement": ("pioche de remplacement", "replacement pile"),
        "deck.nuns": ("soutien des nonnes", "nun row"),
        "deck.hand": ("main", "hand"),
        "nobody": ("personne", "nobody"),
        "nobody.plague": ("personne (tous morts de la peste)", "nobody (all died of the plague)"),
    }
)


def word(kind: str, value: str, lang: str, **params: object) -> str:
    got = WORDS.get(f"{kind}.{value}", lang, None, **params)
    return value if got is None else got


TEXTS = Table(
    {
        "GameStarted": (
            "Partie de Rattus Cartus à {n} joueurs, {rounds} manches, premier joueur : {seat}",
            "Rattus Cartus game for {n} players, {rounds} rounds, first player: {seat}",
        ),
        "RatsChanged": ("{seat} : rats {delta} → {total}", "{seat}: rats {delta} → {total}"),
        "RatsChanged.secret": ("{seat} : ses rats changent (secret)", "{seat}: their rats change (secret)"),
        "RoundStarted": ("Manche {n}, premier joueur : {seat}", "Round {n}, first player: {seat}"),
        "PhaseBegan": ("Phase : {phase}", "Phase: {phase}"),
        "SupportTaken": (
            "{seat} soutient {building} : {draw} carte(s) piochée(s), {rats} rat(s) défaussé(s), "
            "{peek} nonne(s) regardée(s)",
            "{seat} supports {building}: {draw} card(s) drawn, {rats} rat(s) discarded, "
            "{peek} nun card(s) looked at",
        ),
        "HandChanged": (
            "{seat} : main {delta}, {size} cartes en tout",
            "{seat}: hand {delta}, {size} cards in all",
        ),
        "Entered": (
            "{seat} entre dans {building} (place {slot}) avec {n} carte(s)",
            "{seat} enters {building} (space {slot}) with {n} card(s)",
        ),
        "Entered.at": (
            "{seat} entre dans le bâtiment n° {pos} (place {slot}) avec {n} carte(s)",
            "{seat} enters building no. {pos} (space {slot}) with {n} card(s)",
        ),
        "PassPlayed": ("{seat} joue un Laissez-passer", "{seat} plays a Pass"),
        "BuildingBegan": ("Résolution : {building}", "Resolving: {building}"),
        "Revealed": (
            "{seat} révèle {matching} de la classe, {other} autre(s), {jokers} joker(s), {swords} épée(s), "
            "{flutes} flûte(s)",
            "{seat} reveals {matching} of the class, {other} other(s), {jokers} joker(s), {swords} sword(s), "
            "{flutes} flute(s)",
        ),
        "InfluenceGained": (
            "{seat} : +{n} influence {cls} (→ {total})",
            "{seat}: +{n} {cls} influence (→ {total})",
        ),
        "CardsResolved": ("Cartes résolues", "Cards resolved"),
        "ChoiceAwaited": ("{seat} doit choisir : {kind}", "{seat} must choose: {kind}"),
        "SwordResolved": (
            "Épée : {loser} donne {n} carte(s) à {winner}",
            "Sword: {loser} gives {n} card(s) to {winner}",
        ),
        "SwordResolved.none": ("Épée : rien ne se passe", "Sword: nothing happens"),
        "FluteResolved": (
            "Flûte : {receiver} reçoit un rat de {giver}",
            "Flute: {receiver} receives a rat from {giver}",
        ),
        "FluteResolved.none": ("Flûte : rien ne se passe", "Flute: nothing happens"),
        "ActionsBegan": (
            "Actions : {building} ; privilège : {seat}",
            "Actions: {building}; privilege: {seat}",
        ),
        "ActionsBegan.at": (
            "Actions du bâtiment n° {pos} ; privilège : {seat}",
            "Actions of building no. {pos}; privilege: {seat}",
        ),
        "ActionTaken": ("{seat} : {kind}, {effect}", "{seat}: {kind}, {effect}"),
        "CardsGiven": ("{giver} donne {n} carte(s) à {receiver}", "{giver} gives {n} card(s) to {receiver}"),
        "VictoryTokensTaken": (
            "{seat} prend {n} jeton(s) de victoire (→ {total})",
            "{seat} takes {n} victory token(s) (→ {total})",
        ),
        "BuildingDone": ("Bâtiment n° {pos} terminé", "Building no. {pos} done"),
        "RoundEnded": (
            "Fin de la manche {n} ; la carte premier joueur passe à {seat}",
            "End of round {n}; the first-player card goes to {seat}",
        ),
        "HandDeclared": (
            "{seat} a en main {pop} population/joker, {swords} épée(s), {flutes} flûte(s), "
            "{passes} laissez-passer, {gold} or",
            "{seat} holds {pop} population/joker, {swords} sword(s), {flutes} flute(s), {passes} pass(es), "
            "{gold} gold",
        ),
        "NunsDeclared": ("Soutien des nonnes : {n} nonnes", "Nun row: {n} nuns"),
        "VictoryPointsDeclared": (
            "Jetons de victoire de {seat} : {n} point(s)",
            "{seat}'s victory tokens: {n} point(s)",
        ),
        "RatsRevealed": ("Rats révélés : {totals}", "Rats revealed: {totals}"),
        "GameScored": ("Vainqueur(s) : {winners}", "Winner(s): {winners}"),
        "Shuffled": ("Mélange : {deck} ({size} cartes)", "Shuffle: {deck} ({size} cards)"),
        "Drawn": ("{building} piochée ({deck})", "{building} drawn ({deck})"),
        "Drawn.nun": ("Une carte du soutien des nonnes est révélée", "A nun card is revealed"),
        "Placed": (
            "{buildings} remise(s) sous la pioche de remplacement",
            "{buildings} put under the replacement pile",
        ),
        "Discarded": ("{building} défaussée", "{building} discarded"),
        "RemovedFromDiscard": ("{building} reprise de la défausse", "{building} taken from the discard"),
        "Peeked": ("{seat} regarde les nonnes n° {positions}", "{seat} looks at nun cards no. {positions}"),
        "Peeked.one": ("{seat} regarde la nonne n° {positions}", "{seat} looks at nun card no. {positions}"),
        "Undone": ("Action {n} annulée", "Action {n} undone"),
        # intents
        "Support": (
            "Soutenir {building} : piocher {draw}, défausser {rats} rat(s), regarder {peek} nonne(s)",
            "Support {building}: draw {draw}, discard {rats} rat(s), look at {peek} nun card(s)",
        ),
        "Support.at": (
            "Soutenir le bâtiment n° {pos} : piocher {draw}, défausser {rats} rat(s), regarder {peek} "
            "nonne(s)",
            "Support building no. {pos}: draw {draw}, discard {rats} rat(s), look at {peek} nun card(s)",
        ),
        "Enter": ("Entrer dans {building} avec {n} carte(s)", "Enter {building} with {n} card(s)"),
        "Enter.at": (
            "Entrer dans le bâtiment n° {pos} avec {n} carte(s)",
            "Enter building no. {pos} with {n} card(s)",
        ),
        "PlayPass": ("Jouer un Laissez-passer", "Play a Pass"),
        "Reveal": (
            "Révéler : {matching} de la classe, {other} autre(s), {jokers} joker(s), {swords} épée(s), "
            "{flutes} flûte(s)",
            "Reveal: {matching} of the class, {other} other(s), {jokers} joker(s), {swords} sword(s), "
            "{flutes} flute(s)",
        ),
        "ChooseTarget": ("Choisir {seat}", "Choose {seat}"),
        "Hospital": ("Défausser {n} carte(s) pour {n} rat(s)", "Discard {n} card(s) for {n} rat(s)"),
        "Peek": ("Regarder les nonnes n° {positions}", "Look at nun cards no. {positions}"),
        "Peek.one": ("Regarder la nonne n° {positions}", "Look at nun card no. {positions}"),
        "EndRound": ("Finir la manche", "End the round"),
        "Convert": (
            "Échanger {n} rats de valeur 1 contre un rat de valeur {n}",
            "Swap {n} value-1 rats for one value-{n} rat",
        ),
        "CorrectHand": ("Corriger la main de {seat} : {n} cartes", "Correct {seat}'s hand: {n} cards"),
        "DeclareHand": (
            "Main de {seat} : {pop} pop./joker, {swords} épée(s), {flutes} flûte(s), {passes} "
            "laissez-passer, {gold} or",
            "{seat}'s hand: {pop} pop./joker, {swords} sword(s), {flutes} flute(s), {passes} pass(es), "
            "{gold} gold",
        ),
        "DeclareNuns": ("Le soutien des nonnes compte {n} nonnes", "The nun row shows {n} nuns"),
        "DeclareVictoryPoints": (
            "Les jetons de victoire de {seat} valent {n} point(s)",
            "{seat}'s victory tokens show {n} point(s)",
        ),
    }
)

Who = Callable[[str], str]
P = Callable[[Any, str, Who, "Any"], tuple[str, dict[str, object]]]


def _rats(e: Any, lang: str, who: Who, row: Any) -> tuple[str, dict[str, object]]:
    if e.tokens is not None and e.delta is not None:
        total = sum(v * k for v, k in zip(e.tokens, (1, 3, 5), strict=True))
        return "RatsChanged", {"seat": who(e.seat), "delta": f"{e.delta:+d}", "total": total}
    return "RatsChanged.secret", {"seat": who(e.seat)}


def _at(key: str, b: int, row: Any, lang: str, **params: object) -> tuple[str, dict[str, object]]:
    """``key`` naming the building at position ``b`` of the row when the row is known, else its number."""
    if row is not None and 0 <= b < len(row):
        return key, {**params, "building": building(row[b], lang)}
    return f"{key}.at", {**params, "pos": position(b)}


def _named(
    key: str, card: str, b: int, row: Any, lang: str, **params: object
) -> tuple[str, dict[str, object]]:
    """``key`` naming the building card an event carries; an event saved before it carried one,
    by :func:`_at`."""
    if card:
        return key, {**params, "building": building(card, lang)}
    return _at(key, b, row, lang, **params)


def _positions(ps: Any) -> str:
    return ", ".join(str(p + 1) for p in ps)


_P: dict[type, P] = {
    E.GameStarted: lambda e, lang, who, row: (
        "GameStarted",
        {"n": len(e.seats), "rounds": e.rounds, "seat": who(e.first_player)},
    ),
    E.RatsChanged: _rats,
    E.RoundStarted: lambda e, lang, who, row: ("RoundStarted", {"n": e.round, "seat": who(e.first_player)}),
    E.PhaseBegan: lambda e, lang, who, row: ("PhaseBegan", {"phase": word("phase", e.phase, lang)}),
    E.SupportTaken: lambda e, lang, who, row: (
        "SupportTaken",
        {
            "seat": who(e.seat),
            "building": building(e.card, lang),
            "draw": e.draw,
            "rats": e.rats,
            "peek": len(e.peek),
        },
    ),
    E.HandChanged: lambda e, lang, who, row: (
        "HandChanged",
        {"seat": who(e.seat), "delta": f"{e.delta:+d}", "size": e.size},
    ),
    E.Entered: lambda e, lang, who, row: _named(
        "Entered", e.card, e.building, row, lang, seat=who(e.seat), slot=e.slot, n=e.cards
    ),
    E.PassPlayed: lambda e, lang, who, row: ("PassPlayed", {"seat": who(e.seat)}),
    E.BuildingBegan: lambda e, lang, who, row: ("BuildingBegan", {"building": building(e.card, lang)}),
    E.Revealed: lambda e, lang, who, row: (
        "Revealed",
        {
            "seat": who(e.seat),
            "matching": e.matching,
            "other": e.other,
            "jokers": e.jokers,
            "swords": e.swords,
            "flutes": e.flutes,
        },
    ),
    E.InfluenceGained: lambda e, lang, who, row: (
        "InfluenceGained",
        {"seat": who(e.seat), "n": e.amount, "cls": klass(e.cls, lang), "total": e.total},
    ),
    E.CardsResolved: lambda e, lang, who, row: ("CardsResolved", {}),
    E.ChoiceAwaited: lambda e, lang, who, row: (
        "ChoiceAwaited",
        {"seat": who(e.seat), "kind": word("choice", e.kind, lang)},
    ),
    E.SwordResolved: lambda e, lang, who, row: (
        ("SwordResolved", {"loser": who(e.loser), "winner": who(e.winner), "n": e.cards})
        if e.winner
        else ("SwordResolved.none", {})
    ),
    E.FluteResolved: lambda e, lang, who, row: (
        ("FluteResolved", {"receiver": who(e.receiver), "giver": who(e.giver)})
        if e.giver
        else ("FluteResolved.none", {})
    ),
    E.ActionsBegan: lambda e, lang, who, row: _named(
        "ActionsBegan",
        e.card,
        e.building,
        row,
        lang,
        seat=who(e.privilege) if e.privilege else WORDS.text("nobody", lang),
    ),
    E.ActionTaken: lambda e, lang, who, row: (
        "ActionTaken",
        {
            "seat": who(e.seat),
            "kind": word("kind", e.kind, lang),
            "effect": word("effect", e.effect, lang, n=e.amount),
        },
    ),
    E.CardsGiven: lambda e, lang, who, row: (
        "CardsGiven",
        {"giver": who(e.giver), "receiver": who(e.receiver), "n": e.cards},
    ),
    E.VictoryTokensTaken: lambda e, lang, who, row: (
        "VictoryTokensTaken",
        {"seat": who(e.seat), "n": e.amount, "total": e.total},
    ),
    E.BuildingDone: lambda e, lang, who, row: ("BuildingDone", {"pos": position(e.building)}),
    E.RoundEnded: lambda e, lang, who, row: ("RoundEnded", {"n": e.round, "seat": who(e.next_first)}),
    E.HandDeclared: lambda e, lang, who, row: (
        "HandDeclared",
        {
            "seat": who(e.player),
            "pop": e.pop_jokers,
            "swords": e.swords,
            "flutes": e.flutes,
            "passes": e.passes,
            "gold": e.gold,
        },
    ),
    E.NunsDeclared: lambda e, lang, who, row: ("NunsDeclared", {"n": e.count}),
    E.VictoryPointsDeclared: lambda e, lang, who, row: (
        "VictoryPointsDeclared",
        {"seat": who(e.player), "n": e.points},
    ),
    E.RatsRevealed: lambda e, lang, who, row: (
        "RatsRevealed",
        {"totals": ", ".join(f"{who(s)} {n}" for s, n in e.totals.items())},
    ),
    E.GameScored: lambda e, lang, who, row: (
        "GameScored",
        {
            "winners": ", ".join(who(s) for s in e.result.get("winners", []))
            or WORDS.text("nobody.plague", lang)
        },
    ),
    Shuffled: lambda e, lang, who, row: ("Shuffled", {"deck": word("deck", e.deck, lang), "size": e.size}),
    Drawn: lambda e, lang, who, row: (
        ("Drawn.nun", {})
        if e.deck == "nuns"
        else ("Drawn", {"building": building(e.card, lang), "deck": word("deck", e.deck, lang)})
    ),
    Placed: lambda e, lang, who, row: (
        "Placed",
        {"buildings": ", ".join(building(c, lang) for c in e.cards)},
    ),
    Discarded: lambda e, lang, who, row: ("Discarded", {"building": building(e.card, lang)}),
    RemovedFromDiscard: lambda e, lang, who, row: (
        "RemovedFromDiscard",
        {"building": building(e.card, lang)},
    ),
    Peeked: lambda e, lang, who, row: (
        "Peeked.one" if len(e.positions) == 1 else "Peeked",
        {"seat": who(e.seat), "positions": _positions(e.positions)},
    ),
    # intents
    E.Support: lambda i, lang, who, row: _at(
        "Support", i.building, row, lang, draw=i.draw, rats=i.rats, peek=len(i.peek)
    ),
    E.Enter: lambda i, lang, who, row: _at("Enter", i.building, row, lang, n=i.cards),
    E.PlayPass: lambda i, lang, who, row: ("PlayPass", {}),
    E.Reveal: lambda i, lang, who, row: (
        "Reveal",
        {
            "matching": i.matching,
            "other": i.other,
            "jokers": i.jokers,
            "swords": i.swords,
            "flutes": i.flutes,
        },
    ),
    E.ChooseTarget: lambda i, lang, who, row: ("ChooseTarget", {"seat": who(i.target)}),
    E.Hospital: lambda i, lang, who, row: ("Hospital", {"n": i.cards}),
    E.Peek: lambda i, lang, who, row: (
        "Peek.one" if len(i.positions) == 1 else "Peek",
        {"positions": _positions(i.positions)},
    ),
    E.EndRound: lambda i, lang, who, row: ("EndRound", {}),
    E.Convert: lambda i, lang, who, row: ("Convert", {"n": i.into}),
    E.CorrectHand: lambda i, lang, who, row: ("CorrectHand", {"seat": who(i.player or i.seat), "n": i.size}),
    E.DeclareHand: lambda i, lang, who, row: (
        "DeclareHand",
        {
            "seat": who(i.player or i.seat),
            "pop": i.pop_jokers,
            "swords": i.swords,
            "flutes": i.flutes,
            "passes": i.passes,
            "gold": i.gold,
        },
    ),
    E.DeclareNuns: lambda i, lang, who, row: ("DeclareNuns", {"n": i.count}),
    E.DeclareVictoryPoints: lambda i, lang, who, row: (
        "DeclareVictoryPoints",
        {"seat": who(i.player or i.seat), "n": i.points},
    ),
}


def describe(
    item: Event | Intent,
    lang: str = "fr",
    names: Mapping[str, str] | None = None,
    row: tuple[str, ...] | list[str] | None = None,
) -> str:
    """One line for an event or an intent in ``lang``; seats shown by ``names`` when given; ``row`` (the
    round's building cards, from the view) names the building an intent points at by its position."""
    check_lang(lang)

    def who(seat: str) -> str:
        return (names or {}).get(seat, seat)

    if type(item).__name__ == "Undone":
        return TEXTS.text("Undone", lang, n=getattr(item, "action", "?"))
    fn = _P.get(type(item))
    if fn is None:
        raise KeyError(f"no text for {type(item).__name__}")
    key, params = fn(item, lang, who, row)
    return counted(TEXTS.text(key, lang, **params), lang)  # "avec 1 carte", not "1 carte(s)"
