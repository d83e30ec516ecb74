"""``legal()`` lists every intent ``apply`` accepts: intents generated broadly from seeded random games'
states (not from ``legal()``) that ``apply`` accepts are all in ``legal()`` (the Emperor's and the Nun's
several-piece moves aside, a known limit)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import SeededRng
from engine.games import rattus
from engine.games.rattus.profile import default_profile
from tests.rattus.intent_gen import ONE_PIECE_AT_A_TIME, intent, seats_to_try, without_readings
from tests.rattus.rattus_fixtures import arrange, new_game, play

CHOICES = ["base", "random", "one-per-class", "age-d-or", "controle-des-rats", "europe-en-guerre"]
PROBES = 150


def accepted(s: rattus.State, i: object) -> bool:
    try:
        rattus.apply(s, i, SeededRng(0))  # type: ignore[arg-type]
    except rattus.IllegalIntent:
        return False
    return True


def check_state(s: rattus.State, rng: SeededRng, found: dict[str, int]) -> None:
    for seat in seats_to_try(s):
        listed = rattus.legal(s, seat)
        for _ in range(PROBES):
            i = intent(s, seat, rng)
            if type(i).__name__ in ONE_PIECE_AT_A_TIME or not accepted(s, i):
                continue
            found[type(i).__name__] = found.get(type(i).__name__, 0) + 1
            bare = without_readings(i)
            if bare is not i and not accepted(s, bare):
                continue  # a face typed for a token the profile does not know yet: data, not a choice
            assert bare in listed, f"apply accepts {i!r} (phase {s.phase}) but legal() does not list it"


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    players=st.sampled_from([2, 3, 4]),
    mode=st.sampled_from(["digital", "physical"]),
    characters=st.sampled_from(CHOICES),
)
def test_every_intent_apply_accepts_is_listed_by_legal(
    seed: int, players: int, mode: str, characters: str
) -> None:
    s, _ = new_game(seed, players=players, mode=mode, characters=characters)
    rng = SeededRng(seed)
    found: dict[str, int] = {}
    for n in range(300):
        if s.phase == "over":
            break
        if n % 4 == 0:
            check_state(s, rng, found)
        options = rattus.legal(s, s.active or "table")
        s, _ = play(s, options[rng.randbelow(len(options))], seed + n)
    assert found, "no generated intent was ever accepted: the generator is blind"


def test_burgomaster_with_the_peasant_and_the_queen_split_over_two_regions_is_listed() -> None:
    """« Si le joueur possède et peut utiliser la carte Reine, les deux cubes supplémentaires peuvent être
    placés dans une ou deux régions où il possède plus de cubes que les autres joueurs. »"""
    chars = ["paysan", "bourgmestre", "moine", "chevalier", "sorciere", "reine"]
    s, _ = new_game(1, players=4, characters=chars)
    s = arrange(
        s,
        active="p1",
        holders={"paysan": "p1", "bourgmestre": "p1", "reine": "p1"},
        cubes={"Anglia": {"p1": 2}, "Gallia": {"p1": 2}, "Hispania": {"p1": 1}},
    )
    i = rattus.PlaceCubesBurgomaster(seat="p1", peasant_region="Anglia", queen_regions=("Gallia", "Hispania"))
    listed = rattus.legal(s, "p1")
    assert i in listed
    s2, _ = play(s, i)
    assert s2.cubes["Anglia"]["p1"] == 4 and s2.cubes["Gallia"]["p1"] == 4 and s2.cubes["Hispania"]["p1"] == 3
    twice = rattus.PlaceCubesBurgomaster(seat="p1", queen_regions=("Gallia", "Gallia"))
    assert not accepted(s, twice) and twice not in listed


def test_the_generator_reaches_every_intent_type() -> None:
    s, _ = new_game(3, players=4, mode="physical", characters="random", profile=default_profile())
    rng = SeededRng(5)
    kinds = {type(intent(s, "p1", rng)).__name__ for _ in range(2000)}
    assert kinds == {k.__name__ for k in rattus.GAME.intents}
