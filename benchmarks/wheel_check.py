"""Build the wheel, install it with plain pip into a fresh virtual environment, run the
installed `smallville` from outside the checkout, print one JSON line.

    uv run python benchmarks/wheel_check.py                # what .ci/run does
    uv run python benchmarks/wheel_check.py --from-index   # pip resolves and downloads it all
    uv run python benchmarks/wheel_check.py --keep         # keep the folder (its path is printed)

Steps: `uv build --wheel` (the wheel must carry the map, tile set, characters, bundled towns,
prompts, questions and the MiniLM tokenizer: `WHEEL_FILES`); `python -m venv`; the wheel's
dependencies at uv.lock's versions — the ones the test suite runs against — put in from uv's
cache (`uv export --no-dev`, `uv pip install --no-deps --compile-bytecode`: seconds, where pip
resolving and downloading them from the index took ~4 min of a CI run); then `pip install
WHEEL`, plain pip as the README says (the machine's own pip configuration, no uv overrides):
pip checks every requirement the wheel declares against what is installed and must install
the wheel alone (anything it had to fetch fails the check: the lock would not cover the
wheel), and `pip check` finds no broken requirement. What this does not prove is that pip's
resolver, from an empty venv, picks working versions of today's releases: `--from-index`
does that (the old check: pip installs everything from the index). Then, in an
empty folder with a scrubbed environment (no model settings, user folders in the temporary
folder): `smallville --version`, `python -m game --version`, 30 headless frames of the
3-resident town with a screenshot (the map, tiles, characters and fonts from the install),
and `smallville simulate --town the_ville_n3 --hours 1` with the hashing embedder and with
MiniLM. Finally the environment's size on disk (target ≤ 1 GB) and whether torch or
sentence-transformers came in.

    {"wheel_check": "ok" | "<reason>", "build_s": 0.76, "wheel_kb": 1173,
     "dependencies": "uv.lock", "dependencies_s": 21.3, "pip_install_s": 6.1,
     "simulate_hashing_s": 4.93, "simulate_minilm_s": 3.5, "torch": false, "venv_mb": 787.2,
     "target_mb": 1024, "load_average": [6.97, 6.12, 4.37], "cpus": 2}

Exit status 1 when a step failed or the environment is over the target.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET_MB = 1024
MB = 1024 * 1024
STEP_TIMEOUT_S = 900
# files an installed game reads at run time: a wheel without one of them is broken
WHEEL_FILES = (
    "game/bundle/maps/the_ville.tmx",
    "game/bundle/assets/tiles/ville.tsx",
    "game/bundle/assets/tiles/ville.png",
    "game/bundle/assets/characters/index.json",
    "game/bundle/assets/characters/portraits/visitor.png",
    "game/bundle/saves/the_ville_n25/town.json",
    "game/bundle/saves/the_ville_n3/personas.json",
    "game/bundle/saves/the_ville_open_mic/scenario.json",
    "game/evaluation/questions/memory.json",
    "cognition/prompts/day_plan.txt",
    "cognition/panel/referees.json",
    "cognition/memory/minilm/tokenizer.json",
)
NEVER_INSTALLED = ("torch", "sentence_transformers")


class CheckFailed(Exception):
    """A step failed; the message is the reason."""


def last_line(text: str) -> str:
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[-1][:300] if lines else "(no output)"


def run(
    command: Sequence[str | Path],
    what: str,
    cwd: Path | None = None,
    env: dict[str, str] | None = None,
) -> str:
    """Run `command`; its stdout, or CheckFailed naming `what` and its last error line."""
    try:
        result = subprocess.run(
            [str(part) for part in command], capture_output=True, text=True, check=False,
            timeout=STEP_TIMEOUT_S, stdin=subprocess.DEVNULL, cwd=cwd, env=env,
        )  # fmt: skip
    except subprocess.TimeoutExpired as error:
        raise CheckFailed(f"{what} did not finish in {STEP_TIMEOUT_S} s") from error
    if result.returncode != 0:
        sys.stderr.write(result.stderr[-3000:])
        raise CheckFailed(f"{what} exited {result.returncode}: {last_line(result.stderr)}")
    return result.stdout


def build_wheel(out: Path) -> Path:
    """`uv build --wheel` into `out`; the wheel's path."""
    uv = shutil.which("uv")
    if uv is None:
        raise CheckFailed("uv is not on PATH (it builds the wheel)")
    run([uv, "build", "--wheel", "--out-dir", out, ROOT], "uv build", cwd=ROOT)
    wheels = sorted(out.glob("smallville-*.whl"))
    if len(wheels) != 1:
        raise CheckFailed(f"uv build made {len(wheels)} wheels in {out}")
    return wheels[0]


def missing_from_wheel(wheel: Path) -> list[str]:
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    return [name for name in WHEEL_FILES if name not in names]


def folder_size(folder: Path) -> int:
    """Bytes of the files under `folder` (links not followed, each file once)."""
    seen: set[int] = set()
    total = 0
    for path in folder.rglob("*"):
        if path.is_symlink() or not path.is_file():
            continue
        status = path.stat()
        if status.st_ino not in seen:
            seen.add(status.st_ino)
            total += status.st_size
    return total


def scrubbed_environment(home: Path, venv_bin: Path) -> dict[str, str]:
    """No model settings, no uv, user folders under `home`, the venv first on PATH."""
    env = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith(("OPENAI_", "SMALLVILLE_", "VIRTUAL_ENV", "UV_", "PYTHON"))
    }
    env.update(
        PATH=f"{venv_bin}{os.pathsep}{env.get('PATH', '')}",
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        SMALLVILLE_DATA_DIR=str(home / "data"),
        SMALLVILLE_CONFIG_DIR=str(home / "config"),
    )
    return env


def venv_paths(venv: Path) -> tuple[Path, Path]:
    """The venv's scripts folder and its python."""
    scripts = venv / ("Scripts" if sys.platform == "win32" else "bin")
    return scripts, scripts / ("python.exe" if sys.platform == "win32" else "python")


def check_installed(venv: Path, home: Path, figures: dict[str, object]) -> None:
    """The installed command, from an empty folder outside the checkout."""
    scripts, python = venv_paths(venv)
    env = scrubbed_environment(home, scripts)
    outside = home / "elsewhere"
    outside.mkdir()
    smallville = scripts / ("smallville.exe" if sys.platform == "win32" else "smallville")
    version = run([smallville, "--version"], "smallville --version", cwd=outside, env=env)
    module = run([python, "-m", "game", "--version"], "python -m game", cwd=outside, env=env)
    if not version.startswith("smallville ") or version != module:
        raise CheckFailed(f"--version said {version!r}, python -m game {module!r}")
    shot = home / "town.png"
    play: list[str | Path] = [smallville, "--headless", "--frames", "30", "--town", "the_ville_n3"]
    run([*play, "--screenshot", shot], "smallville --headless", cwd=outside, env=env)
    if not shot.is_file():  # the map, tile set, characters and fonts drawn from the install
        raise CheckFailed("the headless game saved no screenshot")
    for embedder in ("hashing", "minilm"):
        started = time.perf_counter()
        args = ["simulate", "--town", "the_ville_n3", "--hours", "1", "--embedder", embedder]
        out = run([smallville, *args, "--quiet", "--no-record"], f"simulate ({embedder})",
                  cwd=outside, env=env)  # fmt: skip
        figures[f"simulate_{embedder}_s"] = round(time.perf_counter() - started, 2)
        if "3 residents" not in out:
            raise CheckFailed(f"simulate ({embedder}) said: {last_line(out)}")
    found = run([python, "-c", FIND_PACKAGES], "looking for torch", cwd=outside, env=env)
    figures["torch"] = found.strip() != "[]"
    if figures["torch"]:
        raise CheckFailed(f"the install brought {found.strip()}")


FIND_PACKAGES = (
    "import importlib.util, json; "
    f"print(json.dumps([n for n in {list(NEVER_INSTALLED)!r} if importlib.util.find_spec(n)]))"
)


def install_locked_dependencies(python: Path, work: Path) -> None:
    """The wheel's dependencies (the default ones: no dev group, no extra) at uv.lock's
    versions, into the venv of `python`, from uv's cache, with their bytecode (as pip writes
    it: the environment's size is the one a pip user gets)."""
    uv = shutil.which("uv")
    if uv is None:
        raise CheckFailed("uv is not on PATH (it puts in the locked dependencies)")
    requirements = work / "locked-requirements.txt"
    run([uv, "export", "--frozen", "--no-dev", "--no-emit-project", "--no-hashes",
         "--format", "requirements-txt", "--output-file", requirements], "uv export",
        cwd=ROOT)  # fmt: skip
    run([uv, "pip", "install", "--quiet", "--python", python, "--no-deps", "--compile-bytecode",
         "--requirement", requirements], "uv pip install (uv.lock)", cwd=work)  # fmt: skip


def installed_names(python: Path) -> set[str]:
    """The normalised names of the distributions installed in the venv of `python`."""
    listed = run([python, "-m", "pip", "list", "--format", "json"], "pip list")
    return {entry["name"].lower().replace("_", "-") for entry in json.loads(listed)}


def check(work: Path, from_index: bool = False) -> dict[str, object]:
    figures: dict[str, object] = {"wheel_check": "ok"}
    started = time.perf_counter()
    wheel = build_wheel(work / "dist")
    figures["build_s"] = round(time.perf_counter() - started, 2)
    figures["wheel_kb"] = round(wheel.stat().st_size / 1024)
    missing = missing_from_wheel(wheel)
    if missing:
        raise CheckFailed(f"the wheel lacks {', '.join(missing)}")
    venv = work / "venv"
    run([sys.executable, "-m", "venv", venv], "python -m venv")
    _, python = venv_paths(venv)
    figures["dependencies"] = "index" if from_index else "uv.lock"
    if not from_index:
        started = time.perf_counter()
        install_locked_dependencies(python, work)
        figures["dependencies_s"] = round(time.perf_counter() - started, 1)
    before = installed_names(python)
    started = time.perf_counter()
    run([python, "-m", "pip", "install", "--quiet", wheel], "pip install", cwd=work)
    figures["pip_install_s"] = round(time.perf_counter() - started, 1)
    added = sorted(installed_names(python) - before)
    if not from_index and added != ["smallville"]:
        raise CheckFailed(f"pip install fetched {', '.join(added)} beyond uv.lock's versions")
    run([python, "-m", "pip", "check"], "pip check", cwd=work)
    check_installed(venv, work, figures)
    size_mb = folder_size(venv) / MB
    figures.update(venv_mb=round(size_mb, 1), target_mb=TARGET_MB)
    if size_mb > TARGET_MB:
        raise CheckFailed(f"the environment is {size_mb:.0f} MB, over {TARGET_MB} MB")
    return figures


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    parser.add_argument("--from-index", action="store_true",
                        help="pip resolves and downloads every dependency (minutes)")  # fmt: skip
    args = parser.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="smallville-wheel-"))
    figures: dict[str, object]
    try:
        figures = check(work, from_index=args.from_index)
    except CheckFailed as error:
        figures = {"wheel_check": str(error)}
    finally:
        if args.keep:
            print(f"kept {work}", file=sys.stderr)
        else:
            shutil.rmtree(work, ignore_errors=True)
    figures["load_average"] = [round(x, 2) for x in os.getloadavg()]
    figures["cpus"] = os.cpu_count()
    print(json.dumps(figures))
    return 0 if figures["wheel_check"] == "ok" else 1


if __name__ == "__main__":
    raise SystemExit(main())
