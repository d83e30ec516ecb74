"""Hidden information through choices and refusals: what ``legal()`` offers a seat and what a refusal tells it
depend only on what that seat may see. Over seeded random games, each seat's choices and its answer to every
generated intent are the same whatever the tokens it cannot see are (their ids shuffled, recorded or not)."""

from __future__ import annotations

from typing import Any

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import HOST, TABLE, SeededRng
from engine.core.rng import Rng
from engine.games import rattus
from tests.rattus.intent_gen import intent
from tests.rattus.rattus_fixtures import arrange, box_profile, new_game, play

CHOICES = ["base", "random", "one-per-class", "controle-des-rats", "europe-en-guerre"]


def hidden_elsewhere(s: rattus.State, seat: str, rng: Rng) -> rattus.State:
    """The same game as ``seat`` sees it, with every token it cannot see replaced: face-down ids shuffled
    among the hidden places (the bag too, with the digital bag), and with real tokens some records blanked or
    made up from the tokens nobody has accounted for."""
    known = set(s.known.get(seat, ()))
    places: list[tuple[str, Any]] = [
        ("slot", (r, k)) for r in s.regions for k, t in enumerate(s.slots[r]) if t not in known
    ]
    places += [("out", k) for k, t in enumerate(s.out_down) if t not in known]
    ids = [s.slots[r][k] for kind, (r, k) in [p for p in places if p[0] == "slot"]]
    ids += [s.out_down[k] for kind, k in places if kind == "out"]
    if s.digital:
        ids += list(s.bag.cards)
        places += [("bag", k) for k in range(len(s.bag.cards))]
    else:
        accounted = {t for v in s.slots.values() for t in v} | set(s.out_down) | {t for t, _, _ in s.revealed}
        accounted |= {t for t, _ in s.pending}
        spare = [t.id for t in s.profile.tokens if t.id not in accounted]
        ids = [t if rng.randbelow(3) else "" for t in ids] + spare
    for k in range(len(ids) - 1, 0, -1):
        j = rng.randbelow(k + 1)
        ids[k], ids[j] = ids[j], ids[k]
    slots = {r: list(v) for r, v in s.slots.items()}
    out, bag = list(s.out_down), list(s.bag.cards)
    for (kind, where), tid in zip(places, ids, strict=False):
        if kind == "slot":
            slots[where[0]][where[1]] = tid
        elif kind == "out":
            out[where] = tid
        else:
            bag[where] = tid
    return msgspec.structs.replace(
        s,
        slots={r: tuple(v) for r, v in slots.items()},
        out_down=tuple(out),
        bag=msgspec.structs.replace(s.bag, cards=tuple(bag)),
    )


def answer(s: rattus.State, i: Any) -> str:
    try:
        rattus.apply(s, i, SeededRng(0))
    except rattus.IllegalIntent as exc:
        return f"refused {exc}"
    return "accepted"


def check_seat(s: rattus.State, seat: str, rng: Rng, probes: int) -> None:
    other = hidden_elsewhere(s, seat, rng)
    assert rattus.legal(other, seat) == rattus.legal(s, seat), (
        f"{seat}'s choices depend on what it cannot see"
    )
    for _ in range(probes):
        i = intent(s, seat, rng)
        a, b = answer(s, i), answer(other, i)
        assert a == b, f"{seat} could learn what it cannot see from {i!r}: {a!r} vs {b!r} (phase {s.phase})"


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    players=st.sampled_from([2, 3, 4]),
    mode=st.sampled_from(["physical", "digital"]),
    characters=st.sampled_from(CHOICES),
)
def test_no_seat_learns_a_hidden_token_from_its_choices_or_refusals(
    seed: int, players: int, mode: str, characters: str
) -> None:
    s, _ = new_game(seed, players=players, mode=mode, characters=characters)
    rng = SeededRng(seed)
    for n in range(300):
        if s.phase == "over":
            break
        if n % 5 == 0 or s.phase in ("ravage", "crusader_flip", "final_plague"):
            for seat in {s.active or TABLE, TABLE, s.seats[(n // 5) % len(s.seats)]}:
                check_seat(s, seat, rng, 40)
        options = rattus.legal(s, s.active or TABLE)
        i = options[rng.randbelow(len(options))]
        if mode == "physical" and isinstance(i, rattus.SpreadRat) and rng.randbelow(2):
            # a sticker scanned as the rat is put down: a record only the host sees
            accounted = {t for v in s.slots.values() for t in v} | {t for t, _, _ in s.revealed}
            spare = [t.id for t in s.profile.tokens if t.id not in accounted and t.id not in s.out_down]
            if spare:
                i = msgspec.structs.replace(i, token=spare[rng.randbelow(len(spare))])
        s, _ = play(s, i, seed + n)


def test_a_ravage_with_real_tokens_lists_no_sticker_the_table_did_not_see() -> None:
    """The host recorded RAT:31 when it was put in Italia; during the ravage of Italia the table is offered
    any token it may name, and a flip it gets wrong is not answered with where RAT:31 lies."""
    s, _ = new_game(1, players=4, mode="physical", profile=box_profile())
    s = arrange(
        s,
        slots={"Italia": ("RAT:31", ""), "Hungaria": ("RAT:32",)},
        cubes={"Italia": {"p1": 3}},
        plague="Germania",
        active="p1",
    )
    s, _ = play(s, rattus.MovePlague(seat="p1", path=("Italia",)))
    while s.phase == "spread":
        s, _ = play(s, rattus.legal(s, "p1")[0])
    assert s.phase == "ravage" and s.ravage == "Italia"
    for seat in (TABLE, "p1"):
        named = {i.token for i in rattus.legal(s, seat)}
        assert "RAT:31" in named and "RAT:32" in named  # any token not accounted for in its view: no hint
        assert len(named) > 30
        msg = answer(s, rattus.FlipToken(seat=seat, region="Italia", token="RAT:32"))
        assert "Hungaria" not in msg
    assert {i.token for i in rattus.legal(s, HOST)} == {"RAT:31"} | {
        t.id for t in s.profile.tokens if t.id not in ("RAT:31", "RAT:32")
    }
    host = answer(s, rattus.FlipToken(seat=HOST, region="Italia", token="RAT:32"))
    assert "RAT:32 lies in Hungaria" in host
