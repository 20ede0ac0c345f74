"""Language-model layer: tasks, the OpenAI-compatible backend, and the wrappers around it.

Everything here is re-exported from its module; see README.md for how the stack is composed.
`OpenAIBackend` and `OutputMode` are loaded on first use, because importing `openai` takes
about 0.5 s (measured) and the offline game never needs it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cognition.llm.audit_log import AuditLog
from cognition.llm.breaker import CircuitState, StepBreaker, StepState, TypedFallbacks
from cognition.llm.budget import BudgetCap
from cognition.llm.cache import ResponseCache
from cognition.llm.concurrency import ConcurrencyLimit
from cognition.llm.parsing import UnparseableReply, parse_json_object
from cognition.llm.pool import LaborPool, Lane
from cognition.llm.pool_stack import build_pool
from cognition.llm.priority import CallPriority, call_priority, with_priority
from cognition.llm.profiled_model import ProfiledModel, ProfileFigures
from cognition.llm.profiles import PROFILES, ServerProfile, UnknownProfile, server_profile
from cognition.llm.rate_limit import RateLimit
from cognition.llm.retry import RetryPolicy
from cognition.llm.route_meter import RouteMeter
from cognition.llm.routes import EndpointSettings, PoolSettings, RoutesError, step_of
from cognition.llm.schema import strict_json_schema
from cognition.llm.stack import ModelStack, build_language_model
from cognition.llm.task import (
    BudgetReached,
    Completion,
    LanguageModel,
    Message,
    Source,
    Task,
    Usage,
)
from cognition.llm.tracing import CallTrace, Tracer
from cognition.llm.usage_meter import UsageMeter, UsageSnapshot, UsageTally

if TYPE_CHECKING:
    # lazy: loaded on first use at run time (see `__getattr__`); here for the type checker
    from cognition.llm.openai_backend import OpenAIBackend, OutputMode

__all__ = [
    "PROFILES",
    "AuditLog",
    "BudgetCap",
    "BudgetReached",
    "CallPriority",
    "CallTrace",
    "CircuitState",
    "Completion",
    "ConcurrencyLimit",
    "EndpointSettings",
    "LaborPool",
    "Lane",
    "LanguageModel",
    "Message",
    "ModelStack",
    "OpenAIBackend",
    "OutputMode",
    "PoolSettings",
    "ProfileFigures",
    "ProfiledModel",
    "RateLimit",
    "ResponseCache",
    "RetryPolicy",
    "RouteMeter",
    "RoutesError",
    "ServerProfile",
    "Source",
    "StepBreaker",
    "StepState",
    "Task",
    "Tracer",
    "TypedFallbacks",
    "UnknownProfile",
    "UnparseableReply",
    "Usage",
    "UsageMeter",
    "UsageSnapshot",
    "UsageTally",
    "build_language_model",
    "build_pool",
    "call_priority",
    "parse_json_object",
    "server_profile",
    "step_of",
    "strict_json_schema",
    "with_priority",
]

_LAZY = {"OpenAIBackend", "OutputMode"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        # lazy: importing openai costs about 0.5 s (measured); only a model server needs it
        from cognition.llm import openai_backend

        return getattr(openai_backend, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
