"""Object state: what an object in use looks like ("brewing coffee"); idle again after."""

from __future__ import annotations

from pydantic import BaseModel, Field

from cognition.llm.task import LanguageModel, Task
from cognition.steps.common import ask


class ObjectStateInput(BaseModel):
    agent: str
    activity: str
    object: str


class ObjectState(BaseModel):
    state: str = Field(description='short state of the object, e.g. "brewing coffee"')


def in_use(inputs: ObjectStateInput) -> ObjectState:
    return ObjectState(state=f"in use by {inputs.agent}")


OBJECT_STATE = Task(
    name="object_state",
    template="object_state.txt",
    input_model=ObjectStateInput,
    output_model=ObjectState,
    fallback=in_use,
)


def object_state(model: LanguageModel, agent: str, activity: str, thing: str) -> str:
    """The state of `thing` while `agent` does `activity` with it."""
    inputs = ObjectStateInput(agent=agent, activity=activity, object=thing)
    state = ask(model, OBJECT_STATE, inputs, agent).state.strip()
    return state or in_use(inputs).state
