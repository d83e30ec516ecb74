"""What each seat may see (the texts of events and intents are in :mod:`.text`)."""

from __future__ import annotations

from typing import Any

from engine.core.events import HOST

from .characters import CHARACTERS
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
        "bishop_places": list(s.bishops),  # by pawn ("": not placed yet), as SetBishop names them
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
        # real tokens: a token is to be turned over here now, and its face told (typed, or its sticker
        # scanned)
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
