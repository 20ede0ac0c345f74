"""Towns whose memories live on a real Chroma server (`chroma run`, see conftest.py): saves
made on a server load in process and the other way round with the same memories; the
command line refuses a server it cannot use before any town starts; and a server that goes
away mid-run pauses thinking, loses nothing, and thinking resumes when it is back."""

from __future__ import annotations

import shutil
import sys
import threading
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))  # chroma_process, next to this file

from chroma_process import ChromaProcess, free_port

from cognition.memory import MemoryKind, MemoryStore, MemoryStoreUnavailable, MemoryStream
from cognition.memory.fakes import HashingEmbedder
from game.bridge import (
    FromSave,
    LivingTown,
    LockstepRunner,
    MemoryHealth,
    MemoryServerGone,
    SimulationOptions,
    TownRecipe,
    open_town,
    simulate,
)
from game.bridge.headless.run import wait_for_memories
from game.bridge.memory_health import SERVER_FILE
from game.cli import main
from game.saves import SaveSlots

pytestmark = pytest.mark.long_running  # started first: see tests/conftest.py

Memories = dict[str, list[tuple[Any, bytes]]]


def memories_of(store: MemoryStore) -> Memories:
    """Every agent's records (ids, texts, times, …) with their embeddings' exact bytes."""
    found: Memories = {}
    for agent in store.agents():
        stream = MemoryStream(store, agent, HashingEmbedder())
        found[agent] = [(s.record, s.embedding.tobytes()) for s in stream.export_records()]
    return found


def slot_memories(slots: SaveSlots, slot: str, scratch: Path) -> Memories:
    copy = scratch / f"slot-{slot}"
    shutil.copytree(slots.path(slot) / "memory", copy)  # never open the slot itself
    with MemoryStore(copy) as store:
        return memories_of(store)


def run(tmp_path: Path, name: str, chroma_url: str | None, **more: Any) -> dict[str, Any]:
    options = SimulationOptions(
        town="the_ville_n3",
        hours=1.0,
        embedder="hashing",
        saves_dir=tmp_path / "saves",
        data_dir=tmp_path / f"data-{name}",
        chroma_url=chroma_url,
        **more,
    )
    report, _ = simulate(options)
    return report


def server_town(server: ChromaProcess, memory_dir: Path, **more: Any) -> LivingTown:
    """The 3-resident town (hashing embedder) with its memories on `server`."""
    recipe = TownRecipe(
        town="the_ville_n3",
        embedder="hashing",
        memory_dir=memory_dir,
        chroma_url=server.url,
        **more,
    )
    return open_town(recipe).living


def test_saves_move_between_a_server_and_a_local_store_with_the_same_memories(
    chroma_server: ChromaProcess, tmp_path: Path
) -> None:
    slots = SaveSlots(tmp_path / "saves")
    report = run(tmp_path, "on-server", chroma_server.url, save="made-on-server")
    assert report["memory_server"]["where"].startswith(chroma_server.url)
    run(tmp_path, "local", None, save="made-locally")
    for slot in ("made-on-server", "made-locally"):
        saved = slot_memories(slots, slot, tmp_path)
        assert sum(len(records) for records in saved.values()) == report["memories"] > 0
        for chroma_url in (None, chroma_server.url):
            where = "server" if chroma_url else "local"
            recipe = TownRecipe(
                embedder="hashing", memory_dir=tmp_path / f"{slot}-{where}", chroma_url=chroma_url
            )
            opened = open_town(recipe, FromSave(slot, slots=slots))
            try:
                assert (opened.living.store.server is not None) == (chroma_url is not None)
                assert memories_of(opened.living.store) == saved
            finally:
                opened.living.close()


def test_a_server_town_keeps_its_memories_in_a_database_of_its_own(
    chroma_server: ChromaProcess, tmp_path: Path
) -> None:
    towns = [server_town(chroma_server, tmp_path / name / "memory") for name in ("first", "second")]
    try:
        first, second = (town.store.server for town in towns)
        assert first is not None and second is not None
        assert first.database != second.database
        noted = (tmp_path / "first" / "memory" / SERVER_FILE).read_text(encoding="utf-8")
        assert first.database in noted and chroma_server.url in noted
    finally:
        for town in towns:
            town.close()


def test_the_command_line_refuses_a_server_it_cannot_use_before_any_town_starts(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    base = ["simulate", "--town", "the_ville_n3", "--hours", "1", "--embedder", "hashing"]
    base += ["--no-record", "--quiet", "--data-dir", str(tmp_path / "data")]
    url = f"http://127.0.0.1:{free_port()}"
    assert main([*base, "--chroma-url", url]) == 2
    error = capsys.readouterr().err.strip()
    assert error.startswith(f"smallville: --chroma-url: the Chroma server at {url}")
    assert "is not answering" in error and "\n" not in error
    assert main([*base, "--chroma-url", "htp:/x"]) == 2
    assert capsys.readouterr().err.strip() == (
        "smallville: --chroma-url: 'htp:/x' is not a URL like http://127.0.0.1:8000"
    )
    assert not (tmp_path / "data").exists()  # no town was started


class FakeClock:
    def __init__(self) -> None:
        self.seconds = 0.0

    def __call__(self) -> float:
        return self.seconds


def test_a_server_going_away_pauses_thinking_loses_nothing_and_thinking_resumes(
    own_chroma_server: ChromaProcess, tmp_path: Path
) -> None:
    living = server_town(own_chroma_server, tmp_path / "memory", workers=2)
    server = living.store.server
    assert server is not None
    clock = FakeClock()
    health = living.director.memory = MemoryHealth(living.store, poll_seconds=5.0, clock=clock)
    runner = LockstepRunner(living, 1.0)
    director = living.director
    try:
        runner.run_until(living.clock.now + timedelta(minutes=30))
        assert director.stats.decisions > 0 and not health.down
        before = memories_of(living.store)
        own_chroma_server.stop()
        for _ in range(6 * 60):  # until a mind writes a memory and finds the server gone
            runner.step()
            if health.down:
                break
        assert health.down, "no memory was written in six game hours"
        assert health.take_notices() == [
            f"The memory server at {own_chroma_server.url} is not answering: thinking paused."
        ]
        decisions, paused_at = director.stats.decisions, living.clock.now
        for _ in range(20):  # paused: nobody starts thinking, the town goes on
            runner.step()
            assert director.in_flight == 0
        assert director.stats.decisions == decisions
        assert living.clock.now > paused_at
        assert all(r.activity is not None for r in living.population)
        clock.seconds += 5.0  # a poll while it is still away: still paused
        runner.step()
        assert health.down and not health.take_notices()
        own_chroma_server.start()
        clock.seconds += 5.0
        runner.step()
        assert not health.down
        assert health.take_notices() == [
            f"The memory server at {own_chroma_server.url} is back: thinking resumed."
        ]
        runner.run_until(living.clock.now + timedelta(hours=2))
        assert director.stats.decisions > decisions
        after = memories_of(living.store)
        assert sum(map(len, after.values())) > sum(map(len, before.values()))
    finally:
        living.close()
    with MemoryStore.on_server(server) as reopened:
        stored = memories_of(reopened)
    assert stored.keys() == after.keys()
    for agent, records in before.items():  # every memory from before the outage is there
        kept = {record.id: (record.text, embedding) for record, embedding in stored[agent]}
        for record, embedding in records:
            assert kept[record.id] == (record.text, embedding)
    assert {a: [r.id for r, _ in rs] for a, rs in stored.items()} == {
        a: [r.id for r, _ in rs] for a, rs in after.items()
    }  # and what the town remembered at the end is what the server holds


def test_a_lockstep_run_waits_for_its_memory_server_or_stops_saying_so(
    own_chroma_server: ChromaProcess, tmp_path: Path
) -> None:
    living = server_town(own_chroma_server, tmp_path / "memory")
    told: list[str] = []
    try:
        health = living.director.memory = MemoryHealth(living.store, poll_seconds=0.2)
        stream = next(iter(living.minds.values())).memory
        own_chroma_server.stop()
        with pytest.raises(MemoryStoreUnavailable):
            stream.add(MemoryKind.OBSERVATION, "lost with the server", living.clock.now, 3)
        with pytest.raises(MemoryServerGone, match="did not come back within 1 s"):
            wait_for_memories(living, 1.0, told.append)
        assert told[0].endswith("is not answering: thinking paused.")
        restart = threading.Timer(0.5, own_chroma_server.start)
        restart.start()
        wait_for_memories(living, 60.0, told.append)
        restart.join()
        assert told[-1] == (
            f"memory: The memory server at {own_chroma_server.url} is back: thinking resumed."
        )
        assert not health.down
    finally:
        living.close()
