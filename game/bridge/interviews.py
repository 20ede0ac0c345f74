"""`InterviewDesk`: the residents of an opened town, ready for the evaluation's interviews.

    with InterviewDesk.open(recipe, FromSave("end", slots=slots)) as desk:
        said = desk.ask("Maria Lopez", "Do you know Klaus Mueller?", Condition.FULL)
        judged = desk.knows("Maria Lopez", question, said.text, "Klaus Mueller")

The interviews change nothing in the minds (no memory stored, no access time touched), so
they can be repeated under every condition in any order. The same model that drives the
town answers and judges: the offline brain by rule, a server by its model. `usage()` is what
the desk's calls cost so far, from the model stack's meter.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from types import TracebackType
from typing import Any

from cognition import (
    KNOWS,
    Condition,
    JudgePanel,
    KnowsInput,
    PanelCase,
    PanelError,
    PanelStrategy,
    PanelVerdict,
    PersonaAsker,
    Referee,
    Source,
    claims_to_know,
    interviewee,
    load_referees,
    panel_calls_per_case,
)
from game.bridge.build import OpenedTown, TownRecipe
from game.bridge.opening import FromSave, open_town

__all__ = [
    "Answered",
    "Condition",
    "InterviewDesk",
    "Judged",
    "PanelCase",
    "PanelError",
    "PanelStrategy",
    "PanelVerdict",
    "Referee",
    "claims_to_know",
    "load_referees",
    "panel_calls_per_case",
]

INTERVIEWER = PersonaAsker(
    name="The interviewer", description="a researcher interviewing the town's residents"
)


@dataclass(frozen=True)
class Answered:
    text: str


@dataclass(frozen=True)
class Judged:
    knows: bool
    fell_back: bool  # the model's verdict was unusable: the rule in `cognition.steps.knows`


class InterviewDesk:
    """Ask and judge the residents of `opened` at its current game time."""

    def __init__(self, opened: OpenedTown) -> None:
        self.opened = opened
        self.living = opened.living
        self.now: datetime = self.living.clock.now
        self._interviewees: dict[tuple[str, Condition], Any] = {}

    @classmethod
    def open(cls, recipe: TownRecipe, save: FromSave | None = None) -> InterviewDesk:
        """The town of `recipe` built fresh (its start), or the saved town in `save`."""
        return cls(open_town(recipe, save))

    def __enter__(self) -> InterviewDesk:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        self.living.close()

    @property
    def residents(self) -> list[str]:
        return sorted(self.living.minds)

    @property
    def brain(self) -> str:
        """What answers: "offline brain" or the model's name."""
        return self.living.stack.model.label

    @property
    def offline(self) -> bool:
        return self.living.stack.settings.base_url is None

    def persona(self, name: str) -> dict[str, Any]:
        """The resident's persona as plain data (for ground truth)."""
        return self.living.minds[name].persona.model_dump(mode="json")

    def plan(self, name: str) -> list[dict[str, Any]]:
        """The resident's latest day plan, hour chunks: day, start and end minute, what."""
        plan = self.living.minds[name].state.plan
        if plan is None:
            return []
        return [
            {"day": plan.day.isoformat(), "start": s.start, "end": s.end, "what": s.activity}
            for s in plan.hourly
        ]

    def memory_texts(self, name: str) -> list[str]:
        """Every memory the resident has now (its persona's seeded), oldest first."""
        mind = self.living.minds[name]
        mind.seed(self.now)
        mind.flush()
        return [record.text for record in mind.memory.all()]

    def ask(self, name: str, question: str, condition: Condition = Condition.FULL) -> Answered:
        """`name`'s answer to the interviewer under `condition` (nothing remembered)."""
        key = (name, condition)
        asked = self._interviewees.get(key)
        if asked is None:
            asked = interviewee(self.living.minds[name], self.now, condition)
            self._interviewees[key] = asked
        return Answered(asked.answer(question, INTERVIEWER))

    def knows(self, name: str, question: str, answer: str, subject: str) -> Judged:
        """Whether `answer` claims that `name` knows `subject` (judged by the town's model)."""
        inputs = KnowsInput(agent=name, question=question, answer=answer, subject=subject)
        completion = self.living.stack.model.complete(KNOWS, inputs, agent=name)
        fell_back = completion.source is Source.FALLBACK or completion.error is not None
        return Judged(completion.output.knows, fell_back)

    def panel(
        self, referees: Sequence[Referee], strategy: PanelStrategy, rounds: int
    ) -> JudgePanel:
        """A judge panel on the town's model."""
        return JudgePanel(self.living.stack.model, referees, strategy, rounds)

    def usage(self) -> dict[str, int]:
        """Model calls, tokens and fallbacks through this town's model so far."""
        total = self.living.stack.meter.snapshot().total
        return {"calls": total.calls, "tokens": total.total_tokens, "fallbacks": total.fallbacks}
