"""`simulate --answers-from RUN`: a model run recorded against the fake OpenAI server, re-lived
from its record with no model — the same positions, talk and memories, row for row — and a
call the record lacks is answered by the offline brain and counted, never silently."""

from __future__ import annotations

import json
import random
import threading
from pathlib import Path
from typing import Any

import pytest

from cognition.testing.fake_openai_replies import ChatRequest
from cognition.testing.fake_openai_server import FakeOpenAIServer
from cognition.testing.schema_instance import schema_instance
from game.bridge import SimulationOptions, simulate
from game.cli import main
from game.records import RunRecord

pytestmark = pytest.mark.long_running  # started first: see tests/conftest.py

WORDS = ("cafe", "garden", "talk", "paint", "read", "supper", "market", "walk", "party")
# what a re-lived run must give again (wall-clock columns aside)
COMPARED = {
    "positions": None,
    "lines": None,
    "conversations": None,
    "memories": None,
    "plans": None,
    "objects": None,
    "traces": ("time", "resident", "step", "messages", "parsed", "source"),
}


class VariedModel:
    """The fake server's answers: schema-valid, drawn from one shared seeded generator in
    the order requests arrive — so which call gets which answer depends on the threads, and
    a re-run against the server would not repeat the run; only its record can."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.lock = threading.Lock()

    def __call__(self, request: ChatRequest) -> dict[str, Any] | None:
        if request.schema is None:
            return None
        schema = dict(request.schema)
        with self.lock:
            return self.instance(schema, schema, 0)  # type: ignore[no-any-return]

    def instance(self, schema: dict[str, Any], root: dict[str, Any], depth: int) -> Any:
        if "$ref" in schema:
            node: Any = root
            for part in schema["$ref"].removeprefix("#/").split("/"):
                node = node[part]
            return self.instance(node, root, depth + 1)
        if schema.get("enum"):
            return self.rng.choice(schema["enum"])
        kind = schema.get("type")
        if kind == "object" and depth < 8:
            properties = schema.get("properties", {})
            return {key: self.instance(sub, root, depth + 1) for key, sub in properties.items()}
        if kind == "array" and depth < 8:
            low = int(schema.get("minItems", 0))
            count = min(int(schema.get("maxItems", low + 2)), low + self.rng.randint(0, 2))
            return [self.instance(schema.get("items", {}), root, depth + 1) for _ in range(count)]
        if kind == "boolean":
            return self.rng.random() < 0.7  # talk more often than not
        if kind == "integer" and "minimum" in schema and "maximum" in schema:
            return self.rng.randint(int(schema["minimum"]), int(schema["maximum"]))
        if kind == "string" and not schema.get("format") and "minLength" not in schema:
            text = " ".join(self.rng.choice(WORDS) for _ in range(self.rng.randint(1, 4)))
            return text[: int(schema.get("maxLength", len(text)))]
        return schema_instance({**schema, "$defs": root.get("$defs", {})})


def only_record(folder: Path) -> Path:
    records = sorted(folder.glob("*.sqlite"))
    assert len(records) == 1, records
    return records[0]


def history(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """The tables a re-lived run must repeat, as rows of the compared columns."""
    with RunRecord.open(path) as record:
        tables = {}
        for table, columns in COMPARED.items():
            rows = list(record.rows(table))
            keys = columns or (tuple(rows[0]) if rows else ())
            tables[table] = sorted(tuple(row[key] for key in keys) for row in rows)
    return tables


def test_a_recorded_model_run_is_relived_exactly_from_its_answers(tmp_path: Path) -> None:
    with FakeOpenAIServer(answer=VariedModel(seed=5)) as server:
        recorded, _ = simulate(
            SimulationOptions(
                town="the_ville_n3",
                hours=2,
                seed=3,
                base_url=server.base_url,
                model="fake-model",
                embedder="hashing",
                workers=8,
                record_dir=tmp_path / "model",
            )
        )
        asked = len(server.chat_requests)
    original = only_record(tmp_path / "model")
    relived, _ = simulate(
        SimulationOptions(
            hours=2,
            embedder="hashing",
            workers=8,
            answers_from=original,
            record_dir=tmp_path / "relived",
        )
    )
    # the model was asked, the re-run asked nothing (no server is up); how many calls the
    # recorded run made depends on which call drew which answer (20 in one run of several)
    assert asked > 10
    figures = relived["answers_from"]
    assert figures["missed"] == 0 and figures["answered"] == recorded["llm_calls"]
    assert figures["unused"] == 0  # every recorded answer was given again
    before, after = history(original), history(only_record(tmp_path / "relived"))
    assert len(before["memories"]) >= 10 and len(before["traces"]) == recorded["llm_calls"]
    assert {row[5] for row in before["positions"]} > {0}  # residents walked (column walking)
    for table in COMPARED:
        assert after[table] == before[table], table
    for key in ("memories", "conversations", "reflections", "plans", "llm_calls", "fallbacks"):
        assert relived[key] == recorded[key], key
    with RunRecord.open(only_record(tmp_path / "relived")) as record:
        assert record.meta.brain == f"answers from {original.stem}"
        assert record.meta.town == "the_ville_n3" and record.meta.seed == 3

    # past the record's end, the calls are missed: answered offline, counted and said
    code = main(
        [
            *("simulate", "--answers-from", str(original), "--hours", "2.5"),
            *(
                "--embedder",
                "hashing",
                "--quiet",
                "--no-record",
                "--json",
                str(tmp_path / "r.json"),
            ),
        ]
    )
    assert code == 0
    assert_missed_are_reported(tmp_path / "r.json", recorded["llm_calls"])


def assert_missed_are_reported(report: Path, recorded_calls: int) -> None:
    figures = json.loads(report.read_text(encoding="utf-8"))["answers_from"]
    assert figures["answered"] == recorded_calls and figures["missed"] > 0
    calls = figures["answered"] + figures["missed"]
    assert figures["missed_share"] == round(figures["missed"] / calls, 4)
    assert all(" at 2023-02-13T09:" in where for where in figures["first_missed"])


def test_a_record_that_cannot_answer_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["simulate", "--answers-from", "no-such-run", "--hours", "1", "--quiet"])
    assert code == 2
    error = capsys.readouterr().err.strip()
    assert error.startswith("smallville: --answers-from: no run record 'no-such-run'")
    assert "\n" not in error and "Traceback" not in error
    simulate(
        SimulationOptions(town="the_ville_n3", hours=0.5, embedder="hashing", record_dir=tmp_path)
    )
    code = main(
        ["simulate", "--answers-from", str(only_record(tmp_path)), "--base-url", "http://x/v1"]
    )
    assert code == 2
    assert "--answers-from answers from the record: not with --base-url" in (
        capsys.readouterr().err
    )
