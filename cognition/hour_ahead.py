"""Planning an hour before it begins: the hour's plan (`steps.hour_plan`), made ahead.

    plan_hour_ahead(agent, perception, hour)   # at 8:40, the plan of 9:00's hour

At an hour boundary a mind plans the coming hour in one call (`steps.action.next_step`),
and on a server with few slots every resident's boundary comes at once. Asked earlier —
while the server has room (the game's `thinking_ahead`) — the hour is planned the same way,
laid into the day plan, and the decision at the boundary finds it there, with no call.

As the paper's is, the plan is conditioned on retrieval, but on the memories there are when
it is asked: what the mind perceives between then and the hour (at most the time it is
asked ahead) is not among them. The places are offered in the order of where the mind is
when asked. Anything that replans before the hour (a reaction, a talk's change of plan)
drops it with the rest of the fine plan from then on (`agent.fit`), and the hour is planned
again at its boundary.
"""

from __future__ import annotations

from datetime import datetime

from cognition.agent import Agent
from cognition.contract import Perception
from cognition.plan import minute_of_day
from cognition.steps.action import ensure_decomposed

__all__ = ["plan_hour_ahead"]


def plan_hour_ahead(agent: Agent, perception: Perception, hour: datetime) -> bool:
    """Plan `agent`'s hour beginning at `hour` now, from `perception` (its places, where it
    is) and its memories as they are; True when the hour was not planned yet (a call, or
    an earlier day's hour reused). Nothing when the plan is not today's or has no stretch
    then. Call it only while no other job holds the mind."""
    plan = agent.state.plan
    minute = minute_of_day(hour)
    if plan is None or plan.day != hour.date() or plan.action_at(minute) is not None:
        return False
    if plan.chunk_at(minute) is None:
        return False
    agent.state.plan = ensure_decomposed(
        agent.context(hour),
        plan,
        places=perception.known_places,
        here=perception.address,
        book=agent.state.hour_book,
    )
    return True
