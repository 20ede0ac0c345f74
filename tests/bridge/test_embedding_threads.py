"""A headless run's local embedding model takes the options' threads: two by default (no
window to leave a core to), one each when several towns share the cores side by side — the
evaluation's towns pass it on (`benchmarks/towns_parallel.py` sets it)."""

from __future__ import annotations

import os
from pathlib import Path

from cognition.memory import CachedEmbedder, CoalescingEmbedder
from cognition.memory.embeddings import LocalMiniLM
from game.bridge import SimulationOptions, simulation_recipe
from game.bridge.build import HEADLESS_EMBEDDING_THREADS
from game.evaluation import EvaluationOptions
from game.evaluation.plan import plan


def model_threads(options: SimulationOptions) -> int:
    embedder = simulation_recipe(options, Path("memory")).embedder
    assert isinstance(embedder, CachedEmbedder)
    coalescing = embedder.inner
    assert isinstance(coalescing, CoalescingEmbedder)
    model = coalescing.inner
    assert isinstance(model, LocalMiniLM)  # loaded lazily: no model is read here
    return model._threads


def test_a_headless_run_embeds_on_the_options_threads() -> None:
    default = min(HEADLESS_EMBEDDING_THREADS, os.cpu_count() or 1)
    assert model_threads(SimulationOptions(town="the_ville_n3")) == default
    assert model_threads(SimulationOptions(town="the_ville_n3", embedding_threads=1)) == 1


def test_the_evaluations_town_passes_its_embedding_threads_on(tmp_path: Path) -> None:
    options = EvaluationOptions(town="the_ville_n3", embedding_threads=1, out_dir=tmp_path)
    assert plan(options).simulation.embedding_threads == 1
    assert (
        plan(EvaluationOptions(town="the_ville_n3", out_dir=tmp_path)).simulation.embedding_threads
        is None
    )
