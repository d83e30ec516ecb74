"""Game end: hands declared, rats and nun row revealed, plague check, score sheet in outcome()."""

from __future__ import annotations

import msgspec
import pytest

import engine.games.cartus as C
from engine.core import Drawn, IllegalIntent, project
from engine.games.cartus import data as D
from tests.cartus.cartus_fixtures import act, new


def at_final(players=3, **opts):
    state, _ = new(players, **opts)
    state = msgspec.structs.replace(state, round=state.rounds, phase="E", queue=())
    state, events = act(state, C.EndRound(seat="table"))
    assert state.phase == "final" and C.outcome(state) is None
    return state


def test_hand_declaration_must_match_the_hand_size():
    state = at_final()
    with pytest.raises(IllegalIntent, match="holds 5 cards"):
        C.apply(state, C.DeclareHand(seat="p1", pop_jokers=3), None)
    with pytest.raises(IllegalIntent, match="only the player or the table"):
        C.apply(state, C.DeclareHand(seat="p2", player="p1", pop_jokers=5), None)
    state, _ = act(state, C.DeclareHand(seat="table", player="p1", pop_jokers=5))
    assert state.declared["p1"].pop_jokers == 5


def test_digital_nun_row_is_revealed_and_the_plague_checked():
    state = at_final(players=3, start_tokens=[10, 0, 0])
    nun_cards = state.nuns.cards[:5]
    nuns = sum(D.nuns_of(c) for c in nun_cards)
    state = msgspec.structs.replace(
        state,
        tokens={"p1": (nuns + 1, 0, 0), "p2": (nuns, 0, 0), "p3": (0, 0, 0)},
        influence={**state.influence, "p1": {**state.influence["p1"], "NOB": 9}},
    )
    state, _ = act(state, C.DeclareHand(seat="p1", pop_jokers=5))
    state, _ = act(state, C.DeclareHand(seat="p2", pop_jokers=4, swords=1))
    state, events = act(state, C.DeclareHand(seat="p3", pop_jokers=3, swords=2))
    revealed = [e for e in events if isinstance(e, Drawn)]
    assert tuple(e.card for e in revealed) == nun_cards
    assert all(project(e, "p2") == e for e in events)  # the final reveal is public
    out = C.outcome(state)
    assert out["nuns"] == nuns
    assert out["players"]["p1"]["alive"] is False and out["players"]["p2"]["alive"] is True
    assert state.phase == "over" and "p1" not in out["winners"]
    assert C.view(state, "table")["rats_revealed"] == {"p1": nuns + 1, "p2": nuns, "p3": 0}
    with pytest.raises(IllegalIntent, match="over"):
        C.apply(state, C.EndRound(seat="table"), None)


def test_cardboard_nun_row_waits_for_the_count():
    state = at_final(players=2, nun_row="cards")
    state, _ = act(state, C.DeclareHand(seat="p1", pop_jokers=5))
    state, _ = act(state, C.DeclareHand(seat="p2", pop_jokers=3, swords=2))
    assert state.phase == "final"
    with pytest.raises(IllegalIntent):
        C.apply(state, C.DeclareNuns(seat="table", count=21), None)
    state, _ = act(state, C.DeclareNuns(seat="table", count=10))
    out = C.outcome(state)
    assert out["nuns"] == 10 and all(p["alive"] for p in out["players"].values())
    # first-game set: no Trésor, so gold is not scored; pop/jokers: p1 has the most
    assert "gold" not in out["players"]["p2"]["breakdown"]
    assert out["players"]["p1"]["breakdown"]["pop_jokers"] == 2


def test_declaring_nuns_with_a_digital_row_is_refused():
    state = at_final()
    with pytest.raises(IllegalIntent, match="revealed, not declared"):
        C.apply(state, C.DeclareNuns(seat="table", count=3), None)


def test_engine_majority_ties_use_the_order_markers_arrived():
    state = at_final(players=2, nun_row="cards")
    inf = {c: 0 for c in D.CLASS_CODES}
    state = msgspec.structs.replace(
        state,
        influence={"p1": {**inf, "MAG": 4}, "p2": {**inf, "MAG": 4}},
        stamps={"p1": {**inf, "MAG": 7}, "p2": {**inf, "MAG": 3}},  # p1 arrived last: on top
    )
    for seat in ("p1", "p2"):
        state, _ = act(state, C.DeclareHand(seat=seat, pop_jokers=5))
    state, _ = act(state, C.DeclareNuns(seat="p2", count=20))
    out = C.outcome(state)
    assert out["players"]["p1"]["breakdown"]["MAG"] == 10 and out["players"]["p2"]["breakdown"]["MAG"] == 5


# -- the score sheet in words (engine.games.cartus.sheet) ----------------------------------------------------
def _sheet(result, lang="fr"):
    from engine.games.cartus.sheet import sheet

    return sheet(result, lang, {"p1": "Léa", "p2": "Marc", "p3": "Inès"})


def test_the_score_sheet_says_each_line_of_the_scoring_as_the_rules_count_it():
    """10/5/2 per class, 2 for the most Population and Joker cards, 2 per special type, 6/3 for gold, the
    victory tokens; then the plague: more rats than nuns kills, whatever the points."""
    from engine.games.cartus.scoring import final_scores

    result = final_scores(
        {
            "p1": {
                "influence": {"CLE": 4, "NOB": 1},
                "pop_jokers": 5,
                "gold": 2,
                "victory_tokens": 3,
                "rats": 6,
            },
            "p2": {"influence": {"CLE": 2, "NOB": 3}, "swords": 2, "gold": 1, "rats": 9},
            "p3": {"influence": {"CLE": 1}, "pop_jokers": 1, "rats": 2},
        },
        nuns=8,
        specials_in_play=("sword",),
        stacks={"CLE": ["p1", "p2", "p3"], "NOB": ["p1", "p2"]},
    )
    fr = _sheet(result)
    assert fr[0] == "Léa hérite de la couronne !"
    assert fr[1] == "Soutien des nonnes : 8 nonnes. Plus de 8 rats : la peste tue."
    assert fr[2] == "1. Léa : 26 points, 6 rats"
    assert fr[3] == (
        "Influence : Clergé 10, Noblesse 5 · Main : le plus de cartes Population et Joker 2, Or 6 · "
        "Jetons de victoire 3"
    )
    assert fr[4] == "2. Inès : 2 points, 2 rats" and fr[5] == "Influence : Clergé 2"
    assert fr[6] == "† Marc : 20 points, mais 9 rats pour 8 nonnes — victime de la peste, ne peut pas gagner"
    assert fr[7] == "Influence : Clergé 5, Noblesse 10 · Main : Épées 2, Or 3"
    en = _sheet(result, "en")
    assert en[0] == "Léa inherits the crown!" and en[2] == "1. Léa: 26 points, 6 rats"
    assert en[6].startswith("† Marc: 20 points, but 9 rats for 8 nuns — killed by the plague")


def test_level_on_points_the_fewer_rats_win_and_the_sheet_says_why():
    from engine.games.cartus.scoring import final_scores

    result = final_scores(
        {"p1": {"influence": {"CLE": 2}, "rats": 5}, "p2": {"influence": {"NOB": 2}, "rats": 3}}, nuns=9
    )
    assert (
        _sheet(result)[0] == "Marc hérite de la couronne ! À égalité de points avec Léa, avec moins de rats."
    )
    shared = final_scores(
        {"p1": {"influence": {"CLE": 2}, "rats": 3}, "p2": {"influence": {"NOB": 2}, "rats": 3}}, nuns=9
    )
    assert _sheet(shared)[0] == "Victoire partagée : Léa et Marc (mêmes points, mêmes rats)."
    dead = final_scores({"p1": {"rats": 12}, "p2": {"rats": 10}}, nuns=9)
    assert _sheet(dead)[0] == "Personne ne survit à la peste : la couronne reste sans héritier."
    assert _sheet(dead)[3] == "aucun point" and _sheet(dead, "en")[3] == "no points"


def test_the_likeliest_final_hand_is_what_the_log_saw_taken_and_not_played():
    """Swords, flutes, passes and gold taken at the buildings and not played since: the final hand's steppers
    start there (gold first: never played), the rest Population and Joker cards, within the hand's size."""
    from engine.games.cartus import events as E
    from engine.games.cartus import rules as R
    from tests.cartus.cartus_fixtures import WITH_SPECIALS

    state = at_final(players=3, **WITH_SPECIALS)
    state = msgspec.structs.replace(state, specials={"p1": {"swords": 3, "gold": 2, "passes": 1}})
    state = msgspec.structs.replace(state, hands={**state.hands, "p1": 5})
    assert R.likely_hand(state, "p1") == {"pop_jokers": 0, "swords": 3, "flutes": 0, "passes": 0, "gold": 2}
    state = msgspec.structs.replace(state, hands={**state.hands, "p1": 8})
    assert R.likely_hand(state, "p1") == {"pop_jokers": 2, "swords": 3, "flutes": 0, "passes": 1, "gold": 2}
    state = msgspec.structs.replace(state, hands={**state.hands, "p1": 3})
    assert R.likely_hand(state, "p1") == {"pop_jokers": 0, "swords": 1, "flutes": 0, "passes": 0, "gold": 2}
    assert C.view(state, "p1")["prompt"]["likely"] == R.likely_hand(state, "p1")
    assert C.view(state, "table")["prompt"]["likely"]["p1"] == R.likely_hand(state, "p1")
    # the fold keeps the tally: a sword taken at the Château, one played at a reveal
    s = msgspec.structs.replace(state, specials={}, actions=(("p2", "basic"),))
    s = C.fold(s, E.ActionTaken(seat="p2", building=0, kind="basic", effect="sword", amount=2))
    s = C.fold(s, E.Revealed(seat="p2", building=0, swords=1))
    assert s.specials["p2"] == {"swords": 1, "flutes": 0}
