"""Refereeing: one referee's statement on two interview answers, and a debate's summary.

The judge panel (`cognition.panel`) asks each referee which of two answers of a resident to
the same interview question is the more believable, showing the discussion so far (after
ChatEval, Chan et al. 2023); between rounds a summarizer may condense the debate.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator

from cognition.llm.task import Task

VERDICTS = ("A", "B", "tie")


def verdict_word(value: Any) -> Any:
    """ "a", " B ", "TIE" read as the verdicts they spell; anything else is left to fail."""
    if isinstance(value, str):
        spelled = {v.lower(): v for v in VERDICTS}.get(value.strip().lower())
        return spelled or value
    return value


class RefereeInput(BaseModel):
    referee: str
    role: str
    resident: str
    about_resident: str
    question: str
    answer_a: str
    answer_b: str
    discussion: list[str]  # the other referees' statements so far, "Name: … (verdict: A)"


class RefereeStatement(BaseModel):
    reasoning: str
    verdict: Annotated[Literal["A", "B", "tie"], BeforeValidator(verdict_word)]


def abstain(inputs: RefereeInput) -> RefereeStatement:
    return RefereeStatement(reasoning="", verdict="tie")


REFEREE = Task(
    name="referee",
    template="referee.txt",
    input_model=RefereeInput,
    output_model=RefereeStatement,
    fallback=abstain,
    max_tokens=300,
)


class DebateSummaryInput(BaseModel):
    question: str
    statements: list[str]  # this round's statements
    previous: str  # the summary of the earlier rounds; "" after the first


class DebateSummary(BaseModel):
    summary: str


_FIRST_SENTENCE = re.compile(r"^(.*?[.!?])(?:\s|$)", re.DOTALL)
_VERDICT_TAIL = re.compile(r"\s*\(verdict: [^)]*\)\s*$")


def first_sentence(statement: str) -> str:
    """The statement's first sentence, keeping its "(verdict: …)" ending when it had one."""
    text = statement.strip()
    tail = _VERDICT_TAIL.search(text)
    body = text[: tail.start()] if tail else text
    found = _FIRST_SENTENCE.match(body)
    sentence = found.group(1) if found else body
    return f"{sentence.strip()} {tail.group().strip()}" if tail else sentence.strip()


def first_sentences(inputs: DebateSummaryInput) -> DebateSummary:
    parts = [inputs.previous.strip()] if inputs.previous.strip() else []
    parts += [first_sentence(s) for s in inputs.statements if s.strip()]
    return DebateSummary(summary=" ".join(parts))


SUMMARIZE_DEBATE = Task(
    name="debate_summary",
    template="debate_summary.txt",
    input_model=DebateSummaryInput,
    output_model=DebateSummary,
    fallback=first_sentences,
    max_tokens=350,
)
