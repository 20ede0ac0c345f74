"""Offline answers that carry their importance, rated as the importance rule rates a
memory's words (`judgement.rate_one`) — the rating each mind would have asked for in a call
of its own: a pair's talk's end (`conversation_summary`: the summary, the commitments and
the talk's importance to each speaker) and a reflection's insights."""

from __future__ import annotations

import random

from cognition.offline.judgement import rate_one
from cognition.offline.reflection import insights
from cognition.offline.talk_summary import conversation_summary
from cognition.steps.dialogue import SummaryInput, TalkSummary
from cognition.steps.reflect import Insights, InsightsInput


def summary_rated(inputs: SummaryInput, rng: random.Random) -> TalkSummary:
    """The talk's summary with its commitments, and its importance to both speakers."""
    summary = conversation_summary(inputs, rng)
    rating = rate_one(summary.summary)
    return TalkSummary(
        summary=summary.summary,
        commitments=summary.commitments,
        importance_first=rating,
        importance_second=rating,
    )


def insights_rated(inputs: InsightsInput, rng: random.Random) -> Insights:
    """The insights the statements support, each with its importance."""
    drawn = insights(inputs, rng).insights
    return Insights(insights=[i.model_copy(update={"importance": rate_one(i.text)}) for i in drawn])
