"""Departures from the rulebook found by an audit of the rulebook against the code, each as a rulebook
scenario."""

from __future__ import annotations

import msgspec
import pytest

import engine.games.cartus as C
from engine.core import IllegalIntent, SeededRng
from engine.games.cartus import rules as R
from tests.cartus.cartus_fixtures import WITH_SPECIALS, act, enter_all, new, support_all


def refused(state: R.State, intent: C.Intent, *words: str) -> str:
    with pytest.raises(IllegalIntent) as exc:
        C.apply(state, intent, None)
    assert exc.value.rule == "special-not-in-play", exc.value
    for w in words:
        assert w in str(exc.value)
    return str(exc.value)


def at_final(**opts: object) -> R.State:
    state, _ = new(3, **opts)
    state = msgspec.structs.replace(state, round=state.rounds, phase="E", queue=())
    state, _ = act(state, C.EndRound(seat="table"))
    return state


def test_special_cards_exist_only_with_the_building_that_requires_them():
    """« Formez des paquets … avec toutes les cartes spéciales requises par les cartes Bâtiment choisies »:
    the first-game set (no Administration, Cabane du joueur de flûte or Trésor) has swords only."""
    state, _ = new(4)  # the first-game set
    assert R.specials_in_play(state) == {"sword"}
    assert C.view(state, "p1")["specials_in_play"] == ["sword"]
    # phase C: no Laissez-passer to play, and none offered
    state = support_all(state)
    assert not any(isinstance(i, C.PlayPass) for i in C.legal(state, "p1"))
    assert C.view(state, "p1")["prompt"]["can_pass"] is False
    refused(state, C.PlayPass(seat="p1"), "pass", "Administration")
    # phase D: no flute can be revealed; swords can (the Château is in play)
    state = enter_all(state, [("p1", 0, 1), ("p2", 1, 0), ("p3", 2, 0), ("p4", 2, 0)])
    refused(state, C.Reveal(seat="p1", flutes=1), "Cabane du joueur de flûte")
    offered = [i for i in C.legal(state, "p1") if isinstance(i, C.Reveal)]
    assert offered and all(i.flutes == 0 for i in offered) and any(i.swords == 1 for i in offered)
    act(state, C.Reveal(seat="p1", swords=1))
    # the end: no gold, pass or flute in a final hand
    final = at_final()
    for kind in ("gold", "passes", "flutes"):
        refused(final, C.DeclareHand(seat="p1", pop_jokers=4, **{kind: 1}))
    refused(final, C.DeclareHand(seat="table", player="p2", pop_jokers=4, gold=1), "Trésor")
    declared = [i for i in C.legal(final, "p1") if isinstance(i, C.DeclareHand)]
    assert declared and all(i.gold == i.passes == i.flutes == 0 for i in declared)
    assert any(i.swords == 5 for i in declared)
    act(final, C.DeclareHand(seat="p1", pop_jokers=3, swords=2))


def test_with_the_administration_cabane_and_tresor_every_special_card_is_played():
    state, _ = new(3, **WITH_SPECIALS)
    assert R.specials_in_play(state) == {"sword", "flute", "pass", "gold"}
    state = support_all(state)
    assert C.PlayPass(seat="p1") in C.legal(state, "p1")
    state = enter_all(state, [("p1", 0, 1), ("p2", 1, 0), ("p3", 1, 0)])
    assert C.Reveal(seat="p1", flutes=1) in C.legal(state, "p1")
    final = at_final(**WITH_SPECIALS)
    act(final, C.DeclareHand(seat="p1", pop_jokers=1, swords=1, flutes=1, passes=1, gold=1))


def test_random_type_selection_without_the_administration_offers_no_pass():
    for seed in range(40):
        state, _ = new(4, seed=seed, selection="random-type")
        if "ADM" in C.view(state, "p1")["buildings_in_play"]:
            continue
        state = support_all(state)
        assert not any(isinstance(i, C.PlayPass) for i in C.legal(state, state.queue[0]))
        return
    pytest.fail("no random-type game without an Administration in 40 seeds")


def palace_final(**opts: object) -> R.State:
    """The final counts of a 2-player game where p1 took 3 victory tokens and p2 none."""
    state = at_final(**opts)
    return msgspec.structs.replace(state, vp={"p1": 3, "p2": 0, "p3": 0}, vp_left=17)


def test_victory_tokens_score_the_points_printed_on_them():
    """« Certains jetons récupérés au cours de la partie rapportent des points de victoire (tel qu'indiqué
    sur ces jetons) »: at the end the player (or the table) says the points on the tokens held."""
    state = palace_final(nun_row="cards")
    for seat in ("p1", "p2", "p3"):
        state, _ = act(state, C.DeclareHand(seat=seat, pop_jokers=5))
    state, _ = act(state, C.DeclareNuns(seat="table", count=20))
    assert state.phase == "final" and C.waiting_for(state) == ["p1"]  # p1's tokens are not counted yet
    offered = [i for i in C.legal(state, "p1") if isinstance(i, C.DeclareVictoryPoints)]
    assert [i.points for i in offered] == list(range(3, 3 * R.MAX_TOKEN_POINTS + 1))
    with pytest.raises(IllegalIntent, match="holds no victory token"):
        C.apply(state, C.DeclareVictoryPoints(seat="p2", points=0), None)
    with pytest.raises(IllegalIntent, match="show 3 to 30 points"):
        C.apply(state, C.DeclareVictoryPoints(seat="p1", points=2), None)
    state, _ = act(state, C.DeclareVictoryPoints(seat="table", player="p1", points=7))
    assert C.outcome(state)["players"]["p1"]["breakdown"]["victory_tokens"] == 7


def test_victory_tokens_of_the_box_are_checked_when_the_group_typed_them_in():
    values = [1] * 10 + [2] * 6 + [3] * 4  # made up for the test: a group types its own box's tokens
    state = palace_final(victory_tokens=values)
    totals = R.victory_totals(state, 3)
    assert totals == list(range(3, 10))
    for seat in ("p1", "p2", "p3"):
        state, _ = act(state, C.DeclareHand(seat=seat, pop_jokers=5))
    with pytest.raises(IllegalIntent, match="cannot show 10 points"):
        C.apply(state, C.DeclareVictoryPoints(seat="p1", points=10), None)
    state, _ = act(state, C.DeclareVictoryPoints(seat="p1", points=9))
    assert C.outcome(state)["players"]["p1"]["breakdown"]["victory_tokens"] == 9


def test_groups_whose_tokens_count_one_each_choose_victory_tokens_one():
    state = palace_final(victory_tokens="one")
    for seat in ("p1", "p2", "p3"):
        state, _ = act(state, C.DeclareHand(seat=seat, pop_jokers=5))
    assert C.outcome(state)["players"]["p1"]["breakdown"]["victory_tokens"] == 3
    with pytest.raises(IllegalIntent, match="victory_tokens"):
        C.setup({"players": 3, "victory_tokens": [1, 2]}, SeededRng(1))
