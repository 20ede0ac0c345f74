"""A pair talk's members think their next steps in the talk's own job, as soon as it is kept.

When a talk ends each member decides its next step, and it can only once the talk is in its
memory (the transcript and the summary: the job's last part). Decided on the main thread at
the talk's end, that decision is one more wait for the whole town in lockstep ("decision
due now", `lockstep_waits.py`) right after the wait for the talk's summary. With thinking
ahead on (`simulate --think-ahead`), the talk's job goes on instead: once both minds have
kept the talk, each member walks back to its plan and decides its next step for the moment
the talk ends (`Playback.ends`, known from the lines), from what it perceived as the talk
began — as a step thought ahead is decided from what its resident perceives some minutes
before its moment. The two decide at once (two minds, no shared state). The decisions come
back with the talk (`Conversed.decisions`) and apply as it ends, so a seed gives the same
run however fast the model answers. A member the visitor spoke to during the talk decides
afresh at its end instead, as does one whose decision failed.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextvars import copy_context
from dataclasses import dataclass
from datetime import datetime, timedelta

from cognition import Agent, BudgetReached, Decision, LineHeard, MemoryStoreUnavailable, Perception
from game.bridge.jobs import TalkedAndDecided, at_moment
from game.bridge.stopping import ThinkingStopped

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class AfterTalk:
    """What the members of a pair talk perceived as it began (in member order, the opener
    first), for their next steps, and how long a line shows."""

    perceptions: tuple[Perception, Perception]
    line_minutes: float


def talk_ends(began: datetime, lines: int, line_minutes: float) -> datetime:
    """When a pair talk begun at `began` with `lines` lines has shown its last line (as
    `ConversationDesk.begin` and `Playback.ends` reckon it)."""
    started = began + timedelta(minutes=line_minutes)
    return started + timedelta(minutes=max(1, lines) * line_minutes)


def decide_after(agent: Agent, perception: Perception, ends: datetime) -> Decision | None:
    """`agent`'s next step once its talk is kept: back to its plan, deciding for `ends`
    (dated then); None when it could not (the member decides at the talk's end)."""

    def decide() -> Decision:
        agent.resume_plan()  # after talking, walk back to the plan
        return agent.decide(perception.model_copy(update={"time": ends}))

    try:
        return at_moment(ends, decide)
    except (BudgetReached, MemoryStoreUnavailable, ThinkingStopped) as error:
        log.debug("%s decides after its talk at its end: %s", agent.name, error)
        return None
    except Exception:  # a mind's failure must never end the talk it follows
        log.exception("%s's next step after a talk failed", agent.name)
        return None


def talk_then_decide_job(
    opener: Agent,
    partner: Agent,
    now: datetime,
    after: AfterTalk,
    heard: LineHeard | None = None,
) -> Callable[[], TalkedAndDecided]:
    """The pair's talk (`opener` opening at `now`; `heard` hears each line), then each
    member's next step for the talk's end, the two at once."""

    def think() -> TalkedAndDecided:
        talk = opener.talker.converse_with(partner.talker, now, heard)
        ends = talk_ends(now, len(talk.lines), after.line_minutes)
        minds = zip((opener, partner), after.perceptions, strict=True)
        with ThreadPoolExecutor(max_workers=2, thread_name_prefix="after-talk") as both:
            thinking = [
                both.submit(copy_context().run, decide_after, mind, seen, ends)
                for mind, seen in minds
            ]
            decisions = tuple(done.result() for done in thinking)
        return TalkedAndDecided(talk, decisions)

    return think
