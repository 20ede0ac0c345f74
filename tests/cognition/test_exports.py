"""`cognition` re-exports its public surface: exactly `__all__`, every name resolving, and
importing it loads none of the heavy libraries."""

from __future__ import annotations

import json
import subprocess
import sys
from types import ModuleType

import pytest

import cognition

# defined in a module that imports openai, so loaded on first use (`cognition.__getattr__`)
LOADED_ON_FIRST_USE = {"ConnectionReport", "test_connection"}
HEAVY = ("chromadb", "onnxruntime", "tokenizers", "openai")


def public_names() -> set[str]:
    """The names `cognition` holds that do not start with "_", its submodules aside."""
    return {
        name
        for name, value in vars(cognition).items()
        if not name.startswith("_") and not isinstance(value, ModuleType)
    }


def test_the_public_names_are_exactly_all() -> None:
    assert len(cognition.__all__) == len(set(cognition.__all__))
    assert public_names() | LOADED_ON_FIRST_USE == set(cognition.__all__)


def test_every_name_in_all_resolves() -> None:
    for name in cognition.__all__:
        assert getattr(cognition, name) is not None, name


def test_the_names_come_from_their_defining_modules() -> None:
    assert cognition.Agent is sys.modules["cognition.agent"].Agent
    assert cognition.Talker is sys.modules["cognition.talker"].Talker
    assert cognition.StepContext is sys.modules["cognition.steps.context"].StepContext
    assert cognition.Perception is sys.modules["cognition.contract"].Perception


def test_testing_helpers_are_not_exported() -> None:
    for name in cognition.__all__:
        module = getattr(getattr(cognition, name), "__module__", None) or ""
        assert not module.startswith("cognition.testing"), name


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="NoSuchThing"):
        cognition.NoSuchThing  # noqa: B018


def test_importing_cognition_loads_no_heavy_library() -> None:
    script = (
        "import json, sys, cognition\n"
        f"print(json.dumps([m for m in {HEAVY!r} if m in sys.modules]))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=60
    )
    assert json.loads(done.stdout) == []
