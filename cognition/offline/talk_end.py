"""The offline brain's end of a pair's talk: the summary (`talk_summary`) and how poignant
the talk is to each of the two, rated as the importance rule rates the summary's words
(`judgement.rate_one`) — the rating each mind would have asked for in a call of its own."""

from __future__ import annotations

import random

from cognition.offline.judgement import rate_one
from cognition.offline.talk_summary import conversation_summary
from cognition.steps.dialogue import SummaryInput, TalkSummary


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
