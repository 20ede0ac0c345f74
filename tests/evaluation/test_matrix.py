"""`evaluate --matrix`: variants × route presets, one table and a plot; bad files refused
before any town starts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cognition.testing.fake_openai_server import FakeOpenAIServer
from game.cli import main
from game.evaluation import EvaluationError
from game.evaluation.matrix import MatrixOptions, read_matrix, run_matrix
from game.evaluation.matrix_notes import too_short

pytestmark = pytest.mark.long_running  # started first: see tests/conftest.py


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_a_matrix_of_two_presets_and_two_variants(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # an answer the fake server gets wrong falls back at once rather than after seconds of
    # retry backoff (23 s -> 12 s): the rows, calls and tokens asserted below are the same
    # kind; retries and their backoff are tested in tests/cognition/llm
    monkeypatch.setenv("SMALLVILLE_MAX_RETRIES", "0")
    with FakeOpenAIServer() as server:
        matrix = write(
            tmp_path / "matrix.toml",
            'town = "the_ville_n3"\nhours = 2\nembedder = "hashing"\n'
            'variants = ["full", "no reflection"]\n'
            '[presets.offline]\npreset = "offline"\n'
            f'[presets.fake]\npreset = "one-model"\nbase_url = "{server.base_url}"\n'
            'model = "fake-model"\n',
        )
        lines: list[str] = []
        result = run_matrix(MatrixOptions(matrix, tmp_path / "out"), say=lines.append)
        requests = len(server.chat_requests)
    assert [row["configuration"] for row in result.rows] == [
        "offline × full",
        "offline × no reflection",
        "fake × full",
        "fake × no reflection",
    ]
    assert result.failed == [] and requests > 0
    fake = result.rows[2]
    assert fake["calls_by_endpoint"]["model"] > 0 and fake["tokens_per_resident_day"] > 0
    assert result.rows[0]["tokens_per_resident_day"] == 0
    assert all(row["targets_passed"] is not None for row in result.rows)
    # on a model the panel runs by default: a believability measure per row, and the
    # interviews' and panel's calls counted beside the simulation's
    assert (
        fake["believability_full_mu"] is not None
        and result.rows[0]["believability_full_mu"] is None
    )
    assert all(row["calls_all_phases"] > row["calls"] for row in result.rows)
    table = (tmp_path / "out" / "matrix.md").read_text(encoding="utf-8")
    assert "| fake × no reflection |" in table and "![matrix](matrix.png)" in table
    assert "| sim wall s |" in table and "| all calls |" in table
    if not result.rows[0]["reflections"]:
        assert "**offline**: the runs are too short for the variants to differ" in table
    assert (tmp_path / "out" / "matrix.png").stat().st_size > 10_000
    saved = json.loads((tmp_path / "out" / "matrix.json").read_text(encoding="utf-8"))
    assert len(saved["rows"]) == 4
    assert lines[0].startswith("4 configurations: offline × full")

    again = run_matrix(MatrixOptions(matrix, tmp_path / "out", check_endpoints=False))
    assert [r["calls"] for r in again.rows[:2]] == [r["calls"] for r in result.rows[:2]]


def test_no_plan_reuse_is_a_row_of_the_matrix(tmp_path: Path) -> None:
    text = 'variants = ["full", "no plan reuse"]\n[presets.offline]\npreset = "offline"\n'
    _, configurations = read_matrix(write(tmp_path / "matrix.toml", text))
    assert [c.name for c in configurations] == ["offline × full", "offline × no plan reuse"]


def test_the_cascade_is_an_architecture_row_beside_one_model_and_small_large(
    tmp_path: Path,
) -> None:
    servers = 'base_url = "http://127.0.0.1:9/v1"\nmodel = "big"\n'
    small = 'small_url = "http://127.0.0.1:8/v1"\nsmall_model = "tiny"\n'
    text = (
        'variants = ["full"]\n'
        f'[presets.one]\npreset = "one-model"\n{servers}'
        f'[presets.pair]\npreset = "small-large"\n{servers}{small}'
        f'[presets.cascade]\npreset = "cascade"\n{servers}{small}'
    )
    _, configurations = read_matrix(write(tmp_path / "matrix.toml", text), check=False)
    pools = {c.preset: c.routes.settings for c in configurations}
    assert [pools[n].controller for n in ("one", "pair", "cascade")] == [
        "routes",
        "routes",
        "cascade",
    ]
    cascade = pools["cascade"]
    assert cascade.endpoints["small"].model == "tiny" and cascade.endpoints["large"].model == "big"
    assert cascade.route_of("reflection_insights") == ("small",)  # the controller decides
    assert cascade.to_public_dict()["controller"] == "cascade"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[presets.x]\npreset = "offline"\nroutes = "r.toml"\n', "presets.x: give either"),
        ('variants = []\n[presets.x]\npreset = "offline"\n', "variants: List should have"),
        ('variants = ["no memory"]\n[presets.x]\npreset = "offline"\n', "variants.0"),
        ("town = 'x'\n", "presets: Field required"),
        ('[presets.x]\nroutes = "routes.json"\n', "presets.x: routes.json: routes.dialogue"),
        ('[presets.x]\nroutes = "missing.json"\n', "cannot read the routes file"),
        ('[presets.x]\npreset = "small-large"\n', "this preset needs a model server"),
        ("not toml = = =", "not valid TOML"),
    ],
)
def test_a_bad_matrix_is_refused_naming_the_setting(
    tmp_path: Path, text: str, message: str
) -> None:
    write(tmp_path / "routes.json", '{"routes": {"dialogue": "nowhere"}}')
    matrix = write(tmp_path / "matrix.toml", text)
    with pytest.raises(EvaluationError, match=message):
        read_matrix(matrix)


def test_an_unreachable_endpoint_is_refused_before_any_town(tmp_path: Path) -> None:
    matrix = write(
        tmp_path / "m.toml",
        '[presets.gone]\npreset = "one-model"\nbase_url = "http://127.0.0.1:9/v1"\nmodel = "m"\n',
    )
    with pytest.raises(EvaluationError, match=r"presets\.gone: endpoints\.model: could not reach"):
        read_matrix(matrix)


def test_the_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    matrix = write(
        tmp_path / "m.json",
        json.dumps(
            {
                "town": "the_ville_n3",
                "hours": 1,
                "embedder": "hashing",
                "variants": ["no planning"],
                "presets": {"offline": {"preset": "offline"}},
            }
        ),
    )
    assert main(["evaluate", "--matrix", str(matrix), "--out", str(tmp_path / "o"), "--quiet"]) == 0
    assert "1 configuration(s) measured, 0 failed" in capsys.readouterr().out
    bad = ["evaluate", "--matrix", str(matrix), "--preset", "offline"]
    assert main(bad) == 2


def test_a_preset_whose_full_run_never_reflected_is_noted_as_too_short() -> None:
    rows = [
        {"preset": "short", "variant": "full", "reflections": 0},
        {"preset": "short", "variant": "no reflection", "reflections": 0},
        {"preset": "long", "variant": "full", "reflections": 4},
        {"preset": "long", "variant": "no reflection", "reflections": 0},
    ]
    notes = too_short(rows)
    assert len([n for n in notes if n]) == 1
    assert notes[1].startswith("- **short**: the runs are too short for the variants to differ")
    assert too_short(rows[2:]) == []
