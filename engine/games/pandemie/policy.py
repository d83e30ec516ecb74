"""A simple, fast policy for simulated games (a scout leader's difficulty check, not a strong player).

For the current player of a province it: discards down to seven keeping the colours it collects;
celebrates a victory on a Fort when it can; carries victories across links; passes the card of the city
it shares with a partner to whoever collects that colour; fights where it stands when pins threaten;
walks to the nearest Fort (or builds one) with a full set of cards; otherwise goes (on foot, by forced
march, redeployment or Via Romana) towards the most threatened city of its province — more pins, a
people closer to running out of pins, and no partner nearer to it. It plays Nuit tranquille when a city of its province
holds three pins and Manu Militari to get a Fort where it can celebrate; it keeps the other events.
"""

from __future__ import annotations

from engine.core.events import Intent

from .board import COLOURS
from .events import (
    ArrangeDivination,
    BuildFort,
    Celebrate,
    Combat,
    Discard,
    DrawCards,
    EndActions,
    ForcedMarch,
    Move,
    PlayEvent,
    Propagate,
    Redeploy,
    ShareKnowledge,
    ShareVictory,
    ViaRomana,
)
from .rules import FORTS, HAND_LIMIT, IMPERATOR, MANU, NC, NIGHT, SENATEUR, State
from .rules import PINS_PER_COLOUR as PINS


def _colour_counts(st: State, s: int) -> list[int]:
    board = st.static.board
    counts = [0, 0, 0, 0]
    for c in st.hands[s]:
        if c[1] == "C":
            counts[board.colour[board.card_city[c]]] += 1
    return counts


def _discard_choice(st: State, s: int, pi: int) -> str:
    board = st.static.board
    vic = st.provs[pi].victories
    counts = _colour_counts(st, s)
    best, best_score = "", 1e9
    for c in st.hands[s]:
        if c[1] == "C":
            col = board.colour[board.card_city[c]]
            score = -1 if vic >> col & 1 else counts[col]
        else:
            score = 100  # events: keep
        if score < best_score:
            best, best_score = c, score
    return best


def _step_towards(st: State, here: int, target: int) -> int:
    board = st.static.board
    d = board.dist[target]
    best = here
    for nb in board.adj[here]:
        if nb // NC == here // NC and d[nb] < d[best]:
            best = nb
    return best


def choose(st: State, pi: int) -> Intent | None:
    """The next intent for province ``pi`` (None when the province has nothing to do)."""
    static = st.static
    board = static.board
    p = st.provs[pi]
    seats = static.prov_seats[pi]
    names = static.seats
    for s in seats:
        if len(st.hands[s]) > HAND_LIMIT:
            return Discard(seat=names[s], card=_discard_choice(st, s, pi))
    if p.divination >= 0:
        return ArrangeDivination(seat=names[p.divination], order=p.prop.cards[: p.divination_n])
    s = p.turn
    seat = names[s]
    if p.phase == "draw":
        return DrawCards(seat=seat)
    if p.phase == "propagate":
        if not p.quiet and max(p.pins) >= 3:
            for o in seats:
                for c in st.hands[o]:
                    if board.event_kind.get(c) == NIGHT:
                        return PlayEvent(seat=names[o], card=c)
        return Propagate(seat=seat)
    here = st.loc[s]
    hand = st.hands[s]
    need = 4 if st.role(s) == IMPERATOR else 5
    counts = _colour_counts(st, s)
    ready = [c for c in range(4) if counts[c] >= need and not p.victories >> c & 1]
    if ready:
        if here in p.forts:
            return Celebrate(seat=seat, colour=COLOURS[ready[0]])
        for c in hand:
            if board.event_kind.get(c) == MANU and len(p.forts) < FORTS:
                return PlayEvent(seat=seat, card=c, city=board.keys[here])
    if st.static.opts.victories == "exchange" and p.victories:
        for q in board.link_targets[here]:
            missing = p.victories & ~st.provs[q].victories
            if missing:
                col = next(c for c in range(4) if missing >> c & 1)
                return ShareVictory(seat=seat, colour=COLOURS[col], to_province=static.codes[q])
    # share knowledge: the card of this city goes to whoever collects its colour
    card_here = board.player_card[here]
    col_here = board.colour[here]
    senator = st.role(s) == SENATEUR
    for o in seats:
        if o == s or st.loc[o] != here:
            continue
        theirs = _colour_counts(st, o)
        if card_here in hand and not p.victories >> col_here & 1 and theirs[col_here] > counts[col_here] \
                and len(st.hands[o]) < HAND_LIMIT:
            return ShareKnowledge(seat=seat, other=names[o], card=card_here, give=True)
        if card_here in st.hands[o] and not p.victories >> col_here & 1 and counts[col_here] >= theirs[col_here] \
                and len(hand) < HAND_LIMIT:
            return ShareKnowledge(seat=seat, other=names[o], card=card_here, give=False)
        if senator and len(st.hands[o]) < HAND_LIMIT:
            for c in hand:
                if c[1] == "C":
                    col = board.colour[board.card_city[c]]
                    if not p.victories >> col & 1 and theirs[col] > counts[col]:
                        return ShareKnowledge(seat=seat, other=names[o], card=c, give=True)
    base = (here % NC) * 4
    pins_here = p.pins[base: base + 4]
    worst = max(range(4), key=lambda c: (pins_here[c], PINS - p.supply[c]))
    if pins_here[worst] >= 2 or (pins_here[worst] and board.adj[here] and max(
            p.pins[(nb % NC) * 4 + worst] for nb in board.adj[here] if nb // NC == pi) < 3):
        return Combat(seat=seat, colour=COLOURS[worst])
    dist = board.dist[here]
    if ready:
        fort = min(p.forts, key=lambda f: dist[f])
        if dist[fort] >= 3 and board.player_card[here] in hand and len(p.forts) < FORTS \
                and board.colour[here] != ready[0]:
            return BuildFort(seat=seat)
        return Move(seat=seat, to=board.keys[_step_towards(st, here, fort)])
    # the most threatened city (and the links to carry victories) within reach
    target, best = -1, 0.0
    first = pi * NC
    pins = p.pins
    others = [st.loc[o] for o in seats if o != s]
    for i, n in enumerate(pins):
        if n:  # one colour of one city: its own threat (a city holding several colours counts each)
            c = first + (i >> 2)
            used = PINS - p.supply[i & 3]  # a people close to running out of pins weighs more
            score = (n * n + n) * (1 + used / 12) - 1.5 * dist[c]
            dc = board.dist[c]
            for o in others:  # leave it to a partner who is closer
                if dc[o] < dist[c]:
                    score -= 4
            if score > best:
                target, best = c, score
    if st.static.opts.victories == "exchange" and p.victories:
        for a, b in board.links:
            for c in (a, b):
                other = (b if c == a else a) // NC
                if c // NC == pi and p.victories & ~st.provs[other].victories:
                    score = 6 - 1.5 * dist[c]
                    if score > best:
                        target, best = c, score
    if target >= 0 and here in p.forts and dist[target] >= 3:
        dt = board.dist[target]
        fort = min(p.forts, key=lambda f: dt[f])
        if dt[fort] + 1 < dist[target]:
            return ViaRomana(seat=seat, to=board.keys[fort])
    if here not in p.forts and card_here in hand and len(p.forts) < FORTS - 1 and counts[col_here] < 3 \
            and min(dist[f] for f in p.forts) >= 3:
        return BuildFort(seat=seat)
    if target >= 0 and target != here and dist[target] >= 2:
        tcol = board.colour[target]
        if board.player_card[target] in hand and (counts[tcol] < 3 or p.victories >> tcol & 1):
            return ForcedMarch(seat=seat, to=board.keys[target])
        if card_here in hand and (counts[col_here] < 3 or p.victories >> col_here & 1) and dist[target] >= 3:
            return Redeploy(seat=seat, to=board.keys[target])
    if target >= 0 and target != here:
        return Move(seat=seat, to=board.keys[_step_towards(st, here, target)])
    if pins_here[worst]:
        return Combat(seat=seat, colour=COLOURS[worst])
    return EndActions(seat=seat)
