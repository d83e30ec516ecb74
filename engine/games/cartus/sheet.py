"""The Rattus Cartus score sheet in words, French or English: what :func:`.scoring.final_scores` counted, line
by line as the rules' « Fin de la partie » counts it.

:func:`sheet` reads the result saved in ``GameScored`` (a JSON-able dict, the same for a game saved before the
sheet had words): the heir first (or the shared victory, or nobody when the plague took everyone), the nun
count, then each player by name — rank, points, rats against the nuns — and their points line by line:
influence in each class (10 / 5 / 2), the most Population and Joker cards, each special card, gold, victory
tokens. Nothing here needs a person's gender: a player is named, never described by an adjective.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.core.lang import Table, check_lang, counted

from .describe import klass
from .scoring import CLASS_CODES, ScoringError, final_scores

WORDS = Table(
    {
        "winner": ("{who} hérite de la couronne !", "{who} inherits the crown!"),
        "winner.rats": (
            "{who} hérite de la couronne ! À égalité de points avec {others}, avec moins de rats.",
            "{who} inherits the crown! Level on points with {others}, with fewer rats.",
        ),
        "shared": (
            "Victoire partagée : {who} (mêmes points, mêmes rats).",
            "Shared victory: {who} (same points, same rats).",
        ),
        "nobody": (
            "Personne ne survit à la peste : la couronne reste sans héritier.",
            "Nobody survives the plague: the crown has no heir.",
        ),
        "nuns": (
            "Soutien des nonnes : {n} nonne(s). Plus de {n} rat(s) : la peste tue.",
            "Nun support: {n} nun(s). More than {n} rat(s): the plague kills.",
        ),
        "alive": (
            "{rank}. {who} : {total} point(s), {rats} rat(s)",
            "{rank}. {who}: {total} point(s), {rats} rat(s)",
        ),
        "dead": (
            "† {who} : {total} point(s), mais {rats} rat(s) pour {nuns} nonne(s) — victime de la peste, "
            "ne peut pas gagner",
            "† {who}: {total} point(s), but {rats} rat(s) for {nuns} nun(s) — killed by the plague, cannot "
            "win",
        ),
        "and": (" et ", " and "),
        "influence": ("Influence : {items}", "Influence: {items}"),
        "hand": ("Main : {items}", "Hand: {items}"),
        "pop_jokers": ("le plus de cartes Population et Joker {n}", "most Population and Joker cards {n}"),
        "sword": ("Épées {n}", "Swords {n}"),
        "flute": ("Flûtes {n}", "Flutes {n}"),
        "pass": ("Laissez-passer {n}", "Passes {n}"),
        "gold": ("Or {n}", "Gold {n}"),
        "victory_tokens": ("Jetons de victoire {n}", "Victory tokens {n}"),
        "none": ("aucun point", "no points"),
        "sep": (" · ", " · "),
    }
)
HAND_KINDS = ("pop_jokers", "sword", "flute", "pass", "gold")


def _t(key: str, lang: str, **kw: object) -> str:
    return counted(WORDS.text(key, lang, **kw), lang)


def _names(seats: list[str], lang: str, who: Callable[[str], str]) -> str:
    said = [who(s) for s in seats]
    if len(said) <= 1:
        return "".join(said)
    return ", ".join(said[:-1]) + WORDS.text("and", lang) + said[-1]


def points_line(breakdown: Mapping[str, Any], lang: str) -> str:
    """One player's points as the rules count them: the classes, the hand, the victory tokens (zeros left
    out)."""
    parts = []
    classes = [f"{klass(c, lang)} {breakdown[c]}" for c in CLASS_CODES if breakdown.get(c)]
    if classes:
        parts.append(_t("influence", lang, items=", ".join(classes)))
    hand = [_t(k, lang, n=breakdown[k]) for k in HAND_KINDS if breakdown.get(k)]
    if hand:
        parts.append(_t("hand", lang, items=", ".join(hand)))
    if breakdown.get("victory_tokens"):
        parts.append(_t("victory_tokens", lang, n=breakdown["victory_tokens"]))
    return WORDS.text("sep", lang).join(parts) or _t("none", lang)


def sheet(result: Mapping[str, Any], lang: str, names: Mapping[str, str] | None = None) -> list[str]:
    """The score sheet, one sentence a line: the heir, the nuns, then each player (ranked) and their
    points."""
    check_lang(lang)

    def who(seat: str) -> str:
        return (names or {}).get(seat, seat)

    players: Mapping[str, Mapping[str, Any]] = result.get("players") or {}
    winners = [str(s) for s in result.get("winners") or []]
    nuns = result.get("nuns", 0)
    ranking = [str(s) for s in result.get("ranking") or players]
    lines: list[str] = []
    if len(winners) > 1:
        lines.append(_t("shared", lang, who=_names(winners, lang, who)))
    elif winners:
        w = winners[0]
        level = [
            s
            for s in ranking
            if s != w and players[s].get("alive") and players[s].get("total") == players[w].get("total")
        ]
        key = "winner.rats" if level else "winner"
        lines.append(_t(key, lang, who=who(w), others=_names(level, lang, who)))
    else:
        lines.append(_t("nobody", lang))
    lines.append(_t("nuns", lang, n=nuns))
    rank = 0
    for s in ranking:
        p = players.get(s) or {}
        total, rats = p.get("total", 0), p.get("rats", 0)
        if p.get("alive", True):
            rank += 1
            lines.append(_t("alive", lang, rank=rank, who=who(s), total=total, rats=rats))
        else:
            lines.append(_t("dead", lang, who=who(s), total=total, rats=rats, nuns=nuns))
        lines.append(points_line(p.get("breakdown") or {}, lang))
    return lines


__all__ = ["sheet", "points_line"]


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m engine.games.cartus.sheet counts.json``: the score sheet of typed final counts.

    The JSON file holds ``{"nuns": 9, "players": {"Anna": {"influence": {"CLE": 4}, "gold": 2, ...}}}`` and
    optionally ``specials_in_play``, ``treasure_in_play``, ``majority_ties`` and ``stacks``."""
    import argparse
    import json
    import sys

    ap = argparse.ArgumentParser(prog="python -m engine.games.cartus.sheet", description=main.__doc__)
    ap.add_argument("counts", help="JSON file with nuns and players (use - for standard input)")
    ap.add_argument("--lang", choices=("fr", "en"), default="fr", help="the sheet's language (default: fr)")
    args = ap.parse_args(argv)
    try:
        text = sys.stdin.read() if args.counts == "-" else open(args.counts, encoding="utf-8").read()
        doc = json.loads(text)
        if not isinstance(doc, dict) or "players" not in doc or "nuns" not in doc:
            raise ScoringError("the file needs 'nuns' and 'players'")
        kw = {
            k: doc[k] for k in ("specials_in_play", "treasure_in_play", "majority_ties", "stacks") if k in doc
        }
        result = final_scores(doc["players"], nuns=doc["nuns"], **kw)
    except (OSError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    for line in sheet(result, args.lang):
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
