"""Offline reflection: salient questions and insights, concluded by rule from memories.

Every conclusion the memories support (`conclusions`, from `conclusions` and
`event_conclusions`) answers a question: the salient questions are those of the strongest
conclusions of each kind; insights are the conclusions most relevant to a question, each
citing the statements it rests on. Object states never count.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cognition.offline.conclusions import (
    KIND_ORDER,
    KIND_WEIGHT,
    Conclusion,
    habit_conclusions,
    person_conclusions,
    seen_conclusions,
    talk_conclusions,
    trait_conclusions,
)
from cognition.offline.event_conclusions import news_conclusions
from cognition.offline.intentions import intention_conclusions
from cognition.offline.notes import Note, partners, read_notes
from cognition.offline.text import words
from cognition.offline.wording import clean
from cognition.steps.reflect import (
    Insight,
    Insights,
    InsightsInput,
    QuestionsInput,
    SalientQuestions,
)

GENERIC_QUESTIONS = (
    "Who has {a} been spending time with lately?",
    "What is {a} looking forward to?",
    "What has {a} been busy with lately?",
    "What matters most to {a} right now?",
)


def conclusions(agent: str, notes: Sequence[Note], rng: random.Random) -> list[Conclusion]:
    """Everything the notes support, object states aside, each with its evidence."""
    notes = [n for n in notes if n.kind != "object"]
    talks = talk_conclusions(agent, notes, rng)
    return [
        *talks,
        *news_conclusions(agent, notes, rng),
        *intention_conclusions(agent, notes, rng),
        *habit_conclusions(agent, notes, rng),
        *seen_conclusions(agent, notes, rng),
        *trait_conclusions(agent, notes, rng),
        *person_conclusions(agent, notes, rng, set(partners(notes, agent))),
    ]


def salient(found: Sequence[Conclusion]) -> list[Conclusion]:
    """The strongest of each kind first (talks, news, intentions, …), then the runners-up."""
    by_kind: dict[str, list[Conclusion]] = {}
    for conclusion in sorted(found, key=lambda c: -c.strength):
        by_kind.setdefault(conclusion.kind, []).append(conclusion)
    rounds = max((len(v) for v in by_kind.values()), default=0)
    return [
        by_kind[kind][round_]
        for round_ in range(rounds)
        for kind in KIND_ORDER
        if round_ < len(by_kind.get(kind, []))
    ]


def questions(inputs: QuestionsInput, rng: random.Random) -> SalientQuestions:
    """Questions about the people and events that matter in the recent memories: who the
    agent has been talking with, what it heard, what it means to do (never object states)."""
    agent = inputs.agent
    found = salient(conclusions(agent, read_notes(inputs.memories, recalled=inputs.recalled), rng))
    asked = list(dict.fromkeys(c.question for c in found))
    asked += [q.format(a=agent) for q in GENERIC_QUESTIONS if q.format(a=agent) not in asked]
    return SalientQuestions(questions=asked[: inputs.count])


def insights(inputs: InsightsInput, rng: random.Random) -> Insights:
    """For each question in turn, conclusions the numbered statements support, most relevant
    to it first (up to `count`, none drawn twice), each citing the statements behind it;
    never a statement copied, never an object state."""
    agent = inputs.agent
    notes = read_notes(inputs.statements, numbered=True, recalled=inputs.recalled)
    found_all = conclusions(agent, notes, rng)
    statements = {clean(n.text).lower() for n in notes}
    shown_numbers = {n.number for n in notes}
    found: list[Insight] = []
    for question in inputs.questions:
        asked = words(question) - words(agent)

        def score(conclusion: Conclusion, asked: set[str] = asked) -> int:
            relevant = len(asked & words(conclusion.topic))
            return 3 * relevant + KIND_WEIGHT[conclusion.kind] + min(conclusion.strength, 4)

        drawn = 0
        for conclusion in sorted(found_all, key=lambda c: -score(c)):
            text = clean(conclusion.text)
            evidence = [n for n in conclusion.evidence if n in shown_numbers]
            if not evidence or text.lower() in statements or any(i.text == text for i in found):
                continue
            found.append(Insight(text=text, evidence=evidence))
            drawn += 1
            if drawn == inputs.count:
                break
    return Insights(insights=found)
