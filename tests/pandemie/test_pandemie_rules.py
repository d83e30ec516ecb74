"""The rules' own statements, as scenarios in the game's own words."""

from __future__ import annotations

import msgspec
import pytest

import engine.games.pandemie as pan
from engine.core import IllegalIntent, Shuffled, pile_sizes
from engine.games.pandemie import events as E
from engine.games.pandemie.rules import NC
from tests.pandemie.pandemie_scenarios import (
    act,
    at,
    city_card,
    deck,
    hand,
    idx,
    key,
    new_game,
    no_pins,
    pins,
    pins_at,
    prov,
    role,
    set_prov,
    turn,
    types,
)


def quiet_board(**options):
    """A game (Gallia first) with no pins, p1 to play at Lugdunum; p1 and p2 are Magistrats (a role with
    no effect on the board) unless a test gives them another role; their hands are empty."""
    st = no_pins(new_game(**options))
    st = role(role(turn(st, "p1"), "p1", "Magistrat"), "p2", "Magistrat")
    return hand(hand(st, "p1"), "p2")


def refused(state, intent, rule):
    with pytest.raises(IllegalIntent) as exc:
        pan.apply(state, intent, None)
    assert exc.value.rule == rule, exc.value
    return exc.value


# -- setup -----------------------------------------------------------------------------------------


def test_mise_en_place_des_foyers_3x3_3x2_3x1():
    st = new_game(provinces=4)
    for p in st.provs:
        counts = sorted((n for n in p.pins if n), reverse=True)
        assert counts == [3, 3, 3, 2, 2, 2, 1, 1, 1]
        assert sum(24 - s for s in p.supply) == 18
        assert len(p.prop.discard) == 9


def test_fort_et_pions_sur_la_ville_de_depart():
    st = new_game(provinces=4, players=[2, 3, 4, 5])
    names = ["Lugdunum", "Palma", "Alexandria", "Athenae"]
    for pi, name in enumerate(names):
        c = st.static.board.start[pi]
        assert st.static.board.names[c] == name
        assert st.provs[pi].forts == (c,)
        assert all(st.loc[s] == c for s in st.static.prov_seats[pi])


def test_ville_de_depart_tiree_dans_la_pioche_propagateur():
    st, events = pan.setup(
        {"provinces": 1, "players": 2, "start": "drawn"}, __import__("engine.core").core.SeededRng(3)
    )
    drawn = next(e for e in events if getattr(e, "to", "") == "start")
    c = st.static.board.card_city[drawn.card]
    assert st.provs[0].forts == (c,) and st.loc[0] == c
    assert sum(1 for e in events if isinstance(e, Shuffled) and e.deck == "prop:G") == 2


@pytest.mark.parametrize("players,cards", [(1, 4), (2, 4), (3, 3), (4, 2), (5, 2), (6, 2)])
def test_mains_de_depart_selon_le_nombre_de_joueurs(players, cards):
    st = new_game(players=players)
    assert all(len(h) == cards for h in st.hands)


@pytest.mark.parametrize("difficulty,ruptures", [("novice", 4), ("normal", 5), ("expert", 6)])
def test_difficulte_un_tas_par_rupture_avec_une_rupture_dans_chaque_tas(difficulty, ruptures):
    st = new_game(players=3, difficulty=difficulty)
    cards = st.provs[0].player.cards
    assert len(cards) == 53 - 9 + ruptures
    start = 0
    for size in pile_sizes(53 - 9, ruptures):
        pile = cards[start : start + size]
        assert sum(c.startswith("PR:") for c in pile) == 1
        start += size


def test_six_cartes_role_par_province_et_les_sept_roles_dans_les_quatre_provinces():
    st = new_game(provinces=4, players=6)
    roles = set()
    for pi, p in enumerate(st.static.board.provinces):
        assert len(p.roles) == 6
        got = [st.role(s) for s in st.static.prov_seats[pi]]
        assert sorted(got) == sorted(p.roles)
        roles |= set(p.roles)
    assert roles == set(pan.ROLES)


def test_le_joueur_qui_a_la_plus_grande_population_commence():
    st = new_game(players=4, seed=11)
    b = st.static.board
    best = max(
        range(4),
        key=lambda s: (
            max((b.population[b.card_city[c]] for c in st.hands[s] if c.startswith("PC:")), default=0),
            -s,
        ),
    )
    assert st.provs[0].turn == best


# -- actions ---------------------------------------------------------------------------------------


def test_mouvement_vers_une_ville_adjacente():
    st = quiet_board()
    st, ev = act(st, E.Move(seat="p1", to=key(st, "Vienna")))
    assert st.loc[0] == idx(st, "Vienna") and prov(st).actions == 3
    refused(st, E.Move(seat="p1", to=key(st, "Lutetia")), "move-adjacent")


def test_redeploiement_en_defaussant_la_carte_de_la_ville_de_depart():
    st = hand(quiet_board(), "p1", city_card(quiet_board(), "Lugdunum"))
    refused(hand(st, "p1"), E.Redeploy(seat="p1", to=key(st, "Lutetia")), "redeploy-card")
    st, ev = act(st, E.Redeploy(seat="p1", to=key(st, "Lutetia")))
    assert st.loc[0] == idx(st, "Lutetia") and st.hands[0] == ()
    assert prov(st).player.discard[-1] == city_card(st, "Lugdunum")


def test_marche_forcee_vers_la_ville_dont_on_defausse_la_carte():
    st = quiet_board()
    st = hand(st, "p1", city_card(st, "Lutetia"))
    refused(st, E.ForcedMarch(seat="p1", to=key(st, "Massilia")), "forced-march-card")
    st, _ = act(st, E.ForcedMarch(seat="p1", to=key(st, "Lutetia")))
    assert st.loc[0] == idx(st, "Lutetia") and st.hands[0] == ()


def test_via_romana_entre_deux_forts():
    st = quiet_board()
    refused(st, E.ViaRomana(seat="p1", to=key(st, "Lutetia")), "via-romana-forts")
    st = set_prov(st, forts=(idx(st, "Lugdunum"), idx(st, "Lutetia")))
    st, _ = act(st, E.ViaRomana(seat="p1", to=key(st, "Lutetia")))
    assert st.loc[0] == idx(st, "Lutetia")


def test_construire_un_fort_en_defaussant_la_carte_de_la_ville():
    st = at(quiet_board(), "p1", "Vienna")
    refused(st, E.BuildFort(seat="p1"), "build-fort-card")
    st = hand(st, "p1", city_card(st, "Vienna"))
    st, ev = act(st, E.BuildFort(seat="p1"))
    assert idx(st, "Vienna") in prov(st).forts and st.hands[0] == ()


def test_six_forts_au_plus_il_faut_en_deplacer_un():
    st = quiet_board()
    forts = tuple(idx(st, n) for n in ("Lugdunum", "Lutetia", "Massilia", "Tolosa", "Narbo", "Arelate"))
    st = set_prov(at(hand(st, "p1", city_card(st, "Vienna")), "p1", "Vienna"), forts=forts)
    refused(st, E.BuildFort(seat="p1"), "forts-exhausted")
    st, _ = act(st, E.BuildFort(seat="p1", remove_from=key(st, "Massilia")))
    assert idx(st, "Vienna") in prov(st).forts and idx(st, "Massilia") not in prov(st).forts
    assert len(prov(st).forts) == 6


def test_combat_ote_une_punaise_ou_toutes_si_la_victoire_est_decouverte():
    st = pins(quiet_board(), "Lugdunum", "red", 3)
    refused(st, E.Combat(seat="p1", colour="blue"), "combat-no-pins")
    st2, _ = act(st, E.Combat(seat="p1", colour="red"))
    assert pins_at(st2, "Lugdunum", "red") == 2
    st3, _ = act(set_prov(st, victories=0b0100), E.Combat(seat="p1", colour="red"))
    assert pins_at(st3, "Lugdunum", "red") == 0


def five_of(st, colour, n=5):
    b = st.static.board
    return tuple(b.player_card[c] for c in b.cities_of(0) if b.colour[c] == pan.COLOURS.index(colour))[:n]


def test_celebration_de_la_victoire_sur_un_fort_avec_cinq_cartes_de_la_meme_couleur():
    st = quiet_board()
    st = hand(st, "p1", *five_of(st, "green", 4))
    refused(st, E.Celebrate(seat="p1", colour="green"), "celebrate-cards")
    st = hand(st, "p1", *five_of(st, "green"))
    refused(at(st, "p1", "Vienna"), E.Celebrate(seat="p1", colour="green"), "celebrate-fort")
    st, ev = act(st, E.Celebrate(seat="p1", colour="green"))
    assert prov(st).victories == 0b1000 and st.hands[0] == ()
    assert "VictoryCelebrated" in types(ev)


def test_partager_ses_connaissances_la_carte_de_la_ville_ou_l_on_se_trouve():
    st = quiet_board()
    st = hand(st, "p1", city_card(st, "Lugdunum"), city_card(st, "Lutetia"))
    refused(st, E.ShareKnowledge(seat="p1", other="p2", card=city_card(st, "Lutetia")), "share-card")
    refused(
        at(st, "p2", "Vienna"),
        E.ShareKnowledge(seat="p1", other="p2", card=city_card(st, "Lugdunum")),
        "share-same-city",
    )
    st2, _ = act(st, E.ShareKnowledge(seat="p1", other="p2", card=city_card(st, "Lugdunum")))
    assert city_card(st, "Lugdunum") in st2.hands[1]
    st3, _ = act(st2, E.ShareKnowledge(seat="p1", other="p2", card=city_card(st, "Lugdunum"), give=False))
    assert city_card(st, "Lugdunum") in st3.hands[0]


def test_quatre_actions_puis_pioche_de_deux_cartes_puis_propagation():
    st = quiet_board()
    for to in ("Vienna", "Lugdunum", "Vienna", "Lugdunum"):
        st, _ = act(st, E.Move(seat="p1", to=key(st, to)))
    assert prov(st).phase == "draw"
    refused(st, E.Move(seat="p1", to=key(st, "Vienna")), "no-actions-left")
    refused(st, E.Propagate(seat="p1"), "wrong-phase")
    st = deck(st, "G", "player", tuple(city_card(st, n) for n in ("Lutetia", "Massilia", "Narbo")))
    st, ev = act(st, E.DrawCards(seat="p1"))
    assert st.hands[0][-2:] == (city_card(st, "Lutetia"), city_card(st, "Massilia"))
    st = deck(
        st, "G", "prop", ("PI:" + key(st, "Tolosa"), "PI:" + key(st, "Narbo"), "PI:" + key(st, "Lutetia"))
    )
    st, ev = act(st, E.Propagate(seat="p1"))
    assert pins_at(st, "Tolosa", "blue") == 1 and pins_at(st, "Narbo", "blue") == 1  # speed 2
    assert pins_at(st, "Lutetia", "green") == 0
    assert prov(st).turn == 1 and prov(st).actions == 4 and prov(st).phase == "actions"


def test_autre_joueur_refuse_hors_de_son_tour():
    st = quiet_board()
    before = st
    refused(st, E.Move(seat="p2", to=key(st, "Vienna")), "not-your-turn")
    refused(st, E.Move(seat="p9", to=key(st, "Vienna")), "seat")
    assert st == before


def _over_the_hand_limit():
    """p1 held seven cards and drew two: nine in hand. (The state, the first seven cards.)"""
    st = quiet_board()
    b = st.static.board
    seven = tuple(b.player_card[c] for c in b.cities_of(0))[:7]
    st = turn(hand(st, "p1", *seven), "p1", phase="draw")
    st = deck(st, "G", "player", tuple(b.player_card[c] for c in b.cities_of(0))[10:14])
    st, _ = act(st, E.DrawCards(seat="p1"))
    return st, seven


def test_limite_de_main_sept_cartes():
    st, seven = _over_the_hand_limit()
    assert len(st.hands[0]) == 9
    refused(st, E.Propagate(seat="p1"), "hand-limit")
    st, _ = act(st, E.Discard(seat="p1", card=seven[0]))
    st, _ = act(st, E.Discard(seat="p1", card=seven[1]))
    refused(st, E.Discard(seat="p1", card=seven[2]), "hand-limit")
    st, _ = act(st, E.Propagate(seat="p1"))


# -- surges ----------------------------------------------------------------------------------------


def propagate_from(st, *names, province="G"):
    st = turn(st, "p1", phase="propagate")
    cards = tuple("PI:" + key(st, n, province) for n in names)
    return act(
        deck(st, province, "prop", cards + ("PI:" + key(st, "Gesoriacum"),) * 0), E.Propagate(seat="p1")
    )


def test_un_deferlement_barbare_ajoute_une_punaise_a_chaque_ville_adjacente():
    st = pins(quiet_board(), "Lugdunum", "yellow", 3)  # Lugdunum is a city of the yellow people
    st = set_prov(st, speed=0)
    st, ev = propagate_from(st, "Lugdunum", "Gesoriacum")
    b = st.static.board
    assert pins_at(st, "Lugdunum", "yellow") == 3
    for nb in b.adj[idx(st, "Lugdunum")]:
        assert st.pins_at(nb, 1) == 1
    assert prov(st).surges == 1
    assert types(ev).count("Surged") == 1


def test_une_ville_ne_subit_pas_deux_fois_un_deferlement_dans_la_meme_reaction_en_chaine():
    """Lugdunum 3, Vienna 3, Cularo 3 (three cities adjacent to each other): Vienna and Cularo are both
    queued by Lugdunum's surge; when Vienna surges, Cularo (queued) must not be queued again."""
    st = quiet_board()
    chain = ("Lugdunum", "Vienna", "Cularo")
    b = st.static.board
    assert idx(st, "Cularo") in b.adj[idx(st, "Vienna")]
    for n in chain:
        st = pins(st, n, "yellow", 3)
    st, ev = propagate_from(st, "Lugdunum", "Gesoriacum")
    surged = [e.city for e in ev if isinstance(e, E.Surged)]
    assert sorted(surged) == sorted(key(st, n) for n in chain)
    assert prov(st).surges == 3
    chain_idx = {idx(st, n) for n in chain}
    for c in b.cities_of(0):
        if c in chain_idx:
            assert st.pins_at(c, 1) == 3
        else:
            assert st.pins_at(c, 1) == sum(1 for x in chain_idx if c in b.adj[x])


def test_les_deferlements_se_propagent_via_les_liens_avec_les_autres_provinces():
    st = no_pins(new_game(provinces=2, players=2))
    st = pins(st, "Narbo", "blue", 3, "G")
    st = pins(st, "Emporiae", "blue", 3, "H")
    st, ev = propagate_from(st, "Narbo", "Gesoriacum")
    b = st.static.board
    emporiae = idx(st, "Emporiae")
    assert emporiae // NC == 1
    assert [e.city for e in ev if isinstance(e, E.Surged)] == [key(st, "Narbo"), key(st, "Emporiae", "H")]
    for nb in b.adj[emporiae]:
        if nb != idx(st, "Narbo"):
            assert st.pins_at(nb, 0) == 1
    assert prov(st, "G").surges == 1 and prov(st, "H").surges == 1  # each board's reinforcement marker
    # the pins on Hispania's board come from Hispania's supply
    assert prov(st, "H").supply[0] == 24 - 3 - sum(1 for nb in b.adj[emporiae] if nb // NC == 1)


def test_compteur_de_deferlements_commun_en_option():
    st = no_pins(new_game(provinces=2, players=2, surge_counter="shared", max_surges=1))
    st = pins(pins(st, "Narbo", "blue", 3, "G"), "Emporiae", "blue", 3, "H")
    st, ev = propagate_from(st, "Narbo")
    assert st.over is not None and st.over.cause == "surges"


def test_plus_de_huit_deferlements_la_partie_est_perdue():
    st = pins(quiet_board(), "Lugdunum", "yellow", 3)
    st = set_prov(st, surges=8)
    st, ev = propagate_from(st, "Lugdunum", "Gesoriacum")
    assert types(ev)[-1] == "GameLost" and st.over.cause == "surges"
    assert pan.outcome(st)["won"] is False
    refused(st, E.EndActions(seat="p2"), "game-over")
    st2 = pins(set_prov(quiet_board(), surges=7), "Lugdunum", "yellow", 3)
    st2, _ = propagate_from(st2, "Lugdunum", "Gesoriacum")
    assert st2.over is None and prov(st2).surges == 8


def test_plus_de_punaises_a_placer_la_partie_est_perdue():
    st = set_prov(quiet_board(), supply=(24, 24, 24, 0))
    st, ev = propagate_from(st, "Lutetia")
    assert st.over.cause == "pins" and "green" in st.over.detail


def test_plus_de_cartes_pioche_la_partie_est_perdue():
    st = deck(turn(quiet_board(), "p1", phase="draw"), "G", "player", (city_card(quiet_board(), "Lutetia"),))
    st, ev = act(st, E.DrawCards(seat="p1"))
    assert st.over.cause == "player-deck"


def test_rupture_vitesse_puis_trois_punaises_sous_la_pioche_puis_defausse_melangee_dessus():
    st = turn(quiet_board(), "p1", phase="draw")
    b = st.static.board
    st = deck(st, "G", "player", ("PR:G1", city_card(st, "Lutetia"), city_card(st, "Massilia")))
    old_discard = ("PI:" + key(st, "Tolosa"), "PI:" + key(st, "Narbo"))
    st = deck(st, "G", "prop", ("PI:" + key(st, "Vienna"), "PI:" + key(st, "Cularo")), discard=old_discard)
    st, ev = act(st, E.DrawCards(seat="p1"))
    t = types(ev)
    i = t.index("RuptureRevealed")
    assert t[i : i + 6] == ["RuptureRevealed", "SpeedRaised", "Drawn", "Discarded", "PinsPlaced", "Shuffled"]
    assert ev[i + 2].end == "bottom" and ev[i + 2].card == "PI:" + key(st, "Cularo")
    assert pins_at(st, "Cularo", pan.COLOURS[b.colour[idx(st, "Cularo")]]) == 3
    shuffle = ev[i + 5]
    assert shuffle.source == "discard" and sorted(shuffle.order) == sorted(
        old_discard + ("PI:" + key(st, "Cularo"),)
    )
    p = prov(st)
    assert p.speed == 1 and p.prop.discard == ()
    assert p.prop.cards == shuffle.order + ("PI:" + key(st, "Vienna"),)
    assert "PR:G1" in p.player.discard and "PR:G1" not in st.hands[0]
    assert st.hands[0][-1] == city_card(st, "Lutetia")


def test_rupture_sur_une_ville_deja_envahie_declenche_un_deferlement():
    st = pins(turn(quiet_board(), "p1", phase="draw"), "Lugdunum", "yellow", 2)
    st = deck(st, "G", "player", ("PR:G1", city_card(st, "Lutetia")))
    st = deck(st, "G", "prop", ("PI:" + key(st, "Vienna"), "PI:" + key(st, "Lugdunum")), discard=())
    st, ev = act(st, E.DrawCards(seat="p1"))
    placed = [e for e in ev if isinstance(e, E.PinsPlaced) and e.city == key(st, "Lugdunum")]
    assert placed[0].n == 1 and "Surged" in types(ev) and pins_at(st, "Lugdunum", "yellow") == 3


# -- eradication, victory, exchange ------------------------------------------------------------------


def test_eradication_apres_la_victoire_et_la_derniere_punaise_enlevee():
    st = pins(set_prov(quiet_board(), victories=0b0010), "Lugdunum", "yellow", 2)
    st, ev = act(st, E.Combat(seat="p1", colour="yellow"))
    assert "Eradicated" in types(ev) and prov(st).eradicated == 0b0010
    st, ev = propagate_from(st, "Lugdunum", "Vienna")  # yellow cities: cards ignored
    assert pins_at(st, "Lugdunum", "yellow") == 0 and pins_at(st, "Vienna", "yellow") == 0


def test_partie_gagnee_quand_les_quatre_victoires_sont_celebrees():
    st = set_prov(quiet_board(), victories=0b0111)
    st = hand(st, "p1", *five_of(st, "green"))
    st, ev = act(st, E.Celebrate(seat="p1", colour="green"))
    assert types(ev)[-1] == "GameWon" and pan.outcome(st) == {
        "won": True,
        "cause": None,
        "province": None,
        "detail": None,
    }


def test_echanger_les_victoires_sur_les_villes_reliees_aux_autres_provinces():
    st = no_pins(new_game(provinces=2, players=2))
    st = turn(set_prov(st, "G", victories=0b0001), "p1")
    refused(st, E.ShareVictory(seat="p1", colour="blue", to_province="H"), "share-victory-link")
    st = at(st, "p1", "Narbo")
    refused(st, E.ShareVictory(seat="p1", colour="red", to_province="H"), "share-victory")
    st, ev = act(st, E.ShareVictory(seat="p1", colour="blue", to_province="H"))
    assert prov(st, "H").victories == 0b0001
    # the game is won only when every province has the four victories
    st = set_prov(set_prov(st, "G", victories=0b1111), "H", victories=0b0111)
    st = at(turn(st, "p1"), "p1", "Narbo")
    st, ev = act(st, E.ShareVictory(seat="p1", colour="green", to_province="H"))
    assert st.over.won


def test_victoires_communes_en_option():
    st = no_pins(new_game(provinces=2, players=2, victories="shared"))
    st = turn(st, "p1")
    st = hand(st, "p1", *five_of(st, "red"))
    st, _ = act(st, E.Celebrate(seat="p1", colour="red"))
    assert prov(st, "G").victories == prov(st, "H").victories == 0b0100
    refused(at(st, "p1", "Narbo"), E.ShareVictory(seat="p1", colour="red", to_province="H"), "share-victory")


# -- roles -------------------------------------------------------------------------------------------


def test_consul_construit_un_fort_sans_carte():
    st = at(role(quiet_board(), "p1", "Consul"), "p1", "Vienna")
    st, _ = act(st, E.BuildFort(seat="p1"))
    assert idx(st, "Vienna") in prov(st).forts


def test_consul_une_fois_par_tour_d_un_fort_vers_n_importe_quelle_ville():
    st = role(quiet_board(), "p1", "Consul")
    st = hand(st, "p1", city_card(st, "Massilia"), city_card(st, "Narbo"))
    st, _ = act(st, E.ConsulMove(seat="p1", to=key(st, "Lutetia"), card=city_card(st, "Massilia")))
    assert st.loc[0] == idx(st, "Lutetia") and st.hands[0] == (city_card(st, "Narbo"),)
    st = set_prov(at(st, "p1", "Lugdunum"), forts=(idx(st, "Lugdunum"),))
    refused(
        st, E.ConsulMove(seat="p1", to=key(st, "Tolosa"), card=city_card(st, "Narbo")), "consul-once-per-turn"
    )
    refused(
        role(quiet_board(), "p1", "Tribun"),
        E.ConsulMove(seat="p1", to=key(st, "Tolosa"), card="PC:G02"),
        "consul",
    )


def test_dictateur_empeche_les_renforts_et_les_punaises_ou_il_est_et_autour():
    st = role(quiet_board(), "p2", "Dictateur")
    st = at(st, "p2", "Vienna")
    st = pins(st, "Lugdunum", "yellow", 3)
    st, ev = propagate_from(st, "Lugdunum", "Vienna")
    assert "Surged" not in types(ev) and pins_at(st, "Vienna", "yellow") == 0
    assert pins_at(st, "Lugdunum", "yellow") == 3
    st, ev = propagate_from(st, "Tolosa", "Gesoriacum")  # far from the Dictateur: pins as usual
    assert pins_at(st, "Tolosa", "blue") == 1


def test_tribun_retire_toutes_les_punaises_en_combattant():
    st = pins(role(quiet_board(), "p1", "Tribun"), "Lugdunum", "red", 3)
    st2, _ = act(st, E.Combat(seat="p1", colour="red"))
    assert pins_at(st2, "Lugdunum", "red") == 0
    st3, _ = act(
        no_pins(st)
        if False
        else pins(role(quiet_board(tribun="literal"), "p1", "Tribun"), "Lugdunum", "red", 3),
        E.Combat(seat="p1", colour="red"),
    )
    assert pins_at(st3, "Lugdunum", "red") == 2


def test_tribun_retire_automatiquement_les_punaises_d_un_peuple_battu_et_empeche_leur_placement():
    st = set_prov(role(quiet_board(), "p1", "Tribun"), victories=0b0010)
    st = pins(pins(st, "Vienna", "yellow", 2), "Vienna", "red", 1)
    st = pins(st, "Massilia", "yellow", 1)  # yellow is not eradicated
    st, ev = act(st, E.Move(seat="p1", to=key(st, "Vienna")))
    assert pins_at(st, "Vienna", "yellow") == 0 and "PinsRemoved" in types(ev)
    assert pins_at(st, "Vienna", "red") == 1  # a people not beaten stays
    st = pins(st, "Lugdunum", "yellow", 3)
    st, ev = propagate_from(st, "Lugdunum", "Gesoriacum")
    assert "Surged" in types(ev)
    assert pins_at(st, "Vienna", "yellow") == 0  # the surge places nothing where the Tribun stands
    assert pins_at(st, "Cularo", "yellow") == 1


def test_senateur_donne_n_importe_quelle_carte_ville():
    st = role(quiet_board(), "p1", "Sénateur")
    st = hand(st, "p1", city_card(st, "Lutetia"))
    st, _ = act(st, E.ShareKnowledge(seat="p1", other="p2", card=city_card(st, "Lutetia")))
    assert st.hands[1][-1] == city_card(st, "Lutetia")
    # ... and another player may take it from the Sénateur
    st = turn(hand(role(st, "p1", "Sénateur"), "p1", city_card(st, "Massilia")), "p2")
    st, _ = act(st, E.ShareKnowledge(seat="p2", other="p1", card=city_card(st, "Massilia"), give=False))
    assert city_card(st, "Massilia") in st.hands[1]


def test_licteur_deplace_le_pion_d_un_autre_joueur_avec_son_autorisation():
    st = role(quiet_board(), "p1", "Licteur")
    refused(st, E.Move(seat="p1", to=key(st, "Vienna"), pawn="p2"), "licteur-consent")
    st2, _ = act(st, E.Move(seat="p1", to=key(st, "Vienna"), pawn="p2", consent=True))
    assert st2.loc[1] == idx(st, "Vienna") and st2.loc[0] == idx(st, "Lugdunum")
    refused(
        role(quiet_board(), "p1", "Consul"),
        E.Move(seat="p1", to=key(st, "Vienna"), pawn="p2", consent=True),
        "licteur",
    )


def test_licteur_deplace_un_pion_sur_une_ville_ou_se_trouve_un_autre_pion():
    st = at(role(quiet_board(), "p1", "Licteur"), "p2", "Lutetia")
    st2, _ = act(st, E.LicteurGather(seat="p1", pawn="p1", to=key(st, "Lutetia")))
    assert st2.loc[0] == idx(st, "Lutetia")
    refused(st, E.LicteurGather(seat="p1", pawn="p1", to=key(st, "Massilia")), "licteur-gather")


def test_magistrat_entrepose_un_evenement_de_la_defausse_et_le_retire_de_la_partie_quand_il_le_joue():
    st = role(quiet_board(), "p1", "Magistrat")
    st = deck(st, "G", "player", prov(st).player.cards, discard=("PE:G1",))
    st, ev = act(st, E.StoreEvent(seat="p1", card="PE:G1"))
    assert st.stored[0] == "PE:G1" and prov(st).player.discard == ()
    refused(
        deck(st, "G", "player", prov(st).player.cards, discard=("PE:G2",)),
        E.StoreEvent(seat="p1", card="PE:G2"),
        "magistrat-storage",
    )
    assert len(st.hands[0]) <= 7  # not part of the hand
    st, ev = act(st, E.PlayEvent(seat="p1", card="PE:G1"))
    assert st.stored[0] == "" and "PE:G1" in st.removed and "PE:G1" not in prov(st).player.discard


def test_imperator_celebre_avec_quatre_cartes():
    st = role(quiet_board(provinces=2), "p1", "Imperator")  # Gallia's six roles leave out the Imperator
    st = hand(st, "p1", *five_of(st, "blue", 4))
    st, _ = act(st, E.Celebrate(seat="p1", colour="blue"))
    assert prov(st).victories == 0b0001


# -- events ------------------------------------------------------------------------------------------


def test_nuit_tranquille_le_prochain_joueur_ne_pioche_pas_de_cartes_propagation():
    st = hand(quiet_board(), "p2", "PE:G1")
    st, _ = act(st, E.PlayEvent(seat="p2", card="PE:G1"))  # not p2's turn: events are played any time
    assert prov(st).quiet
    st = turn(st, "p1", phase="propagate")
    before = prov(st).prop
    st, ev = act(st, E.Propagate(seat="p1"))
    assert "PropagationSkipped" in types(ev) and prov(st).prop == before and not prov(st).quiet


def test_mission_secrete_deplace_un_pion_dans_la_ville_de_son_choix():
    st = hand(quiet_board(), "p1", "PE:G2")
    st, _ = act(st, E.PlayEvent(seat="p1", card="PE:G2", pawn="p2", city=key(st, "Gesoriacum")))
    assert st.loc[1] == idx(st, "Gesoriacum") and prov(st).actions == 4  # costs no action


def test_ville_fantome_retire_une_carte_de_la_defausse_propagation():
    st = hand(quiet_board(), "p1", "PE:G3")
    target = prov(st).prop.discard[0]
    refused(st, E.PlayEvent(seat="p1", card="PE:G3", target=prov(st).prop.cards[0]), "ville-fantome")
    st, _ = act(st, E.PlayEvent(seat="p1", card="PE:G3", target=target))
    assert target not in prov(st).prop.discard and target in st.removed


def test_divinations_regarder_six_cartes_et_les_remettre_dans_l_ordre_voulu():
    st = hand(quiet_board(), "p2", "PE:G4")
    top = prov(st).prop.cards[:6]
    st, ev = act(st, E.PlayEvent(seat="p2", card="PE:G4"))
    peek = next(e for e in ev if type(e).__name__ == "Peeked")
    assert peek.cards == top and peek.audience() == frozenset({"p2"})
    assert pan.view(st, "p2")["provinces"][0]["divination_cards"] == list(top)
    assert "divination_cards" not in pan.view(st, "p1")["provinces"][0]
    refused(turn(st, "p1", phase="propagate"), E.Propagate(seat="p1"), "divinations")
    refused(st, E.ArrangeDivination(seat="p2", order=top[:5]), "divinations")
    st, ev = act(st, E.ArrangeDivination(seat="p2", order=tuple(reversed(top))))
    assert prov(st).prop.cards[:6] == tuple(reversed(top)) and prov(st).divination == -1


def test_manu_militari_place_un_fort_gratuitement():
    st = hand(quiet_board(), "p2", "PE:G5")
    st, _ = act(st, E.PlayEvent(seat="p2", card="PE:G5", city=key(st, "Massilia")))
    assert idx(st, "Massilia") in prov(st).forts and st.hands[1] == ()


def test_un_evenement_refuse_ne_change_rien():
    st = quiet_board()
    refused(st, E.PlayEvent(seat="p1", card="PE:G5", city=key(st, "Massilia")), "event-not-held")
    refused(st, E.PlayEvent(seat="p1", card="PC:G01"), "event-card")


def test_la_limite_de_main_s_applique_aussi_a_celui_qui_recoit_une_carte():
    st = quiet_board()
    b = st.static.board
    seven = tuple(b.player_card[c] for c in b.cities_of(0) if c != idx(st, "Lugdunum"))[:7]
    st = hand(hand(st, "p2", *seven), "p1", city_card(st, "Lugdunum"), "PE:G1")
    st, _ = act(st, E.ShareKnowledge(seat="p1", other="p2", card=city_card(st, "Lugdunum")))
    refused(st, E.Move(seat="p1", to=key(st, "Vienna")), "hand-limit")
    st, _ = act(st, E.PlayEvent(seat="p1", card="PE:G1"))  # an event may still be played
    st, _ = act(st, E.Discard(seat="p2", card=seven[0]))
    st, _ = act(st, E.Move(seat="p1", to=key(st, "Vienna")))


def test_la_vue_dit_qui_doit_defausser_hors_de_son_tour():
    """p2 receives an 8th card during p1's turn: every view names p2 as awaited (a tablet playing in turn then
    acts for p2, and p1's phone says it waits for p2), until p2 has discarded."""
    from engine.games.pandemie.rules import view

    st = quiet_board()
    b = st.static.board
    seven = tuple(b.player_card[c] for c in b.cities_of(0) if c != idx(st, "Lugdunum"))[:7]
    st = hand(hand(st, "p2", *seven), "p1", city_card(st, "Lugdunum"))
    assert view(st, "p1")["waiting_for"] == []
    st, _ = act(st, E.ShareKnowledge(seat="p1", other="p2", card=city_card(st, "Lugdunum")))
    for seat in ("p1", "p2", "table"):
        assert view(st, seat)["waiting_for"] == ["p2"]
    assert view(st, "p1")["provinces"][0]["turn"] == "p1"  # still p1's turn
    st, _ = act(st, E.Discard(seat="p2", card=seven[0]))
    assert view(st, "p1")["waiting_for"] == []


def test_le_dictateur_protege_aussi_la_ville_reliee_de_l_autre_province():
    st = no_pins(new_game(provinces=2, players=2))
    st = role(role(st, "p1", "Magistrat"), "p2", "Magistrat")
    st = role(st, "p3", "Dictateur")
    st = at(st, "p3", "Emporiae")
    st = pins(st, "Narbo", "blue", 3, "G")
    st, ev = propagate_from(st, "Narbo", "Gesoriacum")
    assert pins_at(st, "Emporiae", "blue", "H") == 0
    assert pins_at(st, "Narbo", "blue", "G") == 3  # Narbo is linked to Emporiae: protected, no surge
    assert "Surged" not in types(ev)


def test_une_invasion_eradiquee_ne_revient_pas_par_un_lien():
    st = no_pins(new_game(provinces=2, players=2))
    st = set_prov(st, "H", victories=0b0001, eradicated=0b0001)
    st = pins(st, "Narbo", "blue", 3, "G")
    st, ev = propagate_from(st, "Narbo", "Gesoriacum")
    assert "Surged" in types(ev) and pins_at(st, "Emporiae", "blue", "H") == 0


def test_le_telephone_de_celui_dont_c_est_le_tour_dit_qui_doit_defausser():
    """p1 gave p2 an 8th card: p1's header says the game waits for p2 (it said only the phase before, and p1
    saw no action left to take without knowing why)."""
    from companion.ui.header import header
    from engine.games.pandemie.rules import view

    st = quiet_board()
    b = st.static.board
    seven = tuple(b.player_card[c] for c in b.cities_of(0) if c != idx(st, "Lugdunum"))[:7]
    st = hand(hand(st, "p2", *seven), "p1", city_card(st, "Lugdunum"))
    st, _ = act(st, E.ShareKnowledge(seat="p1", other="p2", card=city_card(st, "Lugdunum")))
    h = header("pandemie", view(st, "p1"), "p1", "fr", ["p1"], {"p1": "Alice", "p2": "Bruno"})
    assert "Bruno" in h.awaited
    h = header("pandemie", view(st, "p1"), "p1", "en", ["p1"], {"p1": "Alice", "p2": "Bruno"})
    assert "Bruno" in h.awaited


def test_celui_dont_c_est_le_tour_ne_lit_pas_a_vous_de_jouer_tant_qu_on_attend_une_defausse():
    """While p2 must discard the 8th card p1 gave, p1 cannot play: p1's header does not say "À vous de jouer"
    (and is not highlighted as their turn), it says whom the turn waits for; a tablet playing for p2 names p2,
    not "vous" (the tablet is nobody's own seat)."""
    from companion.ui.header import header
    from engine.games.pandemie.rules import view

    st = quiet_board()
    b = st.static.board
    seven = tuple(b.player_card[c] for c in b.cities_of(0) if c != idx(st, "Lugdunum"))[:7]
    st = hand(hand(st, "p2", *seven), "p1", city_card(st, "Lugdunum"))
    st, _ = act(st, E.ShareKnowledge(seat="p1", other="p2", card=city_card(st, "Lugdunum")))
    names = {"p1": "Alice", "p2": "Bruno"}
    h = header("pandemie", view(st, "p1"), "p1", "fr", ["p1"], names)
    assert h.turn == "À vous de jouer après Bruno" and not h.mine
    assert header("pandemie", view(st, "p1"), "p1", "en", ["p1"], names).turn == "Your turn, after Bruno"
    on_tablet = header("pandemie", view(st, "table"), "p2", "fr", ["p1"], names, acting="p2")
    assert on_tablet.awaited == "On attend : Bruno" and "vous" not in on_tablet.awaited
    assert header("pandemie", view(st, "p2"), "p2", "fr", ["p1"], names).awaited == "On attend : vous"


def test_le_journal_dit_qui_defausse_a_la_limite_de_main():
    """A discard from a hand says whose hand it left ("Bruno défausse Lutetia"), in both languages; a
    Discarded event saved before it named the seat still reads as before."""
    from engine.core.deck import Discarded
    from engine.games.pandemie.text import describe

    st, seven = _over_the_hand_limit()
    st, events = act(st, E.Discard(seat="p1", card=seven[0]))
    discarded = [e for e in events if isinstance(e, Discarded)]
    assert [e.seat for e in discarded] == ["p1"]
    names = {"p1": "Bruno"}
    fr, en = describe(discarded[0], "fr", names), describe(discarded[0], "en", names)
    assert fr.startswith("Bruno défausse ") and en.startswith("Bruno discards "), (fr, en)
    old = msgspec.json.decode(
        b'{"type": "Discarded", "deck": "G-player", "card": "' + seven[0].encode() + b'"}', type=Discarded
    )
    assert old.seat == "" and "défaussée" in describe(old, "fr", names)
