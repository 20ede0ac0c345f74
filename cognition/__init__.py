"""cognition: one resident's mind after Park et al. (2023) — perceive, retrieve, plan, react,
reflect — against a memory stream, through a language model (or the offline brain).

The public surface is re-exported here (`__all__`); everything else lives in its module
(see README.md). Importing `cognition` loads pydantic and numpy but none of the heavy
libraries: chromadb loads with the first `MemoryStore` (or in a child process: `in_child`),
onnxruntime and tokenizers with the first `LocalMiniLM` embedding, and openai with the first
OpenAI-compatible backend or `test_connection` (the two names below that are loaded on first
use).

Internal modules import from the defining module (`from cognition.contract import
Perception`), never from this package, so this file can import them all without a cycle.
"""

import importlib as _importlib
import typing as _typing

from cognition.ablation import Condition, WithheldMemory
from cognition.agent import Agent
from cognition.agent_state import AgentState
from cognition.config import ConfigError, LLMSettings, is_local_url, redact_url
from cognition.contract import (
    Address,
    Asker,
    ChangeObjectState,
    Conversation,
    ConversationLine,
    Decision,
    GoTo,
    InnerVoice,
    KnownArena,
    KnownPlaces,
    KnownSector,
    LineHeard,
    Perception,
    PersonaAsker,
    SayLine,
    SeenAgent,
    SeenObject,
    StartConversation,
    Utterance,
    VisitorAsker,
    Wait,
)
from cognition.environment import ModelEnvironment, read_environment
from cognition.group import GroupRules, GroupStrategy, Human, InputMode
from cognition.interviewee import Interviewee, interviewee
from cognition.llm.brain import BrainSpec, LaneCheck, build_brain, check_lanes
from cognition.llm.breaker import StepBreaker, StepState
from cognition.llm.pool import LaborPool
from cognition.llm.pool_stack import build_pool, lane_settings
from cognition.llm.priority import CallPriority, next_order, with_priority
from cognition.llm.profiled_model import ProfiledModel, ProfileFigures
from cognition.llm.profiles import PROFILES, ServerProfile, UnknownProfile, server_profile
from cognition.llm.retry import RetryPolicy, no_sleep
from cognition.llm.routes import (
    PRESETS,
    SMALL_STEPS,
    STEPS,
    EndpointSettings,
    PoolSettings,
    RoutesError,
    read_routes_file,
    step_of,
)
from cognition.llm.stack import ModelStack, build_language_model
from cognition.llm.task import (
    BudgetReached,
    Completion,
    InputT,
    LanguageModel,
    OutputT,
    Source,
    Task,
    Usage,
)
from cognition.llm.tracing import CallTrace, Tracer
from cognition.memory.chroma_child import (
    ChromaChildError,
    ChromaChildGone,
    end_memory_children,
)
from cognition.memory.coalescing import CoalescingEmbedder
from cognition.memory.collection import StoredRecord
from cognition.memory.embedding_cache import CachedEmbedder
from cognition.memory.embeddings import Embedder, LocalMiniLM
from cognition.memory.fakes import HashingEmbedder
from cognition.memory.fields import MemoryFields, News
from cognition.memory.records import MemoryKind, MemoryRecord, NewMemory
from cognition.memory.server import (
    ChromaAddress,
    MemoryServer,
    MemoryServerProblem,
    MemoryStoreUnavailable,
    check_server,
    drop_database,
    parse_chroma_url,
)
from cognition.memory.store import MemoryStore
from cognition.memory.stream import MemoryStream
from cognition.offline.brain import OfflineBrain
from cognition.panel.debate import (
    JudgePanel,
    PanelCase,
    PanelJudging,
    PanelStrategy,
    PanelVerdict,
    panel_calls_per_case,
)
from cognition.panel.referees import PanelError, Referee, load_referees, same_role
from cognition.persona import (
    Persona,
    PersonaFileError,
    Routine,
    field_location,
    load_personas,
    with_pronouns,
)
from cognition.phrasing import doing_phrase, listed, progressive
from cognition.plan import DAY_MINUTES, DayPlan, PlanStep, minute_of_day
from cognition.settings import MindSettings
from cognition.steps.common import MemoryStreamLike
from cognition.steps.context import StepContext
from cognition.steps.dialogue import Commitment
from cognition.steps.group_line import heard as read_group_line
from cognition.steps.group_line import said as group_line_text
from cognition.steps.knows import KNOWS, KnowsInput, KnowsVerdict, claims_to_know, denies
from cognition.talker import Talker
from cognition.variants import Variant, routine_plan

if _typing.TYPE_CHECKING:
    # lazy: loaded on first use at run time (see `__getattr__`); here for the type checker
    from cognition.llm.probe import ConnectionReport, test_connection

__all__ = [
    "DAY_MINUTES",
    "KNOWS",
    "PRESETS",
    "PROFILES",
    "SMALL_STEPS",
    "STEPS",
    "Address",
    "Agent",
    "AgentState",
    "Asker",
    "BrainSpec",
    "BudgetReached",
    "CachedEmbedder",
    "CallPriority",
    "CallTrace",
    "ChangeObjectState",
    "ChromaAddress",
    "ChromaChildError",
    "ChromaChildGone",
    "CoalescingEmbedder",
    "Commitment",
    "Completion",
    "Condition",
    "ConfigError",
    "ConnectionReport",
    "Conversation",
    "ConversationLine",
    "DayPlan",
    "Decision",
    "Embedder",
    "EndpointSettings",
    "GoTo",
    "GroupRules",
    "GroupStrategy",
    "HashingEmbedder",
    "Human",
    "InnerVoice",
    "InputMode",
    "InputT",
    "Interviewee",
    "JudgePanel",
    "KnownArena",
    "KnownPlaces",
    "KnownSector",
    "KnowsInput",
    "KnowsVerdict",
    "LLMSettings",
    "LaborPool",
    "LaneCheck",
    "LanguageModel",
    "LineHeard",
    "LocalMiniLM",
    "MemoryFields",
    "MemoryKind",
    "MemoryRecord",
    "MemoryServer",
    "MemoryServerProblem",
    "MemoryStore",
    "MemoryStoreUnavailable",
    "MemoryStream",
    "MemoryStreamLike",
    "MindSettings",
    "ModelEnvironment",
    "ModelStack",
    "NewMemory",
    "News",
    "OfflineBrain",
    "OutputT",
    "PanelCase",
    "PanelError",
    "PanelJudging",
    "PanelStrategy",
    "PanelVerdict",
    "Perception",
    "Persona",
    "PersonaAsker",
    "PersonaFileError",
    "PlanStep",
    "PoolSettings",
    "ProfileFigures",
    "ProfiledModel",
    "Referee",
    "RetryPolicy",
    "RoutesError",
    "Routine",
    "SayLine",
    "SeenAgent",
    "SeenObject",
    "ServerProfile",
    "Source",
    "StartConversation",
    "StepBreaker",
    "StepContext",
    "StepState",
    "StoredRecord",
    "Talker",
    "Task",
    "Tracer",
    "UnknownProfile",
    "Usage",
    "Utterance",
    "Variant",
    "VisitorAsker",
    "Wait",
    "WithheldMemory",
    "build_brain",
    "build_language_model",
    "build_pool",
    "check_lanes",
    "check_server",
    "claims_to_know",
    "denies",
    "doing_phrase",
    "drop_database",
    "end_memory_children",
    "field_location",
    "group_line_text",
    "interviewee",
    "is_local_url",
    "lane_settings",
    "listed",
    "load_personas",
    "load_referees",
    "minute_of_day",
    "next_order",
    "no_sleep",
    "panel_calls_per_case",
    "parse_chroma_url",
    "progressive",
    "read_environment",
    "read_group_line",
    "read_routes_file",
    "redact_url",
    "routine_plan",
    "same_role",
    "server_profile",
    "step_of",
    "test_connection",
    "with_priority",
    "with_pronouns",
]

# name → defining module, for the names loaded on first use
_LAZY = {
    "ConnectionReport": "cognition.llm.probe",
    "test_connection": "cognition.llm.probe",
}


def __getattr__(name: str) -> object:
    """The lazily loaded names: `cognition.llm.probe` imports openai, which costs about
    0.5 s (measured, on top of what `import cognition` loads) and which the offline game never
    needs."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(_importlib.import_module(module), name)
    globals()[name] = value  # later look-ups find it without coming here
    return value
