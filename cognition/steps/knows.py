"""Knows: does an interview answer claim to know a person or a piece of news?

The paper measured diffusion and relationships by asking residents ("Did you know there is
a Valentine's Day party?", "Do you know Maria Lopez?") and judging the answers. A model
judges when one drives the town — except an answer that denies knowing, which is no claim
and is not asked about (Gemma 270M judged "I can't find the words" as knowing); the offline
brain, and the fallback when a model answers with junk, use the rule `claims_to_know`:
no denial ("I'm not sure", "never heard"…) and the subject named — one word of a short
subject (a first or last name), two of a longer one (a news item).

The strict judge: a news item comes with its facts (`facts`, in words for the model's
rubric; `fact_phrases`, one list of alternative phrases per fact for the rule — who, what,
and where or when, from the scenario's truth). Then knowing it means carrying every fact: the
rule wants a phrase of each list in the answer (whole words, ignoring case, a plural "s"
may follow), the model is told the facts and that a confident answer about something else
is no knowing.
"""

from __future__ import annotations

import re

from pydantic import BaseModel

from cognition.llm.task import Task

__all__ = [
    "KNOWS",
    "KnowsInput",
    "KnowsVerdict",
    "carries_facts",
    "claims_to_know",
    "denies",
    "judge_by_rule",
]

DENIALS = (
    "not sure",
    "don't know",
    "do not know",
    "don't remember",
    "do not remember",
    "can't remember",
    "cannot remember",
    "never heard",
    "haven't heard",
    "have not heard",
    "no idea",
    "not aware",
    "can't find the words",
    "can't say",
    "doesn't ring a bell",
    "don't recall",
    "do not recall",
)
_WORD = re.compile(r"[a-z0-9]+")
_COMMON_TEXT = (
    "a an the and or of to in on at is are was were be for with by it its this that as from "
    "about there their his her she he they you your who what when where whom which will day "
    "from "
)
_COMMON = frozenset(_COMMON_TEXT.split())


class KnowsInput(BaseModel):
    agent: str
    question: str
    answer: str
    subject: str  # the person ("Maria Lopez") or the news item asked about
    # the facts an answer must carry to know it, in words ("who: Isabella Rodriguez; what: …");
    # empty: none given (a person), the subject named is enough
    facts: str = ""
    # the same facts for the rule: per fact, the phrases that show it (any one will do)
    fact_phrases: list[list[str]] = []


class KnowsVerdict(BaseModel):
    knows: bool


def _subject_words(subject: str) -> set[str]:
    found = {w for w in _WORD.findall(subject.lower()) if len(w) > 2 and w not in _COMMON}
    return {w[:-1] if w.endswith("s") and len(w) > 4 else w for w in found}


def denies(answer: str) -> bool:
    """The answer says it does not know (or is the interview's fallback, "I can't find the
    words"): no claim, whatever a judge would say."""
    text = answer.lower().replace("’", "'")
    return any(denial in text for denial in DENIALS)


def claims_to_know(answer: str, subject: str) -> bool:
    """The rule: the answer denies nothing and names the subject."""
    if denies(answer):
        return False
    text = answer.lower().replace("’", "'")
    said = {w[:-1] if w.endswith("s") and len(w) > 4 else w for w in _WORD.findall(text)}
    wanted = _subject_words(subject)
    if not wanted:
        return False
    needed = 1 if len(wanted) <= 2 else 2
    return len(wanted & said) >= needed


def carries_facts(answer: str, fact_phrases: list[list[str]]) -> bool:
    """Every fact shown in `answer`: a phrase of each list, as a whole word or words."""
    return all(
        any(_phrase_pattern(phrase).search(answer) for phrase in phrases if phrase.strip())
        for phrases in fact_phrases
    )


def _phrase_pattern(phrase: str) -> re.Pattern[str]:
    words = r"\s+".join(re.escape(word) for word in phrase.split())
    return re.compile(rf"(?<!\w){words}s?(?!\w)", re.IGNORECASE)


def judge_by_rule(inputs: KnowsInput) -> KnowsVerdict:
    """No denial and the subject named; with facts, every fact carried too."""
    if inputs.fact_phrases:
        knows = not denies(inputs.answer) and carries_facts(inputs.answer, inputs.fact_phrases)
        return KnowsVerdict(knows=knows)
    return KnowsVerdict(knows=claims_to_know(inputs.answer, inputs.subject))


KNOWS = Task(
    name="knows",
    template="knows.txt",
    input_model=KnowsInput,
    output_model=KnowsVerdict,
    fallback=judge_by_rule,
    max_tokens=60,
)
