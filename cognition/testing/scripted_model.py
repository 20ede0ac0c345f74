"""A scripted `LanguageModel` for tests: answers chosen per task name, every call recorded.

A script entry is a list of answers used in turn (the last one repeats), each either an
output-model instance, a dict validated into the task's output model, or a function of the
inputs. Tasks without a script go to `fallback_model` when given, else the task's fallback.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from cognition.llm.task import Completion, InputT, LanguageModel, OutputT, Source, Task

Answer = BaseModel | Mapping[str, Any] | Callable[[Any], Any]


@dataclass
class Call:
    task: str
    inputs: BaseModel
    agent: str


@dataclass
class ScriptedModel:
    script: dict[str, Sequence[Answer]] = field(default_factory=dict)
    fallback_model: LanguageModel | None = None
    calls: list[Call] = field(default_factory=list)
    _used: dict[str, int] = field(default_factory=dict)

    @property
    def label(self) -> str:
        return "scripted test model"

    def complete(
        self, task: Task[InputT, OutputT], inputs: InputT, *, agent: str
    ) -> Completion[OutputT]:
        self.calls.append(Call(task.name, inputs, agent))
        answers = self.script.get(task.name)
        if not answers:
            if self.fallback_model is not None:
                return self.fallback_model.complete(task, inputs, agent=agent)
            return Completion(task.fallback(inputs), Source.FALLBACK, error="not scripted")
        index = self._used.get(task.name, 0)
        self._used[task.name] = index + 1
        answer: Any = answers[min(index, len(answers) - 1)]
        if callable(answer) and not isinstance(answer, BaseModel):
            answer = answer(inputs)
        output = task.output_model.model_validate(
            answer.model_dump() if isinstance(answer, BaseModel) else answer
        )
        return Completion(output, Source.MODEL)

    def count(self, task_name: str) -> int:
        return sum(1 for call in self.calls if call.task == task_name)
