"""Rattus Cartus (Åse & Henrik Berg): the companion keeps what the cards hide or make tedious.

Seats ``p1``..``p5`` in clockwise order; ``table`` is the shared tablet (public information only; it may
end rounds and type final counts). The game's declaration: :data:`GAME` (:class:`engine.core.game.GameSpec`).
Options (all optional): ``players`` 2–5 (4), ``selection`` first | random-type | random-five | agreed
(first), ``buildings`` (30 ids or type codes, with agreed), ``first_player`` p1.. | random (p1),
``nun_row`` digital | cards (digital), ``simultaneous_support`` (false), ``majority_ties`` top | bottom |
share (top), ``start_tokens`` [value-1, value-3, value-5] worth 10 rats ([2, 1, 1]).
"""

from __future__ import annotations

from typing import Any

from engine.core import DECK_EVENTS
from engine.core.game import GameSpec

from .describe import describe
from .events import (
    ActionsBegan,
    ActionTaken,
    BuildingBegan,
    BuildingDone,
    CardsGiven,
    CardsResolved,
    ChoiceAwaited,
    ChooseTarget,
    Convert,
    CorrectHand,
    DeclareHand,
    DeclareNuns,
    DeclareVictoryPoints,
    EndRound,
    Enter,
    Entered,
    FluteResolved,
    GameScored,
    GameStarted,
    HandChanged,
    HandDeclared,
    Hospital,
    InfluenceGained,
    NunsDeclared,
    PassPlayed,
    Peek,
    PhaseBegan,
    PlayPass,
    RatsChanged,
    RatsRevealed,
    Reveal,
    Revealed,
    RoundEnded,
    RoundStarted,
    Support,
    SupportTaken,
    SwordResolved,
    VictoryPointsDeclared,
    VictoryTokensTaken,
)
from .refusals import BOOK
from .rules import State, apply, fold, legal, outcome, setup, view, waiting_for
from .scoring import PlayerCounts, ScoringError, final_scores

__all__ = [
    "GAME",
    "seats",
    "State",
    "setup",
    "legal",
    "apply",
    "fold",
    "view",
    "outcome",
    "describe",
    "waiting_for",
    "final_scores",
    "PlayerCounts",
    "ScoringError",
    "ActionsBegan",
    "ActionTaken",
    "BuildingBegan",
    "BuildingDone",
    "CardsGiven",
    "CardsResolved",
    "ChoiceAwaited",
    "ChooseTarget",
    "Convert",
    "CorrectHand",
    "DeclareHand",
    "DeclareNuns",
    "DeclareVictoryPoints",
    "EndRound",
    "Enter",
    "Entered",
    "FluteResolved",
    "GameScored",
    "GameStarted",
    "HandChanged",
    "HandDeclared",
    "Hospital",
    "InfluenceGained",
    "NunsDeclared",
    "PassPlayed",
    "Peek",
    "PhaseBegan",
    "PlayPass",
    "RatsChanged",
    "RatsRevealed",
    "Reveal",
    "Revealed",
    "RoundEnded",
    "RoundStarted",
    "Support",
    "SupportTaken",
    "SwordResolved",
    "VictoryPointsDeclared",
    "VictoryTokensTaken",
]


def seats(state: Any) -> list[str]:
    """The player seats of a game in play, in turn order (the game contract's seat list)."""
    return list(state.seats)


GAME = GameSpec(
    name="cartus",
    events=(
        GameStarted,
        RatsChanged,
        RoundStarted,
        PhaseBegan,
        SupportTaken,
        HandChanged,
        Entered,
        PassPlayed,
        BuildingBegan,
        Revealed,
        InfluenceGained,
        CardsResolved,
        ChoiceAwaited,
        SwordResolved,
        FluteResolved,
        ActionsBegan,
        ActionTaken,
        CardsGiven,
        VictoryTokensTaken,
        BuildingDone,
        RoundEnded,
        HandDeclared,
        NunsDeclared,
        RatsRevealed,
        GameScored,
        VictoryPointsDeclared,
        *DECK_EVENTS,
    ),
    intents=(
        Support,
        Enter,
        PlayPass,
        Reveal,
        ChooseTarget,
        Hospital,
        Peek,
        EndRound,
        Convert,
        CorrectHand,
        DeclareHand,
        DeclareNuns,
        DeclareVictoryPoints,
    ),
    setup=setup,
    legal=legal,
    apply=apply,
    fold=fold,
    seats=seats,
    view=view,
    outcome=outcome,
    describe=describe,
    phrasebook=BOOK,
)
