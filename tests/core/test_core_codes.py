from hypothesis import given
from hypothesis import strategies as st

from engine import catalogue
from engine.core.codes import ALNUM, MAX_PAYLOAD, parse, payload


def test_payload_round_trip():
    p = payload("RAT:07")
    assert p.startswith("PT1:RAT:07:") and len(p) == 12
    assert parse(p).component_id == "RAT:07"


def test_foreign_texts_are_never_guessed():
    for raw in ("http://example.com", "", "PT1:", "PT1:RAT:07", "PT2:RAT:07:J", "pt1:rat:07:j"):
        r = parse(raw)
        assert r.foreign and r.raw == raw and r.reason


@given(st.integers(0, 11), st.sampled_from(ALNUM))
def test_any_single_wrong_character_fails_the_check(pos, ch):
    p = payload("RAT:07")
    if p[pos] == ch:
        return
    bad = p[:pos] + ch + p[pos + 1 :]
    assert parse(bad).foreign


def test_swapping_neighbours_fails_the_check():
    p = payload("PC:G12")
    for i in range(len(p) - 1):
        if p[i] != p[i + 1]:
            assert parse(p[:i] + p[i + 1] + p[i] + p[i + 2 :]).foreign


def test_catalogue_ids_are_unique_and_fit():
    comps = catalogue.all_components()
    assert len({c.id for c in comps}) == len(comps)
    assert all(len(c.payload) <= MAX_PAYLOAD for c in comps)
    assert catalogue.get("BLK:001").kind == "spare"
