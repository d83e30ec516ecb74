"""Pandémie's log lines and buttons in French and English: one table keyed by event/intent type, built
with the game's names (:mod:`.names`).

:func:`describe` formats one event or intent for the log or a button; ``names`` maps seats to the
players' names (``p3`` → ``Léa``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.core.deck import Discarded, Drawn, Peeked, Placed, RemovedFromDiscard, Shuffled
from engine.core.events import Event, Intent
from engine.core.lang import Table, check_lang, counted

from . import events as E
from .names import card, city, people, province, word
from .refusals import BOOK


def _deck(name: str, lang: str) -> str:
    kind, _, code = name.partition(":")
    return f"{word('deck', kind, lang)} ({province(code)})" if code else word("deck", kind, lang)


TEXTS = Table(
    {
        "GameStarted": ("Début de la partie : {n} province(s)", "Game starts: {n} province(s)"),
        "BaseInstalled": ("Fort et pions à {city}", "Fort and pawns at {city}"),
        "TurnBegan": ("{province} : au tour de {seat}", "{province}: {seat}'s turn"),
        "ActionUsed": ("{seat} : {action}", "{seat}: {action}"),
        "ActionsEnded": ("{seat} termine ses actions", "{seat} ends their actions"),
        "PhaseChanged": ("{province} : phase de {phase}", "{province}: {phase} phase"),
        "PawnMoved": ("{pawn} va à {city} ({how})", "{pawn} goes to {city} ({how})"),
        "FortBuilt": ("Fort construit à {city}", "Fort built at {city}"),
        "FortMoved": ("Fort déplacé de {city2} à {city}", "Fort moved from {city2} to {city}"),
        "PinsPlaced": ("{n} punaise(s) {people} sur {city}", "{n} {people} pin(s) on {city}"),
        "PinsRemoved": (
            "{n} punaise(s) {people} retirée(s) de {city}",
            "{n} {people} pin(s) removed from {city}",
        ),
        "Surged": (
            "Déferlement barbare des {people} depuis {city} !",
            "Barbarian surge of the {people} from {city}!",
        ),
        "SpeedRaised": ("{province} : la vitesse d'invasion augmente", "{province}: invasion speed rises"),
        "RuptureRevealed": ("{province} : Rupture !", "{province}: Rupture!"),
        "CardGiven": ("{giver} donne {card} à {receiver}", "{giver} gives {card} to {receiver}"),
        "VictoryCelebrated": (
            "{province} : victoire célébrée sur les {people}",
            "{province}: victory over the {people} celebrated",
        ),
        "VictoryShared": (
            "Victoire sur les {people} transmise de {province} à {province2}",
            "Victory over the {people} carried from {province} to {province2}",
        ),
        "Eradicated": (
            "{province} : invasion des {people} éradiquée",
            "{province}: {people} invasion eradicated",
        ),
        "EventPlayed": ("{seat} joue {card}", "{seat} plays {card}"),
        "CardRemoved": ("{card} retirée de la partie", "{card} removed from the game"),
        "EventStored": ("{seat} entrepose {card}", "{seat} stores {card}"),
        "QuietNight": ("{province} : nuit tranquille à venir", "{province}: a quiet night ahead"),
        "PropagationSkipped": (
            "{province} : nuit tranquille, pas de propagation",
            "{province}: quiet night, no propagation",
        ),
        "DivinationBegan": (
            "{seat} consulte les {n} cartes du dessus (Divinations)",
            "{seat} looks at the top {n} cards (Divinations)",
        ),
        "DivinationEnded": (
            "{province} : cartes remises sur la pioche",
            "{province}: cards put back on the deck",
        ),
        "GameLost": (
            "Partie perdue ({cause}) — {province} : {detail}",
            "Game lost ({cause}) — {province}: {detail}",
        ),
        "GameLost.any": ("Partie perdue ({cause})", "Game lost ({cause})"),
        "GameWon": (
            "Partie gagnée : les quatre victoires sont célébrées !",
            "Game won: the four victories are celebrated!",
        ),
        "CardAsked": ("{asker} demande une carte à {giver}", "{asker} asks {giver} for a card"),
        "AskAnswered": ("{giver} donne une carte à {asker}", "{giver} gives {asker} a card"),
        "AskAnswered.no": (
            "{giver} refuse de donner une carte à {asker}",
            "{giver} declines to give {asker} a card",
        ),
        "Shuffled": ("Mélange : {deck} ({size} cartes)", "Shuffle: {deck} ({size} cards)"),
        "Drawn": ("{seat} pioche {card} ({deck})", "{seat} draws {card} ({deck})"),
        "Drawn.table": ("La table pioche {card} ({deck})", "The table draws {card} ({deck})"),
        "Drawn.divination": (
            "Divinations : {card} regardée ({deck})",
            "Divinations: {card} looked at ({deck})",
        ),
        "Discarded": ("{card} défaussée", "{card} discarded"),
        "Discarded.seat": ("{seat} défausse {card}", "{seat} discards {card}"),
        "RemovedFromDiscard": ("{card} reprise de la défausse", "{card} taken from the discard"),
        "Placed": ("{n} carte(s) replacée(s) sur la {deck}", "{n} card(s) put back on the {deck}"),
        "Peeked": ("{seat} regarde {n} carte(s)", "{seat} looks at {n} card(s)"),
        "Undone": ("Action {n} annulée", "Action {n} undone"),
        # intents
        "Move": ("Aller à {city}", "Move to {city}"),
        "Move.pawn": ("Déplacer {pawn} à {city}", "Move {pawn} to {city}"),
        "Redeploy": ("Redéploiement vers {city}", "Redeploy to {city}"),
        "ForcedMarch": ("Marche forcée vers {city}", "Forced march to {city}"),
        "ForcedMarch.pawn": ("Marche forcée : {pawn} vers {city}", "Forced march: {pawn} to {city}"),
        "ViaRomana": ("Via Romana vers {city}", "Via Romana to {city}"),
        "ViaRomana.pawn": ("Via Romana : {pawn} vers {city}", "Via Romana: {pawn} to {city}"),
        "ConsulMove": ("Consul : vers {city} (défausse {card})", "Consul: to {city} (discard {card})"),
        "LicteurGather": ("Licteur : {pawn} vers {city}", "Licteur: {pawn} to {city}"),
        "BuildFort": ("Construire un Fort", "Build a Fort"),
        "BuildFort.move": (
            "Construire un Fort (celui de {city} est déplacé)",
            "Build a Fort (the one at {city} moves)",
        ),
        "Combat": ("Combattre les {people}", "Fight the {people}"),
        "Celebrate": ("Célébrer la victoire sur les {people}", "Celebrate the victory over the {people}"),
        "ShareKnowledge.give": ("Donner {card} à {other}", "Give {card} to {other}"),
        "ShareKnowledge.take": ("Prendre {card} à {other}", "Take {card} from {other}"),
        "AskCard": ("Demander une carte à {other}", "Ask {other} for a card"),
        "AnswerAsk": ("Donner {card}", "Give {card}"),
        "AnswerAsk.no": ("Ne pas donner de carte", "Give no card"),
        "ShareVictory": (
            "Transmettre la victoire sur les {people} à {province}",
            "Carry the victory over the {people} to {province}",
        ),
        "StoreEvent": ("Entreposer {card}", "Store {card}"),
        "EndActions": ("Terminer les actions", "End actions"),
        "DrawCards": ("Piocher 2 cartes", "Draw 2 cards"),
        "Discard": ("Défausser {card}", "Discard {card}"),
        "Propagate": ("Propagation : tirer toutes les cartes", "Infect: draw every card"),
        "Propagate.n": (
            "Propagation : tirer {n} carte(s), puis s'arrêter (pour jouer un événement)",
            "Infect: draw {n} card(s), then stop (to play an event)",
        ),
        "PropagationPaused": (
            "{province} : propagation en pause après {n} carte(s) (un événement peut être joué)",
            "{province}: propagation paused after {n} card(s) (an event may be played)",
        ),
        "PlayEvent": ("Jouer {card}", "Play {card}"),
        "PlayEvent.city": ("Jouer {card} ({city})", "Play {card} ({city})"),
        "PlayEvent.pawn": ("Jouer {card} : {pawn} va à {city}", "Play {card}: {pawn} goes to {city}"),
        "PlayEvent.target": (
            "Jouer {card} : retirer la carte {target}",
            "Play {card}: remove the card {target}",
        ),
        "PlayEvent.fort": (
            "Jouer {card} : fort {from_city} → {city}",
            "Play {card}: Fort {from_city} → {city}",
        ),
        "ArrangeDivination": (
            "Remettre les cartes dans cet ordre : {cards}",
            "Put the cards back in this order: {cards}",
        ),
    }
)

P = Callable[[Any, str, Callable[[str], str]], tuple[str, dict[str, object]]]


def _play_event(i: Any, lang: str, who: Callable[[str], str]) -> tuple[str, dict[str, object]]:
    """Every part that tells two plays of one event apart: the pawn sent, the card removed, the Fort moved."""
    name = card(i.card, lang)
    if i.pawn and i.city:
        return "PlayEvent.pawn", {"card": name, "pawn": who(i.pawn), "city": city(i.city)}
    if i.remove_from and i.city:
        return "PlayEvent.fort", {"card": name, "from_city": city(i.remove_from), "city": city(i.city)}
    if i.target:
        return "PlayEvent.target", {"card": name, "target": card(i.target, lang)}
    if i.city:
        return "PlayEvent.city", {"card": name, "city": city(i.city)}
    return "PlayEvent", {"card": name}


def _lost(e: Any, lang: str, who: Callable[[str], str]) -> tuple[str, dict[str, object]]:
    cause = word("cause", e.cause, lang)
    if not e.province:
        return "GameLost.any", {"cause": cause}
    return "GameLost", {
        "cause": cause,
        "province": province(e.province),
        "detail": BOOK.phrase(e.detail, lang) or e.detail,
    }


def _drawn(e: Any, lang: str, who: Callable[[str], str]) -> tuple[str, dict[str, object]]:
    params: dict[str, object] = {"card": card(e.card, lang), "deck": _deck(e.deck, lang)}
    if e.to == "divination":  # a card Divinations shows, to be put back: nobody's
        return "Drawn.divination", params
    if e.to and e.to != "table":
        return "Drawn", {**params, "seat": who(e.to)}
    return "Drawn.table", params


_P: dict[type, P] = {
    E.GameStarted: lambda e, lang, who: ("GameStarted", {"n": len(e.provinces)}),
    E.BaseInstalled: lambda e, lang, who: ("BaseInstalled", {"city": city(e.city)}),
    E.TurnBegan: lambda e, lang, who: ("TurnBegan", {"province": province(e.province), "seat": who(e.seat)}),
    E.ActionUsed: lambda e, lang, who: (
        "ActionUsed",
        {"seat": who(e.seat), "action": word("action", e.action, lang)},
    ),
    E.ActionsEnded: lambda e, lang, who: ("ActionsEnded", {"seat": who(e.seat)}),
    E.PhaseChanged: lambda e, lang, who: (
        "PhaseChanged",
        {"province": province(e.province), "phase": word("phase", e.phase, lang)},
    ),
    E.PawnMoved: lambda e, lang, who: (
        "PawnMoved",
        {"pawn": who(e.pawn), "city": city(e.to), "how": word("how", e.how, lang)},
    ),
    E.FortBuilt: lambda e, lang, who: (
        ("FortMoved", {"city": city(e.city), "city2": city(e.removed_from)})
        if e.removed_from
        else ("FortBuilt", {"city": city(e.city)})
    ),
    E.PinsPlaced: lambda e, lang, who: (
        "PinsPlaced",
        {"n": e.n, "people": people(e.colour, lang), "city": city(e.city)},
    ),
    E.PinsRemoved: lambda e, lang, who: (
        "PinsRemoved",
        {"n": e.n, "people": people(e.colour, lang), "city": city(e.city)},
    ),
    E.Surged: lambda e, lang, who: ("Surged", {"people": people(e.colour, lang), "city": city(e.city)}),
    E.SpeedRaised: lambda e, lang, who: ("SpeedRaised", {"province": province(e.province)}),
    E.RuptureRevealed: lambda e, lang, who: ("RuptureRevealed", {"province": province(e.province)}),
    E.CardGiven: lambda e, lang, who: (
        "CardGiven",
        {"giver": who(e.giver), "receiver": who(e.receiver), "card": card(e.card, lang)},
    ),
    E.VictoryCelebrated: lambda e, lang, who: (
        "VictoryCelebrated",
        {"province": province(e.province), "people": people(e.colour, lang)},
    ),
    E.VictoryShared: lambda e, lang, who: (
        "VictoryShared",
        {
            "people": people(e.colour, lang),
            "province": province(e.from_province),
            "province2": province(e.to_province),
        },
    ),
    E.Eradicated: lambda e, lang, who: (
        "Eradicated",
        {"province": province(e.province), "people": people(e.colour, lang)},
    ),
    E.EventPlayed: lambda e, lang, who: ("EventPlayed", {"seat": who(e.seat), "card": card(e.card, lang)}),
    E.CardRemoved: lambda e, lang, who: ("CardRemoved", {"card": card(e.card, lang)}),
    E.EventStored: lambda e, lang, who: ("EventStored", {"seat": who(e.seat), "card": card(e.card, lang)}),
    E.QuietNight: lambda e, lang, who: ("QuietNight", {"province": province(e.province)}),
    E.PropagationSkipped: lambda e, lang, who: ("PropagationSkipped", {"province": province(e.province)}),
    E.DivinationBegan: lambda e, lang, who: ("DivinationBegan", {"seat": who(e.seat), "n": e.n}),
    E.DivinationEnded: lambda e, lang, who: ("DivinationEnded", {"province": province(e.province)}),
    E.GameLost: _lost,
    E.GameWon: lambda e, lang, who: ("GameWon", {}),
    Shuffled: lambda e, lang, who: ("Shuffled", {"deck": _deck(e.deck, lang), "size": e.size}),
    Drawn: lambda e, lang, who: _drawn(e, lang, who),
    Discarded: lambda e, lang, who: (
        ("Discarded.seat", {"seat": who(e.seat), "card": card(e.card, lang)})
        if e.seat
        else ("Discarded", {"card": card(e.card, lang)})
    ),
    RemovedFromDiscard: lambda e, lang, who: ("RemovedFromDiscard", {"card": card(e.card, lang)}),
    Placed: lambda e, lang, who: ("Placed", {"n": len(e.cards), "deck": _deck(e.deck, lang)}),
    Peeked: lambda e, lang, who: ("Peeked", {"seat": who(e.seat), "n": len(e.cards)}),
    # intents
    E.Move: lambda i, lang, who: (
        ("Move.pawn", {"pawn": who(i.pawn), "city": city(i.to)}) if i.pawn else ("Move", {"city": city(i.to)})
    ),
    E.Redeploy: lambda i, lang, who: ("Redeploy", {"city": city(i.to)}),
    E.ForcedMarch: lambda i, lang, who: (
        ("ForcedMarch.pawn", {"pawn": who(i.pawn), "city": city(i.to)})
        if i.pawn
        else ("ForcedMarch", {"city": city(i.to)})
    ),
    E.ViaRomana: lambda i, lang, who: (
        ("ViaRomana.pawn", {"pawn": who(i.pawn), "city": city(i.to)})
        if i.pawn
        else ("ViaRomana", {"city": city(i.to)})
    ),
    E.ConsulMove: lambda i, lang, who: ("ConsulMove", {"city": city(i.to), "card": card(i.card, lang)}),
    E.LicteurGather: lambda i, lang, who: ("LicteurGather", {"pawn": who(i.pawn), "city": city(i.to)}),
    E.BuildFort: lambda i, lang, who: (
        ("BuildFort.move", {"city": city(i.remove_from)}) if i.remove_from else ("BuildFort", {})
    ),
    E.Combat: lambda i, lang, who: ("Combat", {"people": people(i.colour, lang)}),
    E.Celebrate: lambda i, lang, who: ("Celebrate", {"people": people(i.colour, lang)}),
    E.ShareKnowledge: lambda i, lang, who: (
        "ShareKnowledge.give" if i.give else "ShareKnowledge.take",
        {"card": card(i.card, lang), "other": who(i.other)},
    ),
    E.ShareVictory: lambda i, lang, who: (
        "ShareVictory",
        {"people": people(i.colour, lang), "province": province(i.to_province)},
    ),
    E.StoreEvent: lambda i, lang, who: ("StoreEvent", {"card": card(i.card, lang)}),
    E.EndActions: lambda i, lang, who: ("EndActions", {}),
    E.DrawCards: lambda i, lang, who: ("DrawCards", {}),
    E.Discard: lambda i, lang, who: ("Discard", {"card": card(i.card, lang)}),
    E.Propagate: lambda i, lang, who: (
        ("Propagate.n", {"n": i.cards}) if getattr(i, "cards", 0) else ("Propagate", {})
    ),
    E.PlayEvent: lambda i, lang, who: _play_event(i, lang, who),
    E.ArrangeDivination: lambda i, lang, who: (
        "ArrangeDivination",
        {"cards": ", ".join(card(c, lang) for c in i.order)},
    ),
}
# cards asked and given (the "ask for a card" variant), when the rules define them
_ASKS: tuple[tuple[str, P], ...] = (
    ("CardAsked", lambda e, lang, who: ("CardAsked", {"asker": who(e.asker), "giver": who(e.giver)})),
    (
        "AskAnswered",
        lambda e, lang, who: (
            "AskAnswered" if e.given else "AskAnswered.no",
            {"asker": who(e.asker), "giver": who(e.giver)},
        ),
    ),
    (
        "PropagationPaused",
        lambda e, lang, who: ("PropagationPaused", {"province": province(e.province), "n": e.drawn}),
    ),
    ("AskCard", lambda i, lang, who: ("AskCard", {"other": who(i.other)})),
    (
        "AnswerAsk",
        lambda i, lang, who: ("AnswerAsk", {"card": card(i.card, lang)}) if i.card else ("AnswerAsk.no", {}),
    ),
)
for _name, _fn in _ASKS:
    if hasattr(E, _name):
        _P[getattr(E, _name)] = _fn


def describe(item: Event | Intent, lang: str = "fr", names: Mapping[str, str] | None = None) -> str:
    """One line for an event or an intent in ``lang``; seats shown by ``names`` when given."""
    check_lang(lang)

    def who(seat: str) -> str:
        return (names or {}).get(seat, seat)

    if type(item).__name__ == "Undone":
        return TEXTS.text("Undone", lang, n=getattr(item, "action", "?"))
    fn = _P.get(type(item))
    if fn is None:
        raise KeyError(f"no text for {type(item).__name__}")
    key, params = fn(item, lang, who)
    return counted(TEXTS.text(key, lang, **params), lang)  # "1 punaise", "3 punaises"
