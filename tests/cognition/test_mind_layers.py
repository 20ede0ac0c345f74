"""The floors inside `cognition` (cognition/README.md, "Inside the package"), checked on the
source text as tests/test_layers.py checks `game`'s rooms: the vocabulary at the bottom, the
model and memory interfaces, the steps, the talker, the agent; the offline brain, the judge
panel and the test fakes beside them, imported by nothing but the package's public surface."""

from __future__ import annotations

import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))

from test_layers import all_imports, module_name, project_files, within  # noqa: E402

MIND = "cognition"

# the world↔mind vocabulary: plain data and pure helpers that any floor above may use
VOCABULARY = ("contract", "plan", "persona", "settings", "phrasing")
# what a thinking step may know of the model and of memory: the interface, never a backend
# (`llm.partial_answers`: a listener for an answer's beginnings, a context variable)
MODEL_INTERFACE = ("llm.task", "llm.schema", "llm.partial_answers")
# the memory's typed fields (`memory.fields`: pure data) and its text forms (`memory.texts`:
# each writer beside its reader) are vocabulary too, and so is what is read from the fields
# alone (`memory.engagements`: pure functions of them)
MEMORY_RECORDS = ("memory.records", "memory.fields", "memory.texts", "memory.engagements")

# module or sub-package of `cognition` -> what inside `cognition` it may import (itself always)
FLOORS: dict[str, tuple[str, ...]] = {
    "listeners": (),
    "at_once": (),  # calls of several minds at once (threads, no mind)
    "environment": (),
    "config": ("environment",),
    "contract": ("memory.fields",),
    "persona": ("memory.fields",),
    "settings": (),
    "phrasing": (),
    "plan": ("contract", "memory.fields"),
    "variants": ("persona", "plan", "settings"),
    "llm": ("config", "listeners", "environment"),
    # the memory's embedder serves the most urgent texts first: the call priority of the
    # thread asking (`llm.priority`: a context variable, no backend)
    "memory": ("listeners", "phrasing", "llm.priority"),
    # a step may ask independent calls at once (`at_once`: threads, no mind)
    "steps": (*VOCABULARY, *MODEL_INTERFACE, *MEMORY_RECORDS, "at_once"),
    "agent_state": ("plan", "steps", *MEMORY_RECORDS),
    # the rating of the waiting observations on a lane of its own, beside other calls
    "rating_aside": ("agent_state", "steps", *MEMORY_RECORDS),
    # when a sleeper's new day is planned: its persona's wake-up hour, yesterday's plan
    "wake_time": (*VOCABULARY, "steps"),
    "group": (*VOCABULARY, *MODEL_INTERFACE, "steps"),
    "talker": (
        *VOCABULARY,
        *MEMORY_RECORDS,
        "steps",
        "agent_state",
        "rating_aside",
        "at_once",
        "group",
    ),
    "ablation": (*MEMORY_RECORDS, "steps"),
    "interviewee": (*VOCABULARY, "steps", "talker", "ablation"),
    "agent": (
        *(VOCABULARY + MODEL_INTERFACE + MEMORY_RECORDS),
        *("steps", "agent_state", "rating_aside", "talker", "variants", "wake_time"),
    ),
    "offline": (*VOCABULARY, *MODEL_INTERFACE, *MEMORY_RECORDS, "steps"),
    "panel": ("persona", *MODEL_INTERFACE, "steps"),
    # the fakes, and a town of minds for tests (`testing.gossip`: the agent, offline brain)
    "testing": (*VOCABULARY, "listeners", "llm", *MEMORY_RECORDS, "steps", "agent", "offline"),
}
# `cognition/__init__.py` is the composition root and the public surface: it may import all


def floor_of(module: str) -> str | None:
    """The floor of a `cognition` module (`cognition.steps.react` -> "steps"); None for the
    package's own `__init__`."""
    inner = module.removeprefix(MIND + ".")
    if module == MIND:
        return None
    return next((f for f in sorted(FLOORS, key=len, reverse=True) if within(inner, (f,))), "")


def mind_imports() -> list[tuple[str, str, str]]:
    """(where, importing floor, imported module inside `cognition`) for every import between
    two floors, counting imports inside functions and for type checkers too."""
    found = []
    for imported in all_imports():
        if not within(imported.module, (MIND,)) or not within(imported.target, (MIND,)):
            continue
        floor = floor_of(imported.module)
        if floor is None or within(imported.target, (f"{MIND}.{floor}",)):
            continue
        found.append((f"{imported.file}:{imported.line}", floor, imported.target))
    return found


def test_every_module_of_the_mind_is_on_a_floor() -> None:
    modules = [module_name(path) for path in project_files()]
    homeless = [m for m in modules if within(m, (MIND,)) and floor_of(m) == ""]
    assert homeless == []


def test_each_floor_imports_only_what_it_may() -> None:
    offenders = [
        f"{where} ({floor}) imports {target}"
        for where, floor, target in mind_imports()
        if target == MIND or not within(target.removeprefix(MIND + "."), FLOORS[floor])
    ]
    assert offenders == []


def test_the_checker_sees_the_floors() -> None:
    """Guard against a checker that silently finds nothing."""
    seen = {(floor, target) for _, floor, target in mind_imports()}
    assert ("steps", "cognition.llm.task") in seen and ("agent", "cognition.talker") in seen
    assert floor_of("cognition.steps.react") == "steps" and floor_of("cognition") is None
    assert floor_of("cognition.agent_state") == "agent_state"  # not the agent's floor
    assert not within("talker", FLOORS["steps"]) and within("llm.task", FLOORS["steps"])
