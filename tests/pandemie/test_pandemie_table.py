"""A whole game at a real table: SQLite store, resume, undo, shuffle audit, what each seat may see."""

from __future__ import annotations

import msgspec
import pytest

import engine.games.pandemie as pan
from engine.catalogue import by_game
from engine.core import (
    TABLE,
    Drawn,
    Peeked,
    Placed,
    SeededRng,
    Shuffled,
    Table,
    UndoRefused,
    get_game,
    project,
)
from engine.core.audit import reveal, verify
from engine.core.store import Store
from engine.games.pandemie import policy
from engine.games.pandemie import simulate as sim

OPTIONS = {"provinces": 2, "players": 3, "difficulty": "normal"}


def play_out(table: Table, limit: int = 5000) -> None:
    n = 0
    while table.outcome() is None and n < limit:
        for pi in range(len(table.state.provs)):
            intent = policy.choose(table.state, pi)
            if intent is not None:
                table.act(intent)
                n += 1
            if table.outcome() is not None:
                break
    assert table.outcome() is not None


def test_le_jeu_se_declare_une_fois():
    game = get_game("pandemie")
    assert game is pan.GAME and game.name == "pandemie"
    assert game.setup is pan.setup and game.apply is pan.apply and game.view is pan.view
    assert game.describe is not None and game.phrasebook is not None
    assert Shuffled in game.events and Drawn in game.events


def test_une_partie_entiere_enregistree_puis_reprise_depuis_le_fichier(tmp_path):
    path = tmp_path / "pandemie.sqlite"
    store = Store.create(path, "pandemie", OPTIONS)
    table = Table.new(pan.GAME, OPTIONS, SeededRng(7), store)
    play_out(table)
    store.close()
    resumed = Table.resume(pan.GAME, Store.open(path), SeededRng(99))
    assert resumed.state == table.state
    assert resumed.view(TABLE) == table.view(TABLE)
    assert resumed.outcome() == table.outcome()
    assert [e.seq for e in resumed.entries] == [e.seq for e in table.entries]


def test_annuler_un_mouvement_mais_pas_une_pioche():
    table = Table.new(pan.GAME, {"provinces": 1, "players": 2}, SeededRng(3))
    st = table.state
    seat = st.static.seats[st.provs[0].turn]
    before = table.state
    to = st.static.board.keys[st.static.board.adj[st.loc[st.provs[0].turn]][0]]
    table.act(pan.Move(seat=seat, to=to))
    table.undo()
    assert table.state == before
    table.act(pan.EndActions(seat=seat))
    table.act(pan.DrawCards(seat=seat))
    with pytest.raises(UndoRefused):
        table.undo()


def test_l_audit_des_melanges_passe_sur_une_vraie_partie_et_detecte_une_pioche_truquee():
    table = Table.new(pan.GAME, OPTIONS, SeededRng(11))
    play_out(table)
    full = [e.event for e in table.entries]
    public = [p for p in (project(e, TABLE) for e in full) if p is not None]
    assert all(not e.order and not e.salt for e in public if isinstance(e, Shuffled))
    report = verify(public, reveal(full))
    assert report.ok, report.problems
    assert report.shuffles_checked >= 8 and report.draws_checked > 50
    # a stacked deck: the host deals a propagation card that is not the next one in the committed order
    i = next(
        k for k, e in enumerate(public) if isinstance(e, Drawn) and e.deck == "prop:G" and e.card and k > 200
    )
    d = public[i]
    other = next(c for c in (f"PI:G{n:02d}" for n in range(1, 49)) if c != d.card)
    stacked = public[:i] + [msgspec.structs.replace(d, card=other)] + public[i + 1 :]
    bad = verify(stacked, reveal(full))
    assert not bad.ok and any("committed order" in p for p in bad.problems)


def test_les_ordres_des_pioches_et_les_divinations_restent_caches():
    st, events = pan.setup({"provinces": 1, "players": 2, "open_hands": False}, SeededRng(4))
    table = Table(pan.GAME, [pan_entry(i, e) for i, e in enumerate(events)], SeededRng(5))
    # what the shared tablet sees: sizes, never orders
    v = table.view(TABLE)
    blob = msgspec.json.encode(v).decode()
    assert "deck_order" not in blob
    assert v["players"]["p1"]["hand"] is None and v["players"]["p1"]["hand_size"] == 4
    assert table.view("p1")["players"]["p1"]["hand"] == list(table.state.hands[0])
    assert "player_deck_order" in table.view("*host*")["provinces"][0]
    # hidden hands: p2 and the table see p1's draws without the card
    for e in events:
        if isinstance(e, Drawn) and e.to == "p1" and e.deck.startswith("player"):
            assert project(e, "p2").card == "" and project(e, TABLE).card == "" and project(e, "p1").card
    # Divinations: the peek and the new order are for the seat who plays it only
    state = table.state
    s = 1
    hand = state.hands[s] + ("PE:G4",) if "PE:G4" not in state.hands[s] else state.hands[s]
    state = msgspec.structs.replace(state, hands=state.hands[:s] + (hand,) + state.hands[s + 1 :])
    for owner in range(2):
        if owner != s and "PE:G4" in state.hands[owner]:
            h = tuple(c for c in state.hands[owner] if c != "PE:G4")
            state = msgspec.structs.replace(
                state, hands=state.hands[:owner] + (h,) + state.hands[owner + 1 :]
            )
    state2, ev = pan.step(state, pan.PlayEvent(seat="p2", card="PE:G4"), SeededRng(1))
    top = state.provs[0].prop.cards[:6]
    state3, ev2 = pan.step(state2, pan.ArrangeDivination(seat="p2", order=tuple(reversed(top))), SeededRng(1))
    for e in ev + ev2:
        if isinstance(e, Peeked | Placed) or (isinstance(e, Drawn) and e.deck.startswith("prop")):
            for seat in ("p1", TABLE):
                seen = project(e, seat)
                assert seen is None or not any(c in msgspec.json.encode(seen).decode() for c in top), (
                    seat,
                    e,
                )
            assert project(e, "p2") == e
    assert "divination_cards" in pan.view(state2, "p2")["provinces"][0]
    assert "divination_cards" not in pan.view(state2, TABLE)["provinces"][0]


def pan_entry(i, e):
    from engine.core import Entry

    return Entry(i + 1, 0, e)


def test_chaque_evenement_et_intention_a_un_texte_en_francais_et_en_anglais():
    table = Table.new(pan.GAME, OPTIONS, SeededRng(2))
    play_out(table)
    for e in table.entries:
        fr, en = pan.describe(e.event, "fr"), pan.describe(e.event, "en")
        assert fr and en and fr != type(e.event).__name__
    for intent in pan.legal(table.state, "p1") + [
        pan.Move(seat="p1", to="G01"),
        pan.Celebrate(seat="p1", colour="red"),
    ]:
        assert pan.describe(intent, "fr") and pan.describe(intent, "en")
    assert pan.describe(pan.Move(seat="p1", to="G01"), "fr") == "Aller à Lugdunum"


def test_catalogue_toutes_les_cartes_des_quatre_provinces():
    comps = by_game("pandemie")
    ids = [c.id for c in comps]
    assert (
        len(ids) == len(set(ids)) == 4 * (48 + 48 + 6 + 5 + 6 + 48)
    )  # + each city's spot on a printed board
    assert all(len(c.payload) <= 20 for c in comps)
    kinds = {k: sum(c.kind == k for c in comps) for k in {c.kind for c in comps}}
    assert kinds == {
        "city-card": 192,
        "propagation-card": 192,
        "rupture-card": 24,
        "event-card": 20,
        "role-card": 24,
        "board-city": 192,
    }
    assert any(c.name == "Sénateur" for c in comps) and any(c.name == "Mission secrète" for c in comps)
    lug = next(c for c in comps if c.id == "PC:G01")
    assert lug.name == "Lugdunum" and lug.attrs["province"] == "G" and lug.attrs["colour"] in pan.COLOURS
    # the cards a game deals are the catalogue's cards
    st, _ = pan.setup({"provinces": 4, "players": 6}, SeededRng(0))
    in_game = {c for p in st.provs for d in (p.player, p.prop) for c in d.cards + d.discard}
    in_game |= {c for h in st.hands for c in h} | set(st.roles)
    assert in_game <= set(ids)


def test_simuler_affiche_le_taux_de_victoire_et_les_causes_de_defaite(capsys):
    assert (
        sim.main(
            [
                "pandemie",
                "--provinces",
                "2",
                "--difficulty",
                "novice",
                "--games",
                "4",
                "--seed",
                "3",
                "--no-progress",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "win rate" in out and "games: 4" in out and "seed 3" in out
    assert sim.main(["rattus", "--games", "2"]) == 2
    assert "only 'pandemie'" in capsys.readouterr().err
    assert sim.main(["pandemie", "--provinces", "9", "--games", "1"]) == 2
    # the same seed gives the same games
    sim.main(["pandemie", "--provinces", "1", "--games", "3", "--seed", "5", "--no-progress"])
    a = capsys.readouterr().out
    sim.main(["pandemie", "--provinces", "1", "--games", "3", "--seed", "5", "--no-progress"])
    assert capsys.readouterr().out == a


def test_le_plateau_pour_l_interface_est_public_et_complet():
    st, _ = pan.setup({"provinces": 4, "players": [5, 5, 5, 5]}, SeededRng(0))
    info = pan.board_info(st)
    msgspec.json.encode(info)
    assert [p["code"] for p in info["provinces"]] == ["G", "H", "E", "A"]
    assert all(len(p["cities"]) == 48 and len(p["seats"]) == 5 for p in info["provinces"])
    narbo = next(c for c in info["provinces"][0]["cities"] if c["name"] == "Narbo")
    assert narbo["links"] and narbo["links"][0].startswith("H")
