"""The rulebook's worked example (Gallia), with the digital bag and with physical tokens.

Red (p1) moves the plague to Gallia: 3 rats, 2 green cubes (p3) and 1 yellow (p4). Yellow holds the
Knight; green the Peasant and the Merchant; blue (p2) the Monk, the Witch and the King. Red puts the 2 new
rats in Hispania. Tokens: limit 1 (Bourgeoisie, Clergy), limit 3, limit 2 (M, Bourgeoisie, Clergy).
The text's outcome: green loses 1, then nothing, then green and yellow lose 1 each: Gallia is empty.
The limits and symbols are the example's; the second token's symbol (Royalty) is not given by the text and
is test data (it does nothing anyway: 2 cubes stay below its limit 3).
"""

from __future__ import annotations

import pytest

from engine.core import HOST, TABLE, SeededRng, project
from engine.core.codes import payload
from engine.games import rattus
from engine.games.rattus.profile import Face
from tests.rattus.rattus_fixtures import arrange, box_profile, new_game, play

T1, T2, T3 = "RAT:20", "RAT:21", "RAT:22"
FACES = {
    "RAT_20": Face(1, ("bourgeoisie", "clerge")),
    "RAT_21": Face(3, ("noblesse",)),
    "RAT_22": Face(2, ("M", "bourgeoisie", "clerge")),
}
HOLDERS = {"chevalier": "p4", "paysan": "p3", "marchand": "p3", "moine": "p2", "sorciere": "p2", "roi": "p2"}


def gallia(mode: str) -> rattus.State:
    s, _ = new_game(1, players=4, mode=mode, profile=box_profile(**FACES))
    tokens = (T1, T2, T3) if mode == "digital" else ("", "", "")
    return arrange(
        s,
        slots={"Gallia": tokens},
        cubes={"Gallia": {"p3": 2, "p4": 1}},
        holders=HOLDERS,
        plague="Germania",
        active="p1",
    )


def check_outcome(s: rattus.State, events: list) -> None:
    revealed = [e for e in events if isinstance(e, rattus.TokenRevealed)]
    assert [(e.token, e.threshold, e.population, e.effective) for e in revealed] == [
        (T1, 1, 3, True),
        (T2, 3, 2, False),
        (T3, 2, 2, True),
    ]
    losses = [e.cubes for e in events if isinstance(e, rattus.CubesLost)]
    assert losses == [{"p3": 1}, {"p3": 1, "p4": 1}]
    assert s.cubes["Gallia"] == {} and s.slots["Gallia"] == ()
    assert s.rats("Hispania") == 2
    assert s.reserve["p3"] == 20 and s.reserve["p4"] == 20
    assert s.active == "p2" and s.phase == "actions"  # Red's turn is over


def test_gallia_example_with_the_digital_bag() -> None:
    s = gallia("digital")
    s, ev1 = play(s, rattus.MovePlague(seat="p1", path=("Gallia",)))
    assert isinstance(ev1[-1], rattus.SpreadStarted) and ev1[-1].count == 2
    s, ev2 = play(s, rattus.SpreadRat(seat="p1", region="Hispania"))
    s, ev3 = play(s, rattus.SpreadRat(seat="p1", region="Hispania"))
    check_outcome(s, ev1 + ev2 + ev3)
    # the table saw the new rats arrive face down: where, not which
    draws = [project(e, TABLE) for e in ev2 + ev3 if type(e).__name__ == "Drawn"]
    assert [(d.to, d.card) for d in draws] == [("Hispania", ""), ("Hispania", "")]


def test_gallia_example_with_physical_tokens_scanned() -> None:
    s = gallia("physical")
    s, _ = play(s, rattus.MovePlague(seat="p1", path=("Gallia",)))
    s, _ = play(s, rattus.SpreadRat(seat="p1", region="Hispania"))
    s, _ = play(s, rattus.SpreadRat(seat="p1", region="Hispania"))
    assert s.phase == "ravage"
    events = []
    for tid in (T1, T2, T3):
        s, ev = play(s, rattus.FlipToken(seat=TABLE, region="Gallia", token=payload(tid)))
        events += ev
    check_outcome(s, events)


def test_physical_flip_refuses_unknown_ids_and_tokens_from_elsewhere() -> None:
    s = gallia("physical")
    s, _ = play(s, rattus.MovePlague(seat="p1", path=("Gallia",)))
    s, _ = play(s, rattus.SpreadRat(seat="p1", region="Hispania", token="RAT:30"))  # scanned when placed
    s, _ = play(s, rattus.SpreadRat(seat="p1", region="Hispania"))
    rng = SeededRng(0)
    with pytest.raises(rattus.IllegalIntent, match="not-a-token") as exc:
        rattus.apply(s, rattus.FlipToken(seat=TABLE, region="Gallia", token="RAT:77"), rng)
    assert "RAT:77" in str(exc.value)
    with pytest.raises(rattus.IllegalIntent, match="damaged-code"):  # its check character fails
        rattus.apply(s, rattus.FlipToken(seat=TABLE, region="Gallia", token="PT1:RAT:07:Q"), rng)
    # the host recorded RAT:30 in Hispania; the table never saw that sticker, so it is not told where it lies:
    # a table that turns RAT:30 over in Gallia is believed (the record was wrong), only the host is refused
    with pytest.raises(rattus.IllegalIntent, match="token-not-in-region") as exc:
        rattus.apply(s, rattus.FlipToken(seat=HOST, region="Gallia", token="RAT:30"), rng)
    assert "Hispania" in str(exc.value)
    believed, _ = play(s, rattus.FlipToken(seat=TABLE, region="Gallia", token="RAT:30"))
    assert believed.slots["Hispania"] == ("", "") and believed.revealed[-1][:2] == ("RAT:30", "Gallia")
    with pytest.raises(rattus.IllegalIntent, match="ravage-region"):
        rattus.apply(s, rattus.FlipToken(seat=TABLE, region="Hispania", token="RAT:31"), rng)
    with pytest.raises(rattus.IllegalIntent, match="not-your-turn"):
        rattus.apply(s, rattus.FlipToken(seat="p3", region="Gallia", token=T1), rng)
    s, _ = play(s, rattus.FlipToken(seat="p1", region="Gallia", token=T1))
    with pytest.raises(rattus.IllegalIntent, match="token-already-revealed"):
        rattus.apply(s, rattus.FlipToken(seat=TABLE, region="Gallia", token=T1), rng)
    with pytest.raises(rattus.IllegalIntent, match="face-mismatch"):
        rattus.apply(s, rattus.FlipToken(seat=TABLE, region="Gallia", token=T2, face="1 A"), rng)


def test_physical_tokens_without_faces_take_the_face_typed_in() -> None:
    from engine.games.rattus.profile import default_profile

    s, _ = new_game(1, players=4, mode="physical", profile=default_profile())
    s = arrange(s, slots={"Gallia": ("",)}, cubes={"Gallia": {"p3": 2}}, plague="Germania")
    s, _ = play(s, rattus.MovePlague(seat="p1", path=("Gallia",)))
    s, _ = play(s, rattus.SpreadRat(seat="p1", region="Hispania"))
    with pytest.raises(rattus.IllegalIntent, match="no-face"):
        rattus.apply(s, rattus.FlipToken(seat=TABLE, region="Gallia", token="RAT:40"), SeededRng(0))
    s, ev = play(s, rattus.FlipToken(seat=TABLE, region="Gallia", token="RAT:40", face="1 A"))
    assert s.cubes["Gallia"] == {"p3": 1} and s.active == "p2"
