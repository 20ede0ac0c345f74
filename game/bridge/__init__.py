"""The bridge: the only place where the world (`game.world`, `game.town`) meets the minds
(`cognition`). Everything above it — the running game (`game.play`) and the commands
(`game.commands`) — imports from here, never from `cognition` (tests/test_layers.py).

The surface, by job:

- opening a town: `open_town(recipe_for(town, ...), FromSave(slot) | None)` → `OpenedTown`
  (`build_town` and `load_saved_town` are its two one-way steps; `LivingTown` is what runs);
- running it headless: `LockstepRunner`, `simulate(SimulationOptions(...))`, `TownRecorder`,
  `run_report`, `day_problems`;
- saving: `save_town`, `snapshot`, `town_settings`, `TownAutosaver` (saves from the window);
- recording the run's history (`game.records`): `RunRecording`;
- the evaluation's interviews and judge panel: `InterviewDesk` (ask under one of `CONDITIONS`,
  judge "does this answer claim to know?", a `Panel`), `read_referees`;
- the player's controls on the minds: `PlayerDesk` (a `game.town.ports.PlayerPort`);
- which brain drives the minds: `llm_settings_for`, `server_settings`, `brain_lines`,
  `check_connection`, `environment_api_key`, `remember_learned_output_mode`,
  `process_environment` (the settings file's defaults come from it);
- memories on a Chroma server (`TownRecipe.chroma_url`): `memory_server_problem` (the check
  before a town starts), `MemoryHealth` (thinking paused while the server is away).
"""

from __future__ import annotations

from game.bridge.brains import (
    brain_lines,
    check_connection,
    check_server,
    environment_api_key,
    llm_settings_for,
    process_environment,
    public_url,
    remember_learned_output_mode,
    routes_for,
    secrets_of,
    server_settings,
)
from game.bridge.build import (
    OpenedTown,
    Progress,
    TownRecipe,
    build_town,
    make_embedder,
    new_town,
    recipe_for,
    run_directory,
    town_id_of,
)
from game.bridge.desk import PlayerDesk
from game.bridge.director import MindDirector
from game.bridge.headless import (
    SimulationOptions,
    TownRecorder,
    day_problems,
    model_settings,
    run_report,
    settings_problem,
    simulate,
    simulation_recipe,
)
from game.bridge.interviews import (
    CONDITIONS,
    PANEL_JUDGINGS,
    PANEL_STRATEGIES,
    Answered,
    InterviewDesk,
    Judged,
    MemoryFacts,
    Panel,
    PanelMember,
    PanelVerdict,
    RefereesError,
    append_traces,
    claims_knowledge,
    panel_calls,
    read_referees,
)
from game.bridge.lockstep import LockstepRunner
from game.bridge.memory_health import (
    DatabaseNotDropped,
    MemoryHealth,
    MemoryServerGone,
    drop_town_database,
    memory_server_problem,
)
from game.bridge.opening import FromSave, open_town
from game.bridge.persist import (
    TownAutosaver,
    embedder_name,
    load_saved_town,
    save_town,
    snapshot,
    town_settings,
)
from game.bridge.recording import RunRecording
from game.bridge.routing import (
    RouteChoice,
    RouteFlagError,
    Routes,
    check_endpoints,
    route_settings,
    uses_model,
)
from game.bridge.town_minds import LivingTown, TownFile, build_living_town, model_stack

__all__ = [
    "CONDITIONS",
    "PANEL_JUDGINGS",
    "PANEL_STRATEGIES",
    "Answered",
    "DatabaseNotDropped",
    "FromSave",
    "InterviewDesk",
    "Judged",
    "LivingTown",
    "LockstepRunner",
    "MemoryFacts",
    "MemoryHealth",
    "MemoryServerGone",
    "MindDirector",
    "OpenedTown",
    "Panel",
    "PanelMember",
    "PanelVerdict",
    "PlayerDesk",
    "Progress",
    "RefereesError",
    "RouteChoice",
    "RouteFlagError",
    "Routes",
    "RunRecording",
    "SimulationOptions",
    "TownAutosaver",
    "TownFile",
    "TownRecipe",
    "TownRecorder",
    "append_traces",
    "brain_lines",
    "build_living_town",
    "build_town",
    "check_connection",
    "check_endpoints",
    "check_server",
    "claims_knowledge",
    "day_problems",
    "drop_town_database",
    "embedder_name",
    "environment_api_key",
    "llm_settings_for",
    "load_saved_town",
    "make_embedder",
    "memory_server_problem",
    "model_settings",
    "model_stack",
    "new_town",
    "open_town",
    "panel_calls",
    "process_environment",
    "public_url",
    "read_referees",
    "recipe_for",
    "remember_learned_output_mode",
    "route_settings",
    "routes_for",
    "run_directory",
    "run_report",
    "save_town",
    "secrets_of",
    "server_settings",
    "settings_problem",
    "simulate",
    "simulation_recipe",
    "snapshot",
    "town_id_of",
    "town_settings",
    "uses_model",
]
