from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _toy_known(toy_game: str) -> None:
    """Every sync test may host the toy game (``toy``)."""
