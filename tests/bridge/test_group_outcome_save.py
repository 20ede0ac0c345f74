"""A group talk finished but not yet played back when the town is saved: it is kept (a
clean-clone screenshot tour saw 'names: List should have at most 2 items' and no save)."""

from __future__ import annotations

from datetime import datetime

from cognition.contract import Conversation, ConversationLine
from game.bridge.director_state import OutcomeState, outcome_of, outcome_state
from game.bridge.jobs import Conversed


def test_a_group_talks_outcome_round_trips_through_a_save() -> None:
    names = ("Isabella Rodriguez", "Maria Lopez", "Klaus Mueller")
    started = datetime(2023, 2, 13, 9, 0)
    lines = tuple(
        ConversationLine(speaker=name, text=f"Hello from {name}.", to="*") for name in names
    )
    talk = Conversation(participants=names, started=started, lines=lines, summary="They met.")
    state = outcome_state(Conversed(7, names, talk))
    again = OutcomeState.model_validate_json(state.model_dump_json())
    restored = outcome_of(again)
    assert isinstance(restored, Conversed)
    assert restored.names == names and restored.conversation == talk
