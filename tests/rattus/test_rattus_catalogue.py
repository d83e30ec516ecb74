"""Catalogue of the Rattus components, the game's declaration, and describe()."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core import TABLE, SeededRng, Table, UndoRefused
from engine.core.codes import parse, payload, valid_id
from engine.core.events import Event, Intent
from engine.games import rattus
from engine.games.rattus.catalogue import components
from tests.rattus.rattus_fixtures import arrange, new_game, options, play


def test_components_rat_tokens_class_cards_and_pied_piper_characters() -> None:
    cs = {c.id: c for c in components()}
    rats = [c for c in cs.values() if c.kind == "rat-token"]
    assert [c.id for c in rats] == [f"RAT:{i:02d}" for i in range(1, 50)]
    assert [c.id for c in rats if c.attrs["start"]] == [f"RAT:{i:02d}" for i in range(1, 13)]
    assert [cs[f"RCL:{i}"].name for i in range(1, 7)] == [
        "Paysan",
        "Marchand",
        "Moine",
        "Chevalier",
        "Sorcière",
        "Roi",
    ]
    pp = [cs[f"RPP:{i:02d}"].name for i in range(1, 13)]
    assert pp == [
        "Serf",
        "Boulanger",
        "Messager",
        "Bourgmestre",
        "Nonne",
        "Evêque",
        "Croisé",
        "Soldat",
        "Pied Piper",
        "Magicien",
        "Empereur",
        "Reine",
    ]
    for c in cs.values():
        assert valid_id(c.id) and len(payload(c.id)) <= 20
        assert parse(payload(c.id)).component_id == c.id
        assert c.game == "rattus"
    assert cs["RCL:4"].attrs["class"] == "chevalerie" and cs["RPP:07"].attrs["class"] == "chevalerie"
    from engine.catalogue import get  # the project-wide catalogue gathers them

    assert get("RAT:07") == cs["RAT:07"] and get("RPP:09").name == "Pied Piper"


def test_module_contract() -> None:
    assert rattus.GAME.name == "rattus"
    assert all(issubclass(e, Event) for e in rattus.GAME.events)
    assert all(issubclass(i, Intent) for i in rattus.GAME.intents)
    for name in ("Shuffled", "Drawn", "GameStarted", "TokenRevealed", "CrusaderRevealed", "TokenPeeked"):
        assert name in {e.__name__ for e in rattus.GAME.events}
    s, events = new_game(5)
    assert rattus.fold(None, events[0]).seats == ("p1", "p2", "p3", "p4")
    assert rattus.outcome(s) is None


def test_describe_in_french_and_english() -> None:
    s, events = new_game(5)
    for intent in rattus.legal(s, "p1")[:3]:
        assert rattus.describe(intent, "fr").startswith("Placer")
        assert rattus.describe(intent, "en").startswith("Place")
    e = rattus.TokenRevealed(
        region="Gallia", token="RAT:07", threshold=2, symbols=("M", "clerge"), population=3, effective=True
    )
    assert rattus.describe(e, "fr") == (
        "Rat retourné en Gallia : jeton 07 (seuil 2 ; majorité, Clergé) — population 3, contamination"
    )
    assert "Church" in rattus.describe(e, "en")


def test_undo_of_a_public_action_but_never_across_a_draw_or_reveal() -> None:
    t = Table.new(rattus.GAME, options(players=4), SeededRng(2))
    while t.state.phase == "setup":
        t.act(rattus.SetupCubes(seat=t.state.active, region=t.state.plague))
    before = t.state
    t.act(rattus.PlaceCubes(seat="p1", region="Gallia"))
    t.undo()
    assert t.state == before
    t.act(rattus.MovePlague(seat="p1", path=(t.state.adj[t.state.plague][0],)))
    assert t.state.phase == "spread"  # every region holds a start rat: one new rat to place
    t.act(rattus.SpreadRat(seat="p1", region=t.state.adj[t.state.spread_region][0]))
    with pytest.raises(UndoRefused):
        t.undo()
    assert t.state.active == "p2"


def test_not_your_turn_and_game_over() -> None:
    s, _ = new_game(5)
    s = arrange(s, active="p1")
    with pytest.raises(rattus.IllegalIntent, match="not-your-turn"):
        rattus.apply(s, rattus.PlaceCubes(seat="p2", region="Gallia"), SeededRng(0))
    with pytest.raises(rattus.IllegalIntent, match="seat"):
        rattus.apply(s, rattus.PlaceCubes(seat="p9", region="Gallia"), SeededRng(0))
    s2, _ = play(s, rattus.MovePlague(seat="p1", path=(s.adj[s.plague][0],)))
    assert s2.active in ("p2", "p1")


def test_a_saved_game_resumes_with_nothing_lost(tmp_path: Path) -> None:
    from engine.core.store import Store

    opts = options(players=3, characters="random")
    store = Store.create(tmp_path / "game.sqlite", "rattus", opts)
    t = Table.new(rattus.GAME, opts, SeededRng(4), store)
    rng = SeededRng(9)
    for _ in range(120):
        if t.state.phase == "over":
            break
        seat = t.state.active or TABLE
        choices = rattus.legal(t.state, seat)
        t.act(choices[rng.randbelow(len(choices))])
    store2 = Store.open(tmp_path / "game.sqlite")
    again = Table.resume(rattus.GAME, store2, SeededRng(0))
    assert again.state == t.state
