"""One-line texts for events and intents, in French and English (logs, buttons)."""

from __future__ import annotations

from functools import cache

from engine.core.deck import Discarded, Drawn, Peeked, Placed, RemovedFromDiscard, Shuffled
from engine.core.events import Event, Intent

from . import events as E
from .board import COLOUR_FR, EVENT_CARDS, PEOPLES, all_names, shipped


@cache
def _roles() -> dict[str, str]:
    return {f"PO:{p.code}{k + 1}": r for p in shipped() for k, r in enumerate(p.roles)}


def city(key: str) -> str:
    return all_names().get(key, key)


def card(cid: str, lang: str = "fr") -> str:
    if not cid:
        return "?" if lang == "en" else "carte cachée"
    kind, _, rest = cid.partition(":")
    if kind in ("PC", "PI"):
        return city(rest)
    if kind == "PE" and rest[-1:].isdigit() and 1 <= int(rest[-1]) <= len(EVENT_CARDS):
        return EVENT_CARDS[int(rest[-1]) - 1]
    if kind == "PR":
        return "Rupture"
    if kind == "PO":
        return _roles().get(cid, cid)
    return cid


def people(colour: str, lang: str) -> str:
    name = PEOPLES.get(colour, colour)
    return f"{name} ({COLOUR_FR.get(colour, colour) if lang == 'fr' else colour})"


def describe(item: Event | Intent, lang: str = "fr") -> str:
    fr = lang != "en"
    f = _TEXTS.get(type(item))
    if f is None:
        return type(item).__name__
    return f(item, fr)


def _deck(name: str, fr: bool) -> str:
    kind, _, code = name.partition(":")
    fr_names = {"player": "pioche joueurs", "prop": "pioche propagation", "roles": "cartes rôle"}
    en_names = {"player": "player deck", "prop": "propagation deck", "roles": "role cards"}
    return f"{(fr_names if fr else en_names).get(kind, kind)} {code}"


_TEXTS = {
    E.GameStarted: lambda e, fr: (f"Début de la partie : {len(e.provinces)} province(s)" if fr
                                  else f"Game starts: {len(e.provinces)} province(s)"),
    E.BaseInstalled: lambda e, fr: (f"Fort et pions à {city(e.city)}" if fr else f"Fort and pawns at {city(e.city)}"),
    E.TurnBegan: lambda e, fr: (f"{e.province} : au tour de {e.seat}" if fr else f"{e.province}: {e.seat}'s turn"),
    E.ActionUsed: lambda e, fr: (f"{e.seat} : action {e.action}" if fr else f"{e.seat}: action {e.action}"),
    E.ActionsEnded: lambda e, fr: (f"{e.seat} termine ses actions" if fr else f"{e.seat} ends their actions"),
    E.PhaseChanged: lambda e, fr: (f"{e.province} : phase {e.phase}" if fr else f"{e.province}: {e.phase} phase"),
    E.PawnMoved: lambda e, fr: (f"{e.pawn} va à {city(e.to)} ({e.how})" if fr else f"{e.pawn} goes to {city(e.to)} ({e.how})"),
    E.FortBuilt: lambda e, fr: (f"Fort construit à {city(e.city)}" if fr else f"Fort built at {city(e.city)}"),
    E.PinsPlaced: lambda e, fr: (f"{e.n} punaise(s) {people(e.colour, 'fr')} sur {city(e.city)}" if fr
                                 else f"{e.n} {people(e.colour, 'en')} pin(s) on {city(e.city)}"),
    E.PinsRemoved: lambda e, fr: (f"{e.n} punaise(s) {people(e.colour, 'fr')} retirée(s) de {city(e.city)}" if fr
                                  else f"{e.n} {people(e.colour, 'en')} pin(s) removed from {city(e.city)}"),
    E.Surged: lambda e, fr: (f"Déferlement barbare {people(e.colour, 'fr')} depuis {city(e.city)} !" if fr
                             else f"Barbarian surge of the {people(e.colour, 'en')} from {city(e.city)}!"),
    E.SpeedRaised: lambda e, fr: (f"{e.province} : la vitesse d'invasion augmente" if fr else f"{e.province}: invasion speed rises"),
    E.RuptureRevealed: lambda e, fr: (f"{e.province} : Rupture !" if fr else f"{e.province}: Rupture!"),
    E.CardGiven: lambda e, fr: (f"{e.giver} donne {card(e.card)} à {e.receiver}" if fr
                                else f"{e.giver} gives {card(e.card)} to {e.receiver}"),
    E.VictoryCelebrated: lambda e, fr: (f"{e.province} : victoire célébrée sur les {people(e.colour, 'fr')}" if fr
                                        else f"{e.province}: victory over the {people(e.colour, 'en')} celebrated"),
    E.VictoryShared: lambda e, fr: (f"Victoire {people(e.colour, 'fr')} transmise de {e.from_province} à {e.to_province}" if fr
                                    else f"{people(e.colour, 'en')} victory carried from {e.from_province} to {e.to_province}"),
    E.Eradicated: lambda e, fr: (f"{e.province} : invasion {people(e.colour, 'fr')} éradiquée" if fr
                                 else f"{e.province}: {people(e.colour, 'en')} invasion eradicated"),
    E.EventPlayed: lambda e, fr: (f"{e.seat} joue {card(e.card)}" if fr else f"{e.seat} plays {card(e.card)}"),
    E.CardRemoved: lambda e, fr: (f"{card(e.card)} retirée de la partie" if fr else f"{card(e.card)} removed from the game"),
    E.EventStored: lambda e, fr: (f"{e.seat} entrepose {card(e.card)}" if fr else f"{e.seat} stores {card(e.card)}"),
    E.QuietNight: lambda e, fr: (f"{e.province} : nuit tranquille à venir" if fr else f"{e.province}: a quiet night ahead"),
    E.PropagationSkipped: lambda e, fr: (f"{e.province} : nuit tranquille, pas de propagation" if fr
                                         else f"{e.province}: quiet night, no propagation"),
    E.DivinationBegan: lambda e, fr: (f"{e.seat} consulte les {e.n} cartes du dessus (Divinations)" if fr
                                      else f"{e.seat} looks at the top {e.n} cards (Divinations)"),
    E.DivinationEnded: lambda e, fr: (f"{e.province} : cartes remises sur la pioche" if fr
                                      else f"{e.province}: cards put back on the deck"),
    E.GameLost: lambda e, fr: (f"Partie perdue ({e.cause}) {e.province} : {e.detail}" if fr
                               else f"Game lost ({e.cause}) {e.province}: {e.detail}"),
    E.GameWon: lambda e, fr: ("Partie gagnée : les quatre victoires sont célébrées !" if fr
                              else "Game won: the four victories are celebrated!"),
    Shuffled: lambda e, fr: (f"Mélange de la {_deck(e.deck, True)} ({e.size} cartes)" if fr
                             else f"{_deck(e.deck, False)} shuffled ({e.size} cards)"),
    Drawn: lambda e, fr: (f"{e.to or 'table'} pioche {card(e.card)} ({_deck(e.deck, True)})" if fr
                          else f"{e.to or 'table'} draws {card(e.card, 'en')} ({_deck(e.deck, False)})"),
    Discarded: lambda e, fr: (f"{card(e.card)} défaussée" if fr else f"{card(e.card, 'en')} discarded"),
    RemovedFromDiscard: lambda e, fr: (f"{card(e.card)} reprise de la défausse" if fr else f"{card(e.card, 'en')} taken from the discard"),
    Placed: lambda e, fr: (f"{len(e.cards)} carte(s) replacée(s) sur la {_deck(e.deck, True)}" if fr
                           else f"{len(e.cards)} card(s) put back on the {_deck(e.deck, False)}"),
    Peeked: lambda e, fr: (f"{e.seat} regarde {len(e.cards)} carte(s)" if fr else f"{e.seat} looks at {len(e.cards)} card(s)"),
    # intents
    E.Move: lambda i, fr: (f"Aller à {city(i.to)}" if fr else f"Move to {city(i.to)}"),
    E.Redeploy: lambda i, fr: (f"Redéploiement vers {city(i.to)}" if fr else f"Redeploy to {city(i.to)}"),
    E.ForcedMarch: lambda i, fr: (f"Marche forcée vers {city(i.to)}" if fr else f"Forced march to {city(i.to)}"),
    E.ViaRomana: lambda i, fr: (f"Via Romana vers {city(i.to)}" if fr else f"Via Romana to {city(i.to)}"),
    E.ConsulMove: lambda i, fr: (f"Consul : vers {city(i.to)} (défausse {card(i.card)})" if fr
                                 else f"Consul: to {city(i.to)} (discard {card(i.card)})"),
    E.LicteurGather: lambda i, fr: (f"Licteur : {i.pawn} vers {city(i.to)}" if fr else f"Licteur: {i.pawn} to {city(i.to)}"),
    E.BuildFort: lambda i, fr: ("Construire un Fort" if fr else "Build a Fort"),
    E.Combat: lambda i, fr: (f"Combattre les {people(i.colour, 'fr')}" if fr else f"Fight the {people(i.colour, 'en')}"),
    E.Celebrate: lambda i, fr: (f"Célébrer la victoire sur les {people(i.colour, 'fr')}" if fr
                                else f"Celebrate the victory over the {people(i.colour, 'en')}"),
    E.ShareKnowledge: lambda i, fr: ((f"Donner {card(i.card)} à {i.other}" if i.give else f"Prendre {card(i.card)} à {i.other}")
                                     if fr else (f"Give {card(i.card)} to {i.other}" if i.give
                                                 else f"Take {card(i.card)} from {i.other}")),
    E.ShareVictory: lambda i, fr: (f"Transmettre la victoire {people(i.colour, 'fr')} à {i.to_province}" if fr
                                   else f"Carry the {people(i.colour, 'en')} victory to {i.to_province}"),
    E.StoreEvent: lambda i, fr: (f"Entreposer {card(i.card)}" if fr else f"Store {card(i.card)}"),
    E.EndActions: lambda i, fr: ("Terminer les actions" if fr else "End actions"),
    E.DrawCards: lambda i, fr: ("Piocher 2 cartes" if fr else "Draw 2 cards"),
    E.Discard: lambda i, fr: (f"Défausser {card(i.card)}" if fr else f"Discard {card(i.card, 'en')}"),
    E.Propagate: lambda i, fr: ("Propagation" if fr else "Propagate"),
    E.PlayEvent: lambda i, fr: (f"Jouer {card(i.card)}" + (f" ({city(i.city)})" if i.city else "") if fr
                                else f"Play {card(i.card)}" + (f" ({city(i.city)})" if i.city else "")),
    E.ArrangeDivination: lambda i, fr: ("Remettre les cartes dans cet ordre" if fr else "Put the cards back in this order"),
}
