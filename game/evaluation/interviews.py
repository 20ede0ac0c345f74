"""The interviews: what residents say they know, and the controlled evaluation's questions.

- `knowledge_interview(desk, scenario, moment)` — the paper's way of measuring diffusion and
  relationships: every resident asked each news item's question and "Do you know X?" about
  every other resident; each answer judged (does it claim to know?) by the town's model, and
  checked against the memory stream: a claim with no memory record behind it is a
  hallucination. Which news items a resident's memories carry is read from their typed
  fields, and from their words only where the fields are unknown (`knowing.py`'s rule,
  `held_memories`). The judge is strict about news: knowing an item means the answer carries
  its facts (who, what, and where or when: `facts.py`), and a confident answer about
  something else is a hallucination too (`off_subject`).
- `controlled_interview(desk, files, scenario, conditions, seed)` — every resident asked the
  question files' questions under each condition, each answer scored against ground truth
  where there is one (`game.evaluation.truth`).

Residents are interviewed in parallel (one worker each at a time); the answers come back in
a fixed order, so a run is deterministic for its seed. `tick()` is called once per answer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from datetime import date
from typing import Any, TypeVar

from game.bridge import InterviewDesk, claims_knowledge
from game.evaluation.facts import item_facts
from game.evaluation.knowing import Judge, states_news
from game.evaluation.questions import QuestionFile, others_for, questions_for
from game.evaluation.scenario import Scenario
from game.evaluation.truth import Recalled, TruthContext, score

__all__ = [
    "RELATIONSHIP_QUESTION",
    "ControlledAnswer",
    "HeldMemories",
    "KnowledgeAnswer",
    "controlled_interview",
    "held_memories",
    "knowledge_interview",
]

RELATIONSHIP_QUESTION = "Do you know {name}?"
Tick = Callable[[], None]
T = TypeVar("T")


@dataclass(frozen=True)
class KnowledgeAnswer:
    """One "do you know …?" answer: about a person (`kind` "person", `about` the name) or a
    news item (`kind` "news", `about` the item's id)."""

    moment: str  # "start" or "end"
    resident: str
    kind: str
    about: str
    question: str
    answer: str
    knows: bool  # the judge's verdict: the answer claims to know (news: carries its facts)
    judge_fell_back: bool  # the model's verdict was unusable; the rule decided
    backed: bool  # a memory record mentions the person / carries the item
    # news: a confident answer (no denial) about something else — neither knowing the item
    # nor carrying it ("Yes, I know that Maria is working on a photography project")
    off_subject: bool = False
    # news: the answer carries the item (its `carried_by`), all facts or not
    carried: bool = False

    @property
    def partial(self) -> bool:
        """About the item but short of its facts ("a party at the cafe", no who): not
        knowing, and no hallucination either."""
        return self.kind == "news" and self.carried and not self.knows

    @property
    def unbacked(self) -> bool:
        """Claims to know with no memory record behind it (the paper's hallucination)."""
        return self.knows and not self.backed

    @property
    def hallucinated(self) -> bool:
        """Unbacked, or a confident answer about something else."""
        return self.unbacked or self.off_subject

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class ControlledAnswer:
    resident: str
    condition: str
    category: str
    question_id: str
    question: str
    answer: str
    correct: bool | None  # None: no ground truth for this question

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class HeldMemories:
    """What one resident's memory holds at the interview: every memory (its words and the
    people its fields name), and the ids of the news items its memories carry."""

    memories: list[Recalled]
    carried: frozenset[str]

    @property
    def texts(self) -> list[str]:
        return [memory.text for memory in self.memories]

    def of(self, person: str) -> bool:
        """Whether one of the memories is of `person` (`Recalled.names`)."""
        return any(memory.names(person) for memory in self.memories)


def held_memories(desk: InterviewDesk, scenario: Scenario) -> dict[str, HeldMemories]:
    """Per resident, its memories (with the people their fields name) and the news they
    carry — by their typed fields, by their words where the fields are unknown
    (`knowing.Judge`); fields naming no item mean no news only when the town's talk states
    news as data (`knowing.states_news`)."""
    facts = {name: desk.memory_facts(name) for name in desk.residents}
    judge = Judge(scenario.news, states_news(m for found in facts.values() for m in found))
    return {
        name: HeldMemories(
            [Recalled(memory.text, memory.people) for memory in found],
            judge.carried_by_any(found),
        )
        for name, found in facts.items()
    }


def _in_parallel(residents: Sequence[str], work: Callable[[str], T], workers: int) -> list[T]:
    with ThreadPoolExecutor(max_workers=max(1, min(workers, len(residents)))) as pool:
        return list(pool.map(work, residents))


def knowledge_interview(
    desk: InterviewDesk, scenario: Scenario, moment: str, tick: Tick, workers: int = 8
) -> list[KnowledgeAnswer]:
    """Every resident asked about every news item and every other resident."""
    residents = desk.residents
    held = held_memories(desk, scenario)

    def one(name: str) -> list[KnowledgeAnswer]:
        found: list[KnowledgeAnswer] = []
        asks = [("news", item.id, item.question, item.text) for item in scenario.news]
        asks += [
            ("person", other, RELATIONSHIP_QUESTION.format(name=other), other)
            for other in residents
            if other != name
        ]
        for kind, about, question, subject in asks:
            said = desk.ask(name, question).text
            if kind == "news":
                item = scenario.item(about)
                facts = item_facts(item, desk.now, name)
                judged = desk.knows(name, question, said, subject, facts.text, facts.phrases)
                backed = item.id in held[name].carried
                carried = item.carried_in(said)
                # confident (no denial), not knowing, and not about the item at all
                off_subject = not judged.denied and not judged.knows and not carried
            else:
                judged = desk.knows(name, question, said, subject, _person_facts(about, name))
                backed = held[name].of(about)
                carried, off_subject = judged.knows, False
            found.append(
                KnowledgeAnswer(
                    moment, name, kind, about, question, said, judged.knows, judged.fell_back,
                    backed, off_subject, carried,
                )
            )  # fmt: skip
            tick()
        return found

    return [answer for group in _in_parallel(residents, one, workers) for answer in group]


def _person_facts(person: str, asked: str) -> str:
    return f"who: {person}, named as someone {asked} knows"


def knowledge_interview_size(residents: int, items: int) -> int:
    """How many answers `knowledge_interview` gathers."""
    return residents * (items + residents - 1)


def controlled_interview(
    desk: InterviewDesk,
    files: list[QuestionFile],
    scenario: Scenario,
    conditions: Sequence[str],
    seed: int,
    tick: Tick,
    workers: int = 8,
) -> tuple[list[ControlledAnswer], dict[str, list[str]]]:
    """Every resident asked every question under every condition, scored; and per resident
    the questions that could not be asked (too few others, no plan yet)."""
    residents = desk.residents
    personas = {name: desk.persona(name) for name in residents}
    held = held_memories(desk, scenario)

    def one(name: str) -> tuple[list[ControlledAnswer], list[str]]:
        plan = desk.plan(name)
        plan_day = _day_name(plan[0]["day"]) if plan else None
        others = others_for(name, personas[name], residents, seed)
        asked, skipped = questions_for(files, others, scenario, plan_day)
        truth = TruthContext(
            name, personas, plan, held[name].memories, scenario, claims_knowledge,
            held[name].carried,
        )  # fmt: skip
        found: list[ControlledAnswer] = []
        for condition in conditions:
            for question in asked:
                said = desk.ask(name, question.text, condition).text
                found.append(
                    ControlledAnswer(
                        name,
                        condition,
                        question.category,
                        question.id,
                        question.text,
                        said,
                        score(question, said, truth),
                    )
                )
                tick()
        return found, skipped

    results = _in_parallel(residents, one, workers)
    answers = [answer for found, _ in results for answer in found]
    skipped = {name: missed for name, (_, missed) in zip(residents, results, strict=True) if missed}
    return answers, skipped


def _day_name(iso_day: str) -> str:
    day = date.fromisoformat(iso_day)
    return f"{day:%A}, {day:%B} {day.day}"
