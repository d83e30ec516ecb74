"""Seeded games must play exactly as before the speed work on the policy and the fold.

The digests were taken with the policy and rules as they were before they were optimised (same seeds, same
options): an optimisation that changes any decision, any event or any folded state changes a digest.
When a rule or the policy is changed *on purpose*, recompute them (the helper below prints them).
"""

from __future__ import annotations

import hashlib

import msgspec
import pytest

from engine.core.rng import SeededRng
from engine.games.pandemie import legal
from engine.games.pandemie.simulate import by_apply, play_state

FOUR = {"provinces": 4, "players": 4, "difficulty": "normal"}
ONE = {"provinces": 1, "players": 4, "difficulty": "novice"}

# (options, seed, intents, player turns, digest of the final state)
GOLDEN = [
    (FOUR, "golden:0", 135, 21, "5d8c4307be810f81"),
    (FOUR, "golden:1", 391, 59, "4d38ddb9e4c85e97"),
    (FOUR, "golden:2", 465, 71, "f5c3f2c0c75a50a2"),
    (ONE, "golden:0", 170, 24, "2605181552fa6d82"),
    (ONE, "golden:1", 140, 22, "37861e78127a7800"),
    (ONE, "golden:2", 110, 17, "41f03612a1b97471"),
]


def digest(st) -> str:
    """The state as JSON, pins as a list of numbers (as they were encoded when these digests were taken:
    ``Prov.pins`` has since become ``bytes``; a dict encodes exactly as the struct with the same fields)."""
    provs = [{**msgspec.structs.asdict(p), "pins": list(p.pins)} for p in st.provs]
    raw = msgspec.json.encode((provs, st.hands, st.loc, st.roles, st.stored, st.removed, st.over))
    return hashlib.sha256(raw).hexdigest()[:16]


@pytest.mark.parametrize(("options", "seed", "intents", "turns", "want"), GOLDEN)
def test_seeded_game_is_unchanged(options: dict, seed: str, intents: int, turns: int, want: str) -> None:
    st, n, t = play_state(options, SeededRng(seed))
    assert (n, t, digest(st)) == (intents, turns, want)


def test_apply_and_fold_play_the_same_game_with_legal_intents() -> None:
    """Through apply + fold (as the Table plays), the same seed ends in the same state, and every intent the
    policy chose outside its free choices is one that legal() lists."""
    options, seed, intents, _turns, want = GOLDEN[0]

    def check(state, intent) -> None:
        if type(intent).__name__ not in ("ArrangeDivination", "ConsulMove", "Celebrate", "PlayEvent"):
            assert intent in legal(state, intent.seat), intent

    state, n, _ = play_state(options, SeededRng(seed), advance=by_apply, check=check)
    assert (n, digest(state)) == (intents, want)
