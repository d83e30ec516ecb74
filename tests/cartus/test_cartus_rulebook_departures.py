"""Departures from the rulebook found by the scenario audit (issue 14), each as a rulebook scenario."""

from __future__ import annotations

import msgspec
import pytest
from cartus_fixtures import WITH_SPECIALS, act, enter_all, new, support_all

import engine.games.cartus as C
from engine.core import IllegalIntent
from engine.games.cartus import rules as R


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
