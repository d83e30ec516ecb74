"""What each seat may see, and one-line texts (French and English) for every event and intent."""

from __future__ import annotations

from typing import Any

from engine.core.deck import Drawn, Peeked, Shuffled
from engine.core.events import HOST, Event, Intent

from . import events as ev
from .characters import CHARACTERS, CLASSES
from .state import State


def _face(face: Any) -> dict[str, Any] | None:
    return None if face is None else {"threshold": face.threshold, "symbols": list(face.symbols)}


def view(state: State, seat: str) -> dict[str, Any]:
    """The board as ``seat`` may see it. Face-down tokens show as a count; their ids and faces appear
    only for the host, and for a seat that looked at them itself (Witch, Crusader)."""
    s = state
    host = seat == HOST
    known = set(s.known.get(seat, ()))
    regions: dict[str, Any] = {}
    for r in s.regions:
        slots = s.slots[r]
        d: dict[str, Any] = {
            "cubes": dict(s.cubes[r]),
            "rats": len(slots),
            "nuns": s.nuns_in(r),
            "bishops": sum(1 for b in s.bishops if b == r),
            "potions": dict(s.potions.get(r, {})),
            "neighbours": list(s.adj[r]),
        }
        if host:
            d["tokens"] = [{"token": t, "face": _face(s.profile.face(t)) if t else None} for t in slots]
        else:
            mine = [
                {"index": k, "token": t, "face": _face(s.profile.face(t))}
                for k, t in enumerate(slots)
                if t and t in known
            ]
            if mine:
                d["known"] = mine
        regions[r] = d
    in_play = set(s.regions)
    out: dict[str, Any] = {
        "game": "rattus",
        "seat": seat,
        "mode": s.mode,
        "seats": list(s.seats),
        "phase": s.phase,
        "stage": s.stage,
        "active": s.active,
        "queue": list(s.queue),
        "regions": regions,
        "links": [
            {"a": x.a, "b": x.b, "arrow": x.arrow}
            for x in s.profile.links
            if x.a in in_play and x.b in in_play
        ],
        "plague": s.plague,
        "neutral": 2 if (s.neutral or s.neutral_permanent) else 0,
        "castle": {"name": s.profile.castle, "cubes": dict(s.castle)},
        "reserve": dict(s.reserve),
        "supply": s.supply_left(),
        "out_face_down": len(s.out_down),
        "revealed": [{"token": t, "region": r, **(_face(f) or {})} for t, r, f in s.revealed],
        "cards": {
            c: {"name": CHARACTERS[c].fr, "class": CHARACTERS[c].cls, "holder": s.holders.get(c, "")}
            for c in s.characters
        },
        "used": sorted(set(s.used)),
        "took_card": s.took_card,
        "placed": s.placed,
        "baker": {"cubes": s.baker, "owner": s.baker_owner},
        "potions_left": s.potions_left,
        "ramparts": [list(e) for e in s.ramparts],
        "nuns": [n for n in s.nuns if n],
        "bishops": [b for b in s.bishops if b],
        "spread": {"region": s.spread_region, "left": s.spread_left},
        "ravage": s.ravage,
        "witch_looks": len(s.peeks),
        "profile": {
            "name": s.profile.name,
            "verified": s.profile.verified,
            "faces": len(s.profile.tokens) - len(s.profile.missing_faces()),
            "tokens": len(s.profile.tokens),
        },
        "outcome": s.result,
    }
    if not s.digital and s.phase in ("ravage", "crusader_flip", "final_plague"):
        # real tokens: a token is to be turned over here now, and its face told (typed, or its sticker scanned)
        where = [s.ravage] if s.ravage else [r for r in s.regions if s.slots[r] and s.total_cubes(r) > 0]
        out["turn_over"] = {
            "regions": where,
            "by": [s.active] if s.active else list(s.seats),
            "sticker_needed": s.phase == "crusader_flip",
            "common": _common_faces(s),
        }
    if host or seat == s.crusader:
        out["pending"] = [{"token": t, **(_face(f) or {})} for t, f in s.pending]
    else:
        out["pending"] = len(s.pending)
    if host:
        out["bag"] = list(s.bag.cards)
        out["out_tokens"] = list(s.out_down)
    return out


def _common_faces(s: State, n: int = 8) -> list[str]:
    """The faces the box profile knows, most frequent first (quick picks for a face to type)."""
    count: dict[str, int] = {}
    for t in s.profile.tokens:
        if t.face is not None:
            count[t.face.text()] = count.get(t.face.text(), 0) + 1
    return [f for f, _ in sorted(count.items(), key=lambda kv: (-kv[1], kv[0]))][:n]


# ------------------------------------------------------------------------------------------ describe
def _card(key: str, lang: str) -> str:
    c = CHARACTERS.get(key)
    return key if c is None else (c.fr if lang == "fr" else c.en)


def _syms(symbols: Any, lang: str) -> str:
    names = []
    for x in symbols:
        if x in CLASSES:
            names.append(CLASSES[x][0 if lang == "fr" else 1])
        else:
            names.append(x)
    return ", ".join(names)


def describe(item: Event | Intent, lang: str = "fr") -> str:
    """One line of text for an event or intent, in French (``fr``) or English (``en``)."""
    fr = lang != "en"
    e: Any = item
    T = type(item)
    if T is ev.GameStarted:
        o = e.options
        return (
            f"Partie de Rattus à {o.get('players')} joueurs, jetons {'numériques' if o.get('mode') == 'digital' else 'physiques'}"
            if fr
            else f"Rattus game for {o.get('players')} players, {o.get('mode')} tokens"
        )
    if T is ev.PhysicalSetup:
        return (
            f"Posez un jeton cerclé de violet face cachée sur chacune des {len(e.regions)} régions ; retirez {e.removed} jetons sans les regarder"
            if fr
            else f"Put one purple-ringed token face down on each of the {len(e.regions)} regions; remove {e.removed} tokens unseen"
        )
    if T is Shuffled:
        return f"Mélange ({e.deck}, {e.size} jetons)" if fr else f"Shuffle ({e.deck}, {e.size} tokens)"
    if T is Drawn:
        where = e.to
        if where == "out":
            return "Un jeton rat est retiré du jeu face cachée" if fr else "A rat token is removed face down"
        if where == "bag":
            return "Un jeton de départ rejoint la réserve" if fr else "A start token joins the supply"
        return f"Un rat est posé face cachée en {where}" if fr else f"A rat is placed face down in {where}"
    if T is Peeked:
        return "Regard discret" if fr else "Private look"
    if T is ev.PlaguePlaced:
        return f"La Peste commence en {e.region}" if fr else f"The plague starts in {e.region}"
    if T is ev.TurnStarted:
        names = {
            "setup": ("mise en place", "setup"),
            "actions": ("tour", "turn"),
            "final": ("dernière manche", "final round"),
            "baker": ("cubes du Boulanger", "the Baker's cubes"),
            "final_plague": ("la Peste ravage tout", "the final plague"),
        }
        ph = names.get(e.phase, (e.phase, e.phase))[0 if fr else 1]
        return f"{e.seat or 'Table'} : {ph}" if fr else f"{e.seat or 'Table'}: {ph}"
    if T is ev.CubesPlaced:
        return (
            f"{e.seat} place {e.count} cube(s) en {e.region} ({e.reason})"
            if fr
            else f"{e.seat} places {e.count} cube(s) in {e.region} ({e.reason})"
        )
    if T is ev.CardTaken:
        src = (f" à {e.from_seat}" if fr else f" from {e.from_seat}") if e.from_seat else ""
        return (
            f"{e.seat} prend la carte {_card(e.card, lang)}{src}"
            if fr
            else f"{e.seat} takes {_card(e.card, lang)}{src}"
        )
    if T is ev.BakerCubesPlaced:
        return (
            f"{e.by} place les {e.count} cubes ({e.owner}) du Boulanger en {e.region}"
            if fr
            else f"{e.by} places the Baker's {e.count} cubes ({e.owner}) in {e.region}"
        )
    if T is ev.BakerStored:
        return f"{e.seat} pose un cube sur le Boulanger" if fr else f"{e.seat} puts a cube on the Baker"
    if T is ev.CubeToCastle:
        return (
            f"Roi : {e.seat} met un cube de {e.region} au Château"
            if fr
            else f"King: {e.seat} moves a cube from {e.region} to the castle"
        )
    if T is ev.RatMoved:
        return (
            f"Moine : un rat passe de {e.src} en {e.dst}"
            if fr
            else f"Monk: a rat moves from {e.src} to {e.dst}"
        )
    if T is ev.CubesMoved:
        return (
            f"Marchand : {e.seat} déplace {e.count} cube(s) de {e.src} en {e.dst}"
            if fr
            else f"Merchant: {e.seat} moves {e.count} cube(s) from {e.src} to {e.dst}"
        )
    if T is ev.CubesSwapped:
        return (
            f"Messager : un cube de {e.seat_a} ({e.region_a}) et un de {e.seat_b} ({e.region_b}) échangent leur place"
            if fr
            else f"Messenger: a cube of {e.seat_a} ({e.region_a}) and one of {e.seat_b} ({e.region_b}) swap places"
        )
    if T is ev.RampartsSet:
        edges = ", ".join(f"{a}/{b}" for a, b in e.edges)
        return f"Empereur : remparts {edges}" if fr else f"Emperor: ramparts {edges}"
    if T is ev.NunsSet:
        return f"Nonne : nonnes en {', '.join(e.regions)}" if fr else f"Nun: nuns in {', '.join(e.regions)}"
    if T is ev.BishopSet:
        return f"Evêque : un évêque en {e.region}" if fr else f"Bishop: a bishop in {e.region}"
    if T is ev.PotionPlaced:
        return (
            f"Magicien : une potion pour {e.seat} en {e.region}"
            if fr
            else f"Magician: a potion for {e.seat} in {e.region}"
        )
    if T is ev.PiperMoved:
        return (
            f"Pied Piper : un cube de {e.seat} va de {e.src} en {e.dst}, {e.rats} rat(s) le suivent"
            if fr
            else f"Pied Piper: a cube of {e.seat} goes from {e.src} to {e.dst}, {e.rats} rat(s) follow"
        )
    if T is ev.TokenPeeked:
        if e.token:
            return (
                f"Sorcière : {e.seat} regarde {e.token} en {e.region} ({e.threshold} {_syms(e.symbols, lang)})"
                if fr
                else f"Witch: {e.seat} looks at {e.token} in {e.region} ({e.threshold} {_syms(e.symbols, lang)})"
            )
        return (
            f"Sorcière : {e.seat} regarde un rat en {e.region}"
            if fr
            else f"Witch: {e.seat} looks at a rat in {e.region}"
        )
    if T is ev.TokensSwapped:
        return (
            f"Sorcière : un rat de {e.region_a} et un de {e.region_b} sont intervertis"
            if fr
            else f"Witch: a rat of {e.region_a} and one of {e.region_b} swap places"
        )
    if T is ev.PlagueMoved:
        extra = (" (+2 cubes neutres)" if fr else " (+2 neutral cubes)") if e.neutral else ""
        return (
            f"{e.seat} déplace la Peste : {' → '.join(e.path)}{extra}"
            if fr
            else f"{e.seat} moves the plague: {' → '.join(e.path)}{extra}"
        )
    if T is ev.PlagueWalledIn:
        return (
            f"La Peste, emmurée en {e.region}, ne peut pas bouger"
            if fr
            else f"The plague, walled in {e.region}, cannot move"
        )
    if T is ev.CardUsed:
        return f"{e.seat} utilise {_card(e.card, lang)}" if fr else f"{e.seat} uses {_card(e.card, lang)}"
    if T is ev.SpreadStarted:
        return (
            f"La Peste se propage autour de {e.region} : {e.count} nouveau(x) rat(s)"
            if fr
            else f"The plague spreads around {e.region}: {e.count} new rat(s)"
        )
    if T is ev.RatPlaced:
        return (
            f"Un rat est posé face cachée en {e.region}" if fr else f"A rat is placed face down in {e.region}"
        )
    if T is ev.SpreadEnded:
        return f"Fin de la propagation ({e.reason or 'ok'})" if fr else f"Spread over ({e.reason or 'ok'})"
    if T is ev.RavageStarted:
        return f"La Peste ravage {e.region}" if fr else f"The plague ravages {e.region}"
    if T is ev.TokenRevealed:
        res = (
            ("contamination" if e.effective else "sans effet")
            if fr
            else ("strikes" if e.effective else "no effect")
        )
        return (
            f"{e.token} en {e.region} : valeur {e.threshold}, {_syms(e.symbols, lang)} — population {e.population}, {res}"
            if fr
            else f"{e.token} in {e.region}: limit {e.threshold}, {_syms(e.symbols, lang)} — population {e.population}, {res}"
        )
    if T is ev.CrusaderRevealed:
        return (
            f"Croisé : {e.seat} retourne {len(e.tokens)} rat(s) en {e.region}"
            if fr
            else f"Crusader: {e.seat} turns over {len(e.tokens)} rat(s) in {e.region}"
        )
    if T is ev.CubesLost:
        lost = ", ".join(f"{k} -{v}" for k, v in e.cubes.items()) or "—"
        pots = ", ".join(f"{k} -{v}" for k, v in e.potions.items())
        tail = (f" (potions : {pots})" if fr else f" (potions: {pots})") if pots else ""
        return f"Pertes en {e.region} : {lost}{tail}" if fr else f"Losses in {e.region}: {lost}{tail}"
    if T is ev.RavageEnded:
        return f"Fin du ravage de {e.region}" if fr else f"{e.region} ravaged"
    if T is ev.TurnEnded:
        return f"Fin du tour de {e.seat}" if fr else f"End of {e.seat}'s turn"
    if T is ev.EndTriggered:
        why = {
            "rats": ("plus de rats en réserve", "rat supply empty"),
            "cubes": ("un joueur a placé tous ses cubes", "a player placed all cubes"),
        }
        w = why.get(e.reason, (e.reason, e.reason))[0 if fr else 1]
        return f"Fin de partie annoncée : {w}" if fr else f"The game ends: {w}"
    if T is ev.GameOver:
        sc = ", ".join(f"{k} {v}" for k, v in e.scores.items())
        return f"Victoire de {e.winner} ({sc})" if fr else f"{e.winner} wins ({sc})"
    if T.__name__ == "Undone":
        return f"Action {e.action} annulée" if fr else f"Action {e.action} undone"
    return _describe_intent(item, fr)


def _describe_intent(i: Any, fr: bool) -> str:
    T = type(i)
    lang = "fr" if fr else "en"
    if T is ev.SetupCubes:
        return f"Placer 2 cubes en {i.region}" if fr else f"Place 2 cubes in {i.region}"
    if T is ev.TakeCard:
        return f"Prendre {_card(i.card, lang)}" if fr else f"Take {_card(i.card, lang)}"
    if T is ev.PlaceCubes:
        bonus = [
            b
            for b, on in (("Paysan" if fr else "Peasant", i.peasant), ("Reine" if fr else "Queen", i.queen))
            if on
        ]
        tail = f" (+{', '.join(bonus)})" if bonus else ""
        return f"Placer des cubes en {i.region}{tail}" if fr else f"Place cubes in {i.region}{tail}"
    if T is ev.PlaceCubesBurgomaster:
        return (
            "Bourgmestre : un cube dans chaque région où je suis majoritaire"
            if fr
            else "Burgomaster: one cube in each region I lead"
        )
    if T is ev.FinalCubes:
        return (
            f"{_card(i.card, lang)} : cubes en {i.region}"
            if fr
            else f"{_card(i.card, lang)}: cubes in {i.region}"
        )
    if T is ev.ToCastle:
        return (
            f"Roi : un cube de {i.region} au Château" if fr else f"King: a cube from {i.region} to the castle"
        )
    if T is ev.MoveRat:
        return (
            f"Moine : déplacer un rat de {i.src} en {i.dst}"
            if fr
            else f"Monk: move a rat from {i.src} to {i.dst}"
        )
    if T is ev.MoveCubes:
        return (
            f"Marchand : {i.count} cube(s) de {i.src} en {i.dst}"
            if fr
            else f"Merchant: {i.count} cube(s) from {i.src} to {i.dst}"
        )
    if T is ev.WitchPeek:
        return f"Sorcière : regarder un rat en {i.region}" if fr else f"Witch: look at a rat in {i.region}"
    if T is ev.WitchSwap:
        return "Sorcière : intervertir les deux rats" if fr else "Witch: swap the two rats"
    if T is ev.SwapCubes:
        return (
            f"Messager : échanger {i.seat_a}/{i.region_a} et {i.seat_b}/{i.region_b}"
            if fr
            else f"Messenger: swap {i.seat_a}/{i.region_a} and {i.seat_b}/{i.region_b}"
        )
    if T is ev.SetRamparts:
        return "Empereur : placer les remparts" if fr else "Emperor: set the ramparts"
    if T is ev.SetNuns:
        return f"Nonne : nonnes en {', '.join(i.regions)}" if fr else f"Nun: nuns in {', '.join(i.regions)}"
    if T is ev.SetBishop:
        return f"Evêque : évêque en {i.region}" if fr else f"Bishop: bishop to {i.region}"
    if T is ev.AddPotion:
        return f"Magicien : potion en {i.region}" if fr else f"Magician: potion in {i.region}"
    if T is ev.PipeCube:
        return f"Pied Piper : de {i.src} en {i.dst}" if fr else f"Pied Piper: from {i.src} to {i.dst}"
    if T is ev.BakerStore:
        return "Boulanger : poser un cube sur la carte" if fr else "Baker: put a cube on the card"
    if T is ev.MovePlague:
        return f"Déplacer la Peste : {' → '.join(i.path)}" if fr else f"Move the plague: {' → '.join(i.path)}"
    if T is ev.SpreadRat:
        return f"Poser un nouveau rat en {i.region}" if fr else f"Place a new rat in {i.region}"
    if T is ev.FlipToken:
        return f"Retourner {i.token} en {i.region}" if fr else f"Turn over {i.token} in {i.region}"
    if T is ev.OrderTokens:
        return f"Croisé : ordre {', '.join(i.order)}" if fr else f"Crusader: order {', '.join(i.order)}"
    if T is ev.SoldierRat:
        return f"Soldat : un rat en {i.region}" if fr else f"Soldier: a rat in {i.region}"
    if T is ev.EndTurn:
        return "Terminer mon dernier tour" if fr else "End my final turn"
    if T is ev.BakerPlace:
        return (
            f"Placer les cubes du Boulanger en {i.region}" if fr else f"Place the Baker's cubes in {i.region}"
        )
    return T.__name__
