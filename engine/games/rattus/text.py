"""Rattus texts in French and English: one table keyed by event/intent type (with parameters), one of words
(phases, reasons, symbols), and the characters' names. :func:`describe` formats one event or intent;
``names`` maps seats to the players' names."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.core.deck import Drawn, Peeked, Shuffled
from engine.core.events import Event, Intent
from engine.core.lang import Table, check_lang, counted

from . import events as ev
from .characters import CHARACTERS, CLASSES


def character(key: str, lang: str) -> str:
    c = CHARACTERS.get(key)
    return key if c is None else (c.fr if lang == "fr" else c.en)


def token(tid: str, lang: str) -> str:
    """``RAT:07`` → ``jeton 07`` / ``token 07`` (the number printed on its sticker)."""
    num = tid.partition(":")[2] if tid.startswith("RAT:") else tid
    if not num:  # a face typed for a token with no sticker: "jeton (seuil 5…)", no double space
        return WORDS.text("token.some", lang)
    return WORDS.text("token", lang, n=num)


def symbols(syms: Any, lang: str) -> str:
    out = []
    for x in syms:
        if x in CLASSES:
            out.append(CLASSES[x][0 if lang == "fr" else 1])
        else:
            out.append(WORDS.get(f"sym.{x}", lang, x) or x)
    return ", ".join(out)


WORDS = Table(
    {
        "token": ("jeton {n}", "token {n}"),
        "token.some": ("jeton", "token"),
        "sym.M": ("majorité", "majority"),
        "sym.A": ("tous", "all"),
        "phase.setup": ("mise en place", "setup"),
        "phase.actions": ("tour", "turn"),
        "phase.final": ("dernière manche", "final round"),
        "phase.baker": ("cubes du Boulanger", "the Baker's cubes"),
        "phase.final_plague": ("la Peste ravage tout", "the final plague"),
        "phase.between": ("entre deux tours", "between turns"),
        "phase.turn_end": ("fin du tour", "end of the turn"),
        "phase.spread": ("propagation", "spread"),
        "phase.ravage": ("ravage", "ravage"),
        "phase.crusade": ("croisade", "crusade"),
        "reason.setup": ("mise en place", "setup"),
        "reason.rats": ("un par rat", "one per rat"),
        "reason.actions": ("action", "action"),
        "reason.peasant": ("Paysan", "Peasant"),
        "reason.queen": ("Reine", "Queen"),
        "reason.burgomaster": ("Bourgmestre", "Burgomaster"),
        "reason.serf": ("Serf", "Serf"),
        "reason.baker": ("Boulanger", "Baker"),
        "spread.": ("terminée", "done"),
        "spread.no-room": ("plus de place", "no room left"),
        "spread.supply-empty": ("réserve de rats vide", "rat supply empty"),
        "end.rats": ("plus de rats en réserve", "the rat supply is empty"),
        "end.cubes": ("un joueur a placé tous ses cubes", "a player placed all their cubes"),
        "effect.yes": ("contamination", "strikes"),
        "effect.no": ("sans effet", "no effect"),
        "mode.digital": ("numériques", "digital"),
        "mode.physical": ("physiques", "physical"),
        "table": ("la table", "the table"),
        "nobody": ("personne", "nobody"),
    }
)


def word(kind: str, value: str, lang: str) -> str:
    if kind == "reason" and value.startswith("final-"):
        return character(value[6:], lang)
    got = WORDS.get(f"{kind}.{value}", lang)
    return value if got is None else got


TEXTS = Table(
    {
        "GameStarted": (
            "Partie de Rattus à {n} joueurs, jetons {mode}",
            "Rattus game for {n} players, {mode} tokens",
        ),
        "PhysicalSetup": (
            "Posez un jeton cerclé de violet face cachée sur chacune des {n} régions ; retirez {removed} "
            "jetons sans les regarder",
            "Put one purple-ringed token face down on each of the {n} regions; remove {removed} tokens "
            "unseen",
        ),
        "Shuffled": ("Mélange du sac ({size} jetons)", "The bag is shuffled ({size} tokens)"),
        "Drawn.out": ("Un jeton rat est retiré du jeu face cachée", "A rat token is removed face down"),
        "Drawn.bag": ("Un jeton de départ rejoint la réserve", "A start token joins the supply"),
        "Drawn": ("Un rat est posé face cachée en {region}", "A rat is placed face down in {region}"),
        "Peeked": ("Regard discret", "Private look"),
        "PlaguePlaced": ("La Peste commence en {region}", "The plague starts in {region}"),
        "TurnStarted": ("{seat} : {phase}", "{seat}: {phase}"),
        "CubesPlaced": (
            "{seat} place {n} cube(s) en {region} ({reason})",
            "{seat} places {n} cube(s) in {region} ({reason})",
        ),
        "CardTaken": ("{seat} prend la carte {card}", "{seat} takes {card}"),
        "CardTaken.from": ("{seat} prend la carte {card} à {other}", "{seat} takes {card} from {other}"),
        "BakerCubesPlaced": (
            "{by} place les {n} cubes du Boulanger ({owner}) en {region}",
            "{by} places the Baker's {n} cubes ({owner}) in {region}",
        ),
        "BakerStored": ("{seat} pose un cube sur le Boulanger", "{seat} puts a cube on the Baker"),
        "CubeToCastle": (
            "Roi : {seat} met un cube de {region} au Château",
            "King: {seat} moves a cube from {region} to the castle",
        ),
        "RatMoved": ("Moine : un rat passe de {src} en {dst}", "Monk: a rat moves from {src} to {dst}"),
        "CubesMoved": (
            "Marchand : {seat} déplace {n} cube(s) de {src} en {dst}",
            "Merchant: {seat} moves {n} cube(s) from {src} to {dst}",
        ),
        "CubesSwapped": (
            "Messager : un cube de {seat} ({region}) et un de {other} ({region2}) échangent leur place",
            "Messenger: a cube of {seat} ({region}) and one of {other} ({region2}) swap places",
        ),
        "RampartsSet": ("Empereur : remparts entre {edges}", "Emperor: ramparts between {edges}"),
        "NunsSet": ("Nonne : nonnes en {regions}", "Nun: nuns in {regions}"),
        "BishopSet": ("Évêque : un évêque en {region}", "Bishop: a bishop in {region}"),
        "PotionPlaced": (
            "Magicien : une potion pour {seat} en {region}",
            "Magician: a potion for {seat} in {region}",
        ),
        "PiperMoved": (
            "Pied Piper : un cube de {seat} va de {src} en {dst}, {n} rats le suivent",
            "Pied Piper: a cube of {seat} goes from {src} to {dst}, {n} rats follow",
        ),
        "PiperMoved.one": (
            "Pied Piper : un cube de {seat} va de {src} en {dst}, 1 rat le suit",
            "Pied Piper: a cube of {seat} goes from {src} to {dst}, 1 rat follows",
        ),
        "PiperMoved.none": (
            "Pied Piper : un cube de {seat} va de {src} en {dst}, aucun rat ne le suit",
            "Pied Piper: a cube of {seat} goes from {src} to {dst}, no rat follows",
        ),
        "TokenPeeked.face": (
            "Sorcière : {seat} regarde le {token} en {region} (seuil {threshold} ; {symbols})",
            "Witch: {seat} looks at {token} in {region} (limit {threshold}; {symbols})",
        ),
        "TokenPeeked": (
            "Sorcière : {seat} regarde un rat en {region}",
            "Witch: {seat} looks at a rat in {region}",
        ),
        "TokensSwapped": (
            "Sorcière : un rat de {region} et un de {region2} sont intervertis",
            "Witch: a rat of {region} and one of {region2} swap places",
        ),
        "PlagueMoved": ("{seat} déplace la Peste : {path}", "{seat} moves the plague: {path}"),
        "PlagueMoved.neutral": (
            "{seat} déplace la Peste : {path} (+2 cubes neutres)",
            "{seat} moves the plague: {path} (+2 neutral cubes)",
        ),
        "PlagueWalledIn": (
            "La Peste, emmurée en {region}, ne peut pas bouger",
            "The plague, walled in {region}, cannot move",
        ),
        "CardUsed": ("{seat} utilise {card}", "{seat} uses {card}"),
        "SpreadStarted": (
            "La Peste se propage autour de {region} : {n} nouveau(x) rat(s)",
            "The plague spreads around {region}: {n} new rat(s)",
        ),
        "RatPlaced": ("Un rat est posé face cachée en {region}", "A rat is placed face down in {region}"),
        "SpreadEnded": ("Fin de la propagation ({reason})", "Spread over ({reason})"),
        "RavageStarted": ("La Peste ravage {region}", "The plague ravages {region}"),
        "TokenRevealed": (
            "Rat retourné en {region} : {token} (seuil {threshold} ; {symbols}) — population "
            "{population}, {effect}",
            "Rat turned over in {region}: {token} (limit {threshold}; {symbols}) — population "
            "{population}, {effect}",
        ),
        "CrusaderRevealed": (
            "Croisé : {seat} retourne {n} rat(s) en {region}",
            "Crusader: {seat} turns over {n} rat(s) in {region}",
        ),
        "CubesLost": ("Pertes en {region} : {lost}", "Losses in {region}: {lost}"),
        "CubesLost.potions": (
            "Pertes en {region} : {lost} (potions : {potions})",
            "Losses in {region}: {lost} (potions: {potions})",
        ),
        "CubesLost.none": ("Aucune perte en {region}", "No losses in {region}"),
        "CubesLost.back": (
            "Pertes en {region} : {lost} ; plus aucun cube à protéger, les potions retournent à la réserve "
            "({back})",
            "Losses in {region}: {lost}; no cube left to protect, the potions go back to the supply ({back})",
        ),
        "RavageEnded": ("Fin du ravage de {region}", "{region} ravaged"),
        "TurnEnded": ("Fin du tour de {seat}", "End of {seat}'s turn"),
        "EndTriggered": ("Fin de partie annoncée : {reason}", "The game ends: {reason}"),
        "GameOver": ("Victoire de {seat} ({scores})", "{seat} wins ({scores})"),
        "Undone": ("Action {n} annulée", "Action {n} undone"),
        # intents
        "SetupCubes": ("Placer 2 cubes en {region}", "Place 2 cubes in {region}"),
        "TakeCard": ("Prendre {card}", "Take {card}"),
        "TakeCard.region": ("Prendre {card} (ses cubes en {region})", "Take {card} (its cubes to {region})"),
        "PlaceCubes": ("Placer des cubes en {region}", "Place cubes in {region}"),
        "PlaceCubes.bonus": ("Placer des cubes en {region} (+{bonus})", "Place cubes in {region} (+{bonus})"),
        "PlaceCubesBurgomaster": (
            "Bourgmestre : un cube dans chaque région où je suis majoritaire",
            "Burgomaster: one cube in each region I lead",
        ),
        "FinalCubes": ("{card} : cubes en {region}", "{card}: cubes in {region}"),
        "ToCastle": ("Roi : un cube de {region} au Château", "King: a cube from {region} to the castle"),
        "MoveRat": ("Moine : déplacer un rat de {src} en {dst}", "Monk: move a rat from {src} to {dst}"),
        "MoveCubes": (
            "Marchand : {n} cube(s) de {src} en {dst}",
            "Merchant: {n} cube(s) from {src} to {dst}",
        ),
        "WitchPeek": ("Sorcière : regarder un rat en {region}", "Witch: look at a rat in {region}"),
        "WitchSwap": ("Sorcière : intervertir les deux rats", "Witch: swap the two rats"),
        "SwapCubes": (
            "Messager : échanger un cube de {seat} en {region} et un de {other} en {region2}",
            "Messenger: swap a cube of {seat} in {region} and one of {other} in {region2}",
        ),
        "SetRamparts": ("Empereur : remparts entre {edges}", "Emperor: ramparts between {edges}"),
        "SetNuns": ("Nonne : nonnes en {regions}", "Nun: nuns in {regions}"),
        "SetBishop": ("Évêque : évêque en {region}", "Bishop: bishop to {region}"),
        "AddPotion": ("Magicien : potion en {region}", "Magician: potion in {region}"),
        "PipeCube": ("Pied Piper : de {src} en {dst}", "Pied Piper: from {src} to {dst}"),
        "BakerStore": ("Boulanger : poser un cube sur la carte", "Baker: put a cube on the card"),
        "MovePlague": ("Déplacer la Peste : {path}", "Move the plague: {path}"),
        "MovePlague.with": ("Déplacer la Peste : {path} ({cards})", "Move the plague: {path} ({cards})"),
        "plague.neutral": ("Chevalier : +2 cubes neutres", "Knight: +2 neutral cubes"),
        "plague.crusader": ("Croisé", "Crusader"),
        "plague.soldier": ("Soldat : +1 rat", "Soldier: +1 rat"),
        "plague.serf": ("Serf", "Serf"),
        "SpreadRat": ("Poser un nouveau rat en {region}", "Place a new rat in {region}"),
        "FlipToken": ("Retourner le {token} en {region}", "Turn over {token} in {region}"),
        "OrderTokens": ("Croisé : ordre {tokens}", "Crusader: order {tokens}"),
        "SoldierRat": ("Soldat : un rat en {region}", "Soldier: a rat in {region}"),
        "EndTurn": ("Terminer mon dernier tour", "End my final turn"),
        "BakerPlace": ("Placer les cubes du Boulanger en {region}", "Place the Baker's cubes in {region}"),
    }
)

Who = Callable[[str], str]
P = Callable[[Any, str, Who], tuple[str, dict[str, object]]]


def _drawn(e: Any, lang: str, who: Who) -> tuple[str, dict[str, object]]:
    if e.to in ("out", "bag"):
        return f"Drawn.{e.to}", {}
    return "Drawn", {"region": e.to}


def _lost(e: Any, lang: str, who: Who) -> tuple[str, dict[str, object]]:
    lost = ", ".join(f"{who(k)} −{v}" for k, v in e.cubes.items())
    pots = ", ".join(f"{who(k)} −{v}" for k, v in e.potions.items())
    if not lost and not pots:
        return "CubesLost.none", {"region": e.region}
    back = getattr(e, "potions_back", None) or {}
    if back:  # the last cube a potion stood beside is gone: the potion goes back to the supply
        said = ", ".join(f"{who(k)} {v}" for k, v in back.items())
        return "CubesLost.back", {"region": e.region, "lost": lost or "—", "back": said}
    if pots:
        return "CubesLost.potions", {"region": e.region, "lost": lost or "—", "potions": pots}
    return "CubesLost", {"region": e.region, "lost": lost}


def _place(i: Any, lang: str, who: Who) -> tuple[str, dict[str, object]]:
    bonus = [character(k, lang) for k, on in (("paysan", i.peasant), ("reine", i.queen)) if on]
    if bonus:
        return "PlaceCubes.bonus", {"region": i.region, "bonus": ", ".join(bonus)}
    return "PlaceCubes", {"region": i.region}


def _edges(edges: Any) -> str:
    return ", ".join(f"{a}/{b}" for a, b in edges)


_P: dict[type, P] = {
    ev.GameStarted: lambda e, lang, who: (
        "GameStarted",
        {"n": e.options.get("players"), "mode": word("mode", str(e.options.get("mode")), lang)},
    ),
    ev.PhysicalSetup: lambda e, lang, who: ("PhysicalSetup", {"n": len(e.regions), "removed": e.removed}),
    Shuffled: lambda e, lang, who: ("Shuffled", {"size": e.size}),
    Drawn: _drawn,
    Peeked: lambda e, lang, who: ("Peeked", {}),
    ev.PlaguePlaced: lambda e, lang, who: ("PlaguePlaced", {"region": e.region}),
    ev.TurnStarted: lambda e, lang, who: (
        "TurnStarted",
        {"seat": who(e.seat) if e.seat else WORDS.text("table", lang), "phase": word("phase", e.phase, lang)},
    ),
    ev.CubesPlaced: lambda e, lang, who: (
        "CubesPlaced",
        {"seat": who(e.seat), "n": e.count, "region": e.region, "reason": word("reason", e.reason, lang)},
    ),
    ev.CardTaken: lambda e, lang, who: (
        ("CardTaken.from", {"seat": who(e.seat), "card": character(e.card, lang), "other": who(e.from_seat)})
        if e.from_seat
        else ("CardTaken", {"seat": who(e.seat), "card": character(e.card, lang)})
    ),
    ev.BakerCubesPlaced: lambda e, lang, who: (
        "BakerCubesPlaced",
        {"by": who(e.by), "n": e.count, "owner": who(e.owner), "region": e.region},
    ),
    ev.BakerStored: lambda e, lang, who: ("BakerStored", {"seat": who(e.seat)}),
    ev.CubeToCastle: lambda e, lang, who: ("CubeToCastle", {"seat": who(e.seat), "region": e.region}),
    ev.RatMoved: lambda e, lang, who: ("RatMoved", {"src": e.src, "dst": e.dst}),
    ev.CubesMoved: lambda e, lang, who: (
        "CubesMoved",
        {"seat": who(e.seat), "n": e.count, "src": e.src, "dst": e.dst},
    ),
    ev.CubesSwapped: lambda e, lang, who: (
        "CubesSwapped",
        {"seat": who(e.seat_a), "region": e.region_a, "other": who(e.seat_b), "region2": e.region_b},
    ),
    ev.RampartsSet: lambda e, lang, who: ("RampartsSet", {"edges": _edges(e.edges)}),
    ev.NunsSet: lambda e, lang, who: ("NunsSet", {"regions": ", ".join(e.regions)}),
    ev.BishopSet: lambda e, lang, who: ("BishopSet", {"region": e.region}),
    ev.PotionPlaced: lambda e, lang, who: ("PotionPlaced", {"seat": who(e.seat), "region": e.region}),
    ev.PiperMoved: lambda e, lang, who: (
        {0: "PiperMoved.none", 1: "PiperMoved.one"}.get(e.rats, "PiperMoved"),
        {"seat": who(e.seat), "src": e.src, "dst": e.dst, "n": e.rats},
    ),
    ev.TokenPeeked: lambda e, lang, who: (
        (
            "TokenPeeked.face",
            {
                "seat": who(e.seat),
                "token": token(e.token, lang),
                "region": e.region,
                "threshold": e.threshold,
                "symbols": symbols(e.symbols, lang),
            },
        )
        if e.token
        else ("TokenPeeked", {"seat": who(e.seat), "region": e.region})
    ),
    ev.TokensSwapped: lambda e, lang, who: ("TokensSwapped", {"region": e.region_a, "region2": e.region_b}),
    ev.PlagueMoved: lambda e, lang, who: (
        "PlagueMoved.neutral" if e.neutral else "PlagueMoved",
        {"seat": who(e.seat), "path": " → ".join(e.path)},
    ),
    ev.PlagueWalledIn: lambda e, lang, who: ("PlagueWalledIn", {"region": e.region}),
    ev.CardUsed: lambda e, lang, who: ("CardUsed", {"seat": who(e.seat), "card": character(e.card, lang)}),
    ev.SpreadStarted: lambda e, lang, who: ("SpreadStarted", {"region": e.region, "n": e.count}),
    ev.RatPlaced: lambda e, lang, who: ("RatPlaced", {"region": e.region}),
    ev.SpreadEnded: lambda e, lang, who: ("SpreadEnded", {"reason": word("spread", e.reason, lang)}),
    ev.RavageStarted: lambda e, lang, who: ("RavageStarted", {"region": e.region}),
    ev.TokenRevealed: lambda e, lang, who: (
        "TokenRevealed",
        {
            "token": token(e.token, lang),
            "region": e.region,
            "threshold": e.threshold,
            "symbols": symbols(e.symbols, lang),
            "population": e.population,
            "effect": WORDS.text("effect.yes" if e.effective else "effect.no", lang),
        },
    ),
    ev.CrusaderRevealed: lambda e, lang, who: (
        "CrusaderRevealed",
        {"seat": who(e.seat), "n": len(e.tokens), "region": e.region},
    ),
    ev.CubesLost: _lost,
    ev.RavageEnded: lambda e, lang, who: ("RavageEnded", {"region": e.region}),
    ev.TurnEnded: lambda e, lang, who: ("TurnEnded", {"seat": who(e.seat)}),
    ev.EndTriggered: lambda e, lang, who: ("EndTriggered", {"reason": word("end", e.reason, lang)}),
    ev.GameOver: lambda e, lang, who: (
        "GameOver",
        {
            "seat": who(e.winner) if e.winner else WORDS.text("nobody", lang),
            "scores": ", ".join(f"{who(k)} {v}" for k, v in e.scores.items()),
        },
    ),
    # intents
    ev.SetupCubes: lambda i, lang, who: ("SetupCubes", {"region": i.region}),
    ev.TakeCard: lambda i, lang, who: (
        ("TakeCard.region", {"card": character(i.card, lang), "region": i.region})
        if i.region
        else ("TakeCard", {"card": character(i.card, lang)})
    ),
    ev.PlaceCubes: _place,
    ev.PlaceCubesBurgomaster: lambda i, lang, who: ("PlaceCubesBurgomaster", {}),
    ev.FinalCubes: lambda i, lang, who: ("FinalCubes", {"card": character(i.card, lang), "region": i.region}),
    ev.ToCastle: lambda i, lang, who: ("ToCastle", {"region": i.region}),
    ev.MoveRat: lambda i, lang, who: ("MoveRat", {"src": i.src, "dst": i.dst}),
    ev.MoveCubes: lambda i, lang, who: ("MoveCubes", {"n": i.count, "src": i.src, "dst": i.dst}),
    ev.WitchPeek: lambda i, lang, who: ("WitchPeek", {"region": i.region}),
    ev.WitchSwap: lambda i, lang, who: ("WitchSwap", {}),
    ev.SwapCubes: lambda i, lang, who: (
        "SwapCubes",
        {"seat": who(i.seat_a), "region": i.region_a, "other": who(i.seat_b), "region2": i.region_b},
    ),
    ev.SetRamparts: lambda i, lang, who: ("SetRamparts", {"edges": _edges(i.edges)}),
    ev.SetNuns: lambda i, lang, who: ("SetNuns", {"regions": ", ".join(i.regions)}),
    ev.SetBishop: lambda i, lang, who: ("SetBishop", {"region": i.region}),
    ev.AddPotion: lambda i, lang, who: ("AddPotion", {"region": i.region}),
    ev.PipeCube: lambda i, lang, who: ("PipeCube", {"src": i.src, "dst": i.dst}),
    ev.BakerStore: lambda i, lang, who: ("BakerStore", {}),
    ev.MovePlague: lambda i, lang, who: (
        ("MovePlague.with", {"path": " → ".join(i.path), "cards": _plague_cards(i, lang)})
        if i.neutral or i.crusader or i.soldier or i.serf
        else ("MovePlague", {"path": " → ".join(i.path)})
    ),
    ev.SpreadRat: lambda i, lang, who: ("SpreadRat", {"region": i.region}),
    ev.FlipToken: lambda i, lang, who: ("FlipToken", {"token": token(i.token, lang), "region": i.region}),
    ev.OrderTokens: lambda i, lang, who: (
        "OrderTokens",
        {"tokens": ", ".join(token(t, lang) for t in i.order)},
    ),
    ev.SoldierRat: lambda i, lang, who: ("SoldierRat", {"region": i.region}),
    ev.EndTurn: lambda i, lang, who: ("EndTurn", {}),
    ev.BakerPlace: lambda i, lang, who: ("BakerPlace", {"region": i.region}),
}


def _plague_cards(i: ev.MovePlague, lang: str) -> str:
    """The cards a plague move plays (the same path with and without the Knight were two alike buttons)."""
    flags = (("neutral", i.neutral), ("crusader", i.crusader), ("soldier", i.soldier), ("serf", i.serf))
    return ", ".join(TEXTS.text(f"plague.{name}", lang) for name, on in flags if on)


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
    return counted(TEXTS.text(key, lang, **params), lang)  # "Léa place 2 cubes", not "2 cube(s)"
