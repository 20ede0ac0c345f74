"""A meeting held by the offline brain carries each member's view on its lines as data, and
each member's stance after it is the view its own line gave (read from the line's `view`)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from cognition.agent import Agent
from cognition.group import GroupRules, GroupStrategy
from cognition.offline import OfflineBrain
from cognition.settings import MindSettings
from cognition.testing.memory_fake import FakeMemoryStream
from cognition.testing.town import ISABELLA, KLAUS, MARIA, START, perception

QUESTION = "Should the town plant trees along the main street?"
WHERE = {"for": "was for it", "against": "was against it", "undecided": "was undecided"}


def offline_agents(seed: int) -> list[Agent]:
    agents = []
    for persona in (ISABELLA, MARIA, KLAUS):
        agent = Agent(persona, FakeMemoryStream(persona.name), OfflineBrain(seed), MindSettings())
        agent.decide(perception(persona, START))
        agents.append(agent)
    return agents


@pytest.mark.parametrize("seed", [0, 1])
def test_a_meetings_views_travel_on_its_lines_and_make_the_stances(seed: int) -> None:
    opener, *others = offline_agents(seed)
    rules = GroupRules(GroupStrategy.ONE_BY_ONE, max_rounds=3, topic=QUESTION)
    meeting = opener.talker.converse_in_group(
        [o.talker for o in others], START + timedelta(hours=1), rules
    )
    views = {line.speaker: line.view for line in meeting.lines if line.view}
    assert set(views) == {MARIA.name, KLAUS.name}  # each member gave its view; the host asked
    assert set(views.values()) <= set(WHERE)
    stances = dict(meeting.stances)
    for name, view in views.items():
        # "At the meeting about "…", Maria Lopez was for it ("…")."
        assert stances[name].startswith(f'At the meeting about "{QUESTION}", {name} {WHERE[view]}')
