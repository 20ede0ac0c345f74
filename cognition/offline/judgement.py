"""Offline judgement: importance, reflection, summaries, emoji and object states."""

from __future__ import annotations

import random
import re
from collections import Counter

from cognition.offline.tables import EMOJI, IMPORTANCE, OBJECT_STATES
from cognition.offline.text import first_match, has_word, overlap, strip_stamp, words
from cognition.steps.emoji import ActionEmoji, EmojiInput
from cognition.steps.importance import NEUTRAL, ImportanceInput, ImportanceRatings
from cognition.steps.referee import (
    DebateSummary,
    DebateSummaryInput,
    RefereeInput,
    RefereeStatement,
    first_sentences,
)
from cognition.steps.reflect import (
    Insight,
    Insights,
    InsightsInput,
    QuestionsInput,
    SalientQuestions,
)
from cognition.steps.summary import SummaryDescription, SummaryInput

FULL_NAME = re.compile(r"\b([A-Z][a-z]+ [A-Z][a-z]+)\b")
MOODS = ("hopeful", "content", "a little restless", "energised", "thoughtful")


def rate_one(memory: str) -> int:
    lowered = memory.lower()
    return next((r for keys, r in IMPORTANCE if any(k in lowered for k in keys)), NEUTRAL)


def rate(inputs: ImportanceInput, rng: random.Random) -> ImportanceRatings:
    return ImportanceRatings(ratings=[rate_one(line) for line in inputs.memories])


def people_in(lines: list[str], agent: str) -> list[str]:
    """Full names mentioned in `lines`, most mentioned first (not the agent)."""
    counts = Counter(n for line in lines for n in FULL_NAME.findall(line) if n != agent)
    return [name for name, _ in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))]


def questions(inputs: QuestionsInput, rng: random.Random) -> SalientQuestions:
    asked = [
        f"What does {inputs.agent} know about {p}?"
        for p in people_in(inputs.memories, inputs.agent)
    ]
    asked += [
        f"What has {inputs.agent} been busy with lately?",
        f"What matters most to {inputs.agent} right now?",
    ]
    return SalientQuestions(questions=asked[: inputs.count])


def insights(inputs: InsightsInput, rng: random.Random) -> Insights:
    """Extractive insights: the statements most related to the question, each cited."""
    numbered = []
    for line in inputs.statements:
        label, _, text = line.partition(". ")
        if label.isdigit():
            numbered.append((int(label), strip_stamp(text)))
    ranked = sorted(numbered, key=lambda pair: (-overlap(inputs.question, pair[1]), pair[0]))
    found = []
    for number, text in ranked[: inputs.count]:
        related = [n for n, other in numbered if n != number and overlap(text, other) >= 2][:2]
        claim = text.rstrip(".").removeprefix(f"{inputs.agent} has noted that ")
        found.append(
            Insight(text=f"{inputs.agent} has noted that {claim}", evidence=[number, *related])
        )
    return Insights(insights=found)


def summary(inputs: SummaryInput, rng: random.Random) -> SummaryDescription:
    latest = [strip_stamp(line) for line in inputs.progress_memories[-1:]]
    feeling = f"{inputs.agent} feels {rng.choice(MOODS)} about how things are going"
    return SummaryDescription(
        core_characteristics=next(
            (strip_stamp(line) for line in inputs.core_memories), inputs.identity
        ),
        occupation=f"{inputs.learned} {inputs.currently}",
        feeling=feeling + (f"; lately: {latest[0]}" if latest else "."),
    )


def emoji_for(activity: str) -> str:
    lowered = activity.lower()
    found = [e for keys, e in EMOJI if any(has_word(lowered, k) for k in keys)]
    return "".join(dict.fromkeys(found[:2])) or "🙂"


def emoji(inputs: EmojiInput, rng: random.Random) -> ActionEmoji:
    return ActionEmoji(emoji=emoji_for(inputs.activity))


def object_state(agent: str, activity: str) -> str:
    return first_match(activity, OBJECT_STATES) or f"in use by {agent}"


def referee(inputs: RefereeInput, rng: random.Random) -> RefereeStatement:
    """By rule, the more specific answer: more of its words are about the question's
    subject or name things (a crude stand-in for a referee; the evaluation skips the panel
    on the offline brain)."""
    details = [
        len(words(answer) - words(inputs.question)) for answer in (inputs.answer_a, inputs.answer_b)
    ]
    if details[0] == details[1]:
        return RefereeStatement(reasoning="Both answers are about as specific.", verdict="tie")
    better = "A" if details[0] > details[1] else "B"
    return RefereeStatement(
        reasoning=f"Answer {better} is more specific "
        f"({max(details)} details against {min(details)}).",
        verdict=better,
    )


def debate_summary(inputs: DebateSummaryInput, rng: random.Random) -> DebateSummary:
    return first_sentences(inputs)
