"""The 3-resident town against a real small-model server (one JSON line on stdout).

    uv run --group local-server python benchmarks/local_server.py --hours 1
    uv run python benchmarks/local_server.py --base-url http://127.0.0.1:8080/v1 --model gemma
    uv run --group local-server python benchmarks/local_server.py --checkout ../before --hours 1

Starts llama-cpp-python's OpenAI-compatible server with the tiny model of the `local-server`
dependency group (Gemma 3 270M, Q4_K_M; two threads, as the machine has two cores, which
spin while they wait as a user's server's do — OpenMP's default, the faster on a quiet
machine: 114 s against 134 s for the same answers; `--sleep` makes them sleep, much the
faster on a shared machine), or uses the server at `--base-url`, and lives the_ville_n3
headless in lockstep for `--hours` game hours (hashing embeddings, 3 thinking threads, one
model call at a time). The line: seconds per game hour, model calls, tokens per call,
fallbacks, failed attempts, breaker trips, the steps on standby at the end and the parse
rate of structured answers (usable / read) overall, per step and per structured-output rung
(null when the report does not carry them). Server start-up is not timed; `wall_s` is the
run's own (set-up included). `by_step`: each step's calls, prompt and answer tokens a call,
and failed attempts (this tree only). `server_time` (a server started here): the server's own
account of its calls, summed from its log's `llama_perf_context_print` lines — prompt tokens
evaluated and seconds, tokens decoded and seconds, the calls' total, and the rest of it
(`other_s`: sampling, which under a JSON schema is llama-cpp-python's grammar checking the
whole 262k vocabulary before top-k, ~60-100 ms a token here) — and the prompt tokens found
in its cache (`prefix_reused_tokens`).

The temperature is the game's for a local model: the settings' `temperature`
(`SMALLVILLE_TEMPERATURE`), unset by default, so no temperature is sent and the server
samples at its own default (llama-cpp-python's: 0.8). The line says both (`temperature`:
what is sent, null for none; `server_default_temperature`: the started server's own).
`--temperature T` sends T instead (0: greedy, the same answers each run, as the suite's
real-server test). Sampled answers vary in length from run to run: compare several runs.

`--checkout DIR` measures another checkout of this project instead (e.g. a git worktree of an
older commit: the "before" figures): its own `smallville simulate` runs as a subprocess
(`uv run --directory DIR …`) against the same server; its environment is prepared first,
untimed. If it does not finish within `--time-limit-s` it is stopped and the line says
`"completed": false`, with the wall time and what its progress bar had counted by then (game
time reached, calls, tokens) — a figure too, not an error.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.metadata
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from pydantic import SecretStr

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
if str(HERE) not in sys.path:  # as figures.py: last, so it shadows no installed module
    sys.path.append(str(HERE))

from figures import machine  # noqa: E402

from cognition.testing.llama_server import (  # noqa: E402
    PASSIVE,
    LlamaServer,
    LlamaServerError,
    tiny_model_path,
)

BENCHMARK = "local_server"
TOWN = "the_ville_n3"
DEFAULT_MODEL = "gemma"  # llama-cpp-python's server answers with its one model whatever the name
PROGRESS_EVERY_S = 15.0
PREPARE_TIMEOUT_S = 1800.0  # the checkout's `uv sync` (cached wheels: seconds)
STDERR_TAIL_CHARS = 2000


def emit(record: Mapping[str, Any]) -> None:
    print(json.dumps(record), flush=True)


def say(line: str) -> None:
    print(f"local_server: {line}", file=sys.stderr, flush=True)


@dataclass(frozen=True)
class Setup:
    """What was measured: the same for both configurations, so before and after compare."""

    label: str
    hours: float
    model: str
    model_file: str | None
    server: str
    workers: int = 3
    max_concurrency: int = 1  # two cores: one generation at a time is fastest
    timeout_s: float | None = None  # per call, in effect (None: a checkout's own default)
    temperature: float | None = None  # sent with each call (None: the server's own default)
    server_default_temperature: float | None = None  # the started server's, if known
    code: dict[str, Any] = field(default_factory=lambda: {"tree": str(ROOT)})

    def fields(self) -> dict[str, Any]:
        return {
            "benchmark": BENCHMARK,
            "label": self.label,
            "code": self.code,
            "town": TOWN,
            "model": self.model,
            "model_file": self.model_file,
            "server": self.server,
            "workers": self.workers,
            "max_concurrency": self.max_concurrency,
            "timeout_s": self.timeout_s,
            "temperature": self.temperature,
            "server_default_temperature": self.server_default_temperature,
        }


# --- the line (pure) ---------------------------------------------------------------------------


def rate(usable: int, answers: int) -> float | None:
    return round(usable / answers, 3) if answers else None


def parse_rates(structured: Mapping[str, Any] | None) -> dict[str, Any]:
    """Usable / read structured answers, overall, per step and per rung, from the report's
    `structured_output` (`{"rung": …, "steps": {step: {rung: {"answers", "usable"}}}}`)."""
    if not structured:
        return {
            "structured_output_rung": None,
            "structured_answers": None,
            "parse_rate": None,
            "parse_rate_by_step": None,
            "parse_rate_by_rung": None,
        }
    rungs: dict[str, list[int]] = {}
    by_step: dict[str, float | None] = {}
    answers = usable = 0
    for step, counts in sorted((structured.get("steps") or {}).items()):
        step_answers = step_usable = 0
        for rung, count in counts.items():
            read, good = int(count.get("answers", 0)), int(count.get("usable", 0))
            step_answers, step_usable = step_answers + read, step_usable + good
            totals = rungs.setdefault(rung, [0, 0])
            totals[0], totals[1] = totals[0] + read, totals[1] + good
        by_step[step] = rate(step_usable, step_answers)
        answers, usable = answers + step_answers, usable + step_usable
    return {
        "structured_output_rung": structured.get("rung"),
        "structured_answers": answers,
        "parse_rate": rate(usable, answers),
        "parse_rate_by_step": by_step,
        "parse_rate_by_rung": {rung: rate(good, read) for rung, (read, good) in rungs.items()},
    }


def total_tokens(report: Mapping[str, Any]) -> float:
    """The report has tokens per resident-day: back to the run's total."""
    per_agent_day = float(report["tokens_per_agent_day"])
    return per_agent_day * int(report["agents"]) * float(report["game_hours"]) / 24


def figures_line(report: Mapping[str, Any], setup: Setup) -> dict[str, Any]:
    """The JSON line of a finished run, from its report (`smallville simulate --json`)."""
    hours, calls = report["game_hours"], report["llm_calls"]
    return {
        **setup.fields(),
        "completed": True,
        "agents": report["agents"],
        "game_hours": hours,
        "wall_s": report["wall_s"],
        "seconds_per_game_hour": round(report["wall_s"] / hours, 1) if hours else None,
        "llm_calls": calls,
        "tokens_per_call": round(total_tokens(report) / calls, 1) if calls else None,
        "fallbacks": report.get("fallbacks"),
        "failed_attempts": report.get("failed_attempts"),
        "errors": report.get("errors"),
        "breaker_trips": report.get("breaker_trips"),  # older reports: absent (null)
        "steps_on_standby": report.get("steps_on_standby"),
        **parse_rates(report.get("structured_output")),
    }


@dataclass(frozen=True)
class Progress:
    """The last state of `smallville simulate`'s progress bar."""

    first: datetime
    last: datetime
    calls: int
    tokens: int

    @property
    def game_hours(self) -> float:
        """Game time between the first and the last step drawn (one step short)."""
        return (self.last - self.first).total_seconds() / 3600


BAR = re.compile(
    r"\[[# ]*\]\s+\w+ (?P<clock>\d\d:\d\d)\s+\d+%\s+calls (?P<calls>\d+) tokens (?P<tokens>\d+)"
)


def read_progress(text: str) -> Progress | None:
    """The progress bar's first and last drawings in `text` (its stderr), if any."""
    drawings = list(BAR.finditer(text))
    if not drawings:
        return None
    day = datetime(2000, 1, 1)  # the bar shows the clock only; a run here is under a day

    def clock(match: re.Match[str]) -> datetime:
        hour, minute = match["clock"].split(":")
        return day.replace(hour=int(hour), minute=int(minute))

    first, last = clock(drawings[0]), clock(drawings[-1])
    if last < first:  # past midnight
        last = last.replace(day=2)
    return Progress(first, last, int(drawings[-1]["calls"]), int(drawings[-1]["tokens"]))


def unfinished_line(
    setup: Setup, wall_s: float, progress: Progress | None, agents: int = 3
) -> dict[str, Any]:
    """The JSON line of a run stopped at the time limit: what is known of it."""
    calls = progress.calls if progress else None
    return {
        **setup.fields(),
        "completed": False,
        "agents": agents,
        "game_hours": setup.hours,
        "game_hours_reached": round(progress.game_hours, 3) if progress else None,
        "wall_s": round(wall_s, 2),
        "seconds_per_game_hour": None,
        "seconds_per_game_hour_at_least": round(wall_s / setup.hours, 1),
        "llm_calls": calls,
        "tokens_per_call": (
            round(progress.tokens / progress.calls, 1) if progress and progress.calls else None
        ),
        "fallbacks": None,
        "failed_attempts": None,
        "errors": None,
        "breaker_trips": None,
        "steps_on_standby": None,
        **parse_rates(None),
    }


PERF = re.compile(
    r"llama_perf_context_print:\s+(?P<what>prompt eval|eval|total) time =\s+(?P<ms>[\d.]+) ms"
    r"(?: /\s+(?P<n>\d+) (?:tokens|runs))?"
)
PREFIX = re.compile(r"Llama\.generate: (?P<n>\d+) prefix-match hit")


def server_time(log: str) -> dict[str, Any] | None:
    """Where the server's time went, from its log (None when it logged no call)."""
    seconds = {"prompt eval": 0.0, "eval": 0.0, "total": 0.0}
    tokens = {"prompt eval": 0, "eval": 0}
    calls = 0
    for match in PERF.finditer(log):
        what = match["what"]
        seconds[what] += float(match["ms"]) / 1000
        if what in tokens and match["n"]:
            tokens[what] += int(match["n"])
        calls += what == "total"
    if not calls:
        return None
    spent = seconds["prompt eval"] + seconds["eval"]
    return {
        "calls": calls,
        "prompt_tokens_evaluated": tokens["prompt eval"],
        "prompt_eval_s": round(seconds["prompt eval"], 1),
        "tokens_decoded": tokens["eval"],
        "decode_s": round(seconds["eval"], 1),
        "total_s": round(seconds["total"], 1),
        "other_s": round(seconds["total"] - spent, 1),
        "prefix_reused_tokens": sum(int(m["n"]) for m in PREFIX.finditer(log)),
    }


# --- this tree: the simulation in this process ------------------------------------------------


def run_here(base_url: str, setup: Setup, record_dir: Path | None) -> dict[str, Any]:
    # lazy: the town and the minds are not needed to show --help or a missing group
    from game.bridge import LivingTown, SimulationOptions, server_settings, simulate

    options = SimulationOptions(
        town=TOWN,
        hours=setup.hours,
        base_url=base_url,
        model=setup.model,
        api_key=SecretStr("not-needed"),
        workers=setup.workers,
        max_concurrency=setup.max_concurrency,
        embedder="hashing",
        record_dir=record_dir,
        timeout_s=setup.timeout_s,  # None: the default for where the server is
    )
    started = time.perf_counter()
    told = started
    seen: list[LivingTown] = []

    def show(town: LivingTown) -> None:
        nonlocal told
        if not seen:
            seen.append(town)
        if time.perf_counter() - told >= PROGRESS_EVERY_S:
            told = time.perf_counter()
            usage = town.stack.meter.snapshot().total
            say(
                f"{town.clock.now:%H:%M}, {told - started:.0f} s: "
                f"{usage.calls} calls, {usage.total_tokens} tokens"
            )

    report, _ = simulate(options, observe=show)
    in_effect = server_settings(  # what the run used: the option, else the default for where
        options.base_url,  # the server is (a local one gets longer), or the environment's
        options.model,
        options.api_key,
        max_concurrency=options.max_concurrency,
        timeout_s=options.timeout_s,
    ).call_timeout_s
    line = figures_line(report, replace(setup, timeout_s=in_effect))
    return {**line, "by_step": by_step(seen[0]) if seen else None}


def by_step(town: Any) -> dict[str, dict[str, float]]:
    """Where the run's model time went, step by step (most calls first): calls, prompt and
    answer tokens a call, failed attempts."""
    steps = town.stack.meter.snapshot().by_task
    ordered = sorted(steps.items(), key=lambda item: (-item[1].calls, item[0]))
    return {
        step: {
            "calls": tally.calls,
            "prompt_tokens_per_call": round(tally.prompt_tokens / max(tally.calls, 1), 1),
            "answer_tokens_per_call": round(tally.completion_tokens / max(tally.calls, 1), 1),
            "failed_attempts": tally.failed_attempts,
        }
        for step, tally in ordered
    }


# --- another checkout: its own `smallville simulate` --------------------------------------------


def uv_executable() -> str:
    found = os.environ.get("UV") or shutil.which("uv")
    if not found:
        raise BenchmarkError("--checkout needs uv (https://docs.astral.sh/uv/) on PATH")
    return found


class BenchmarkError(Exception):
    """Something the person running the benchmark must fix (the message says what)."""


def checkout_commit(folder: Path) -> str | None:
    try:
        done = subprocess.run(
            ["git", "--no-optional-locks", "-C", str(folder), "rev-parse", "HEAD"],
            capture_output=True,
            text=True,
            timeout=30,
            check=True,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip()


def checkout_command(folder: Path, base_url: str, setup: Setup, report: Path) -> list[str]:
    """`smallville simulate` of that checkout, with the flags it has (as at 3dfd7ae: no
    timeout flag). No --quiet: its progress bar (stderr) tells how far it got if stopped."""
    return [
        uv_executable(), "run", "--directory", str(folder), "smallville", "simulate",
        "--town", TOWN, "--hours", str(setup.hours), "--base-url", base_url,
        "--model", setup.model, "--embedder", "hashing", "--workers", str(setup.workers),
        "--max-concurrency", str(setup.max_concurrency), "--json", str(report), "--no-record",
    ]  # fmt: skip


def child_environment() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("VIRTUAL_ENV", None)  # this tree's environment, not the checkout's
    env.setdefault("OPENAI_API_KEY", "not-needed")
    return env


def prepare_checkout(folder: Path) -> None:
    """Its environment synced (untimed): `uv run` of its `smallville --help`."""
    say(f"preparing the environment of {folder} (untimed)")
    done = subprocess.run(
        [uv_executable(), "run", "--directory", str(folder), "smallville", "simulate", "--help"],
        env=child_environment(),
        capture_output=True,
        text=True,
        timeout=PREPARE_TIMEOUT_S,
    )
    if done.returncode != 0:
        raise BenchmarkError(
            f"`smallville simulate --help` failed in {folder}:\n{done.stderr[-STDERR_TAIL_CHARS:]}"
        )


def stop_group(process: subprocess.Popen[bytes]) -> None:
    """Kill the run and its children (uv → python): the process group it leads."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()


def run_checkout(folder: Path, base_url: str, setup: Setup, time_limit_s: float) -> dict[str, Any]:
    prepare_checkout(folder)
    with tempfile.TemporaryDirectory(prefix="smallville-before-") as scratch:
        report_path = Path(scratch) / "report.json"
        errors_path = Path(scratch) / "stderr.txt"
        command = checkout_command(folder, base_url, setup, report_path)
        say(f"running {folder}'s smallville simulate (time limit {time_limit_s:.0f} s)")
        started = time.perf_counter()
        with errors_path.open("wb") as errors:
            process = subprocess.Popen(
                command,
                env=child_environment(),
                stdout=subprocess.DEVNULL,
                stderr=errors,
                start_new_session=True,  # its own process group, to stop uv and its child
            )
        try:
            status = wait_telling(process, started, time_limit_s, errors_path)
        finally:
            if process.poll() is None:
                stop_group(process)
        wall_s = time.perf_counter() - started
        stderr = errors_path.read_text(encoding="utf-8", errors="replace")
        if status is None:
            say(f"stopped at the time limit after {wall_s:.0f} s")
            return unfinished_line(setup, wall_s, read_progress(stderr))
        if status != 0 or not report_path.exists():
            raise BenchmarkError(
                f"the checkout's smallville simulate failed (exit {status}):\n"
                f"{stderr[-STDERR_TAIL_CHARS:]}"
            )
        report = json.loads(report_path.read_text(encoding="utf-8"))
        return figures_line(report, setup)


def wait_telling(
    process: subprocess.Popen[bytes], started: float, time_limit_s: float, errors_path: Path
) -> int | None:
    """Its exit status, or None at the time limit; its progress on stderr meanwhile."""
    while True:
        left = started + time_limit_s - time.perf_counter()
        if left <= 0:
            return None
        try:
            return process.wait(timeout=min(left, PROGRESS_EVERY_S))
        except subprocess.TimeoutExpired:
            progress = read_progress(errors_path.read_text(encoding="utf-8", errors="replace"))
            if progress is not None:
                say(
                    f"{progress.last:%H:%M}, {time.perf_counter() - started:.0f} s: "
                    f"{progress.calls} calls, {progress.tokens} tokens"
                )


# --- the command -----------------------------------------------------------------------------


@contextlib.contextmanager
def server_for(
    args: argparse.Namespace,
) -> Iterator[tuple[str, str, str | None, LlamaServer | None]]:
    """The base URL, a description of the server, the model file's name and the server
    started here (None: the one given)."""
    if args.base_url:
        named = args.model_path.name if args.model_path else None
        yield args.base_url, f"given: {args.base_url}", named, None
        return
    model_path = args.model_path or tiny_model_path()
    try:
        version = importlib.metadata.version("llama_cpp_python")
    except importlib.metadata.PackageNotFoundError:
        version = "?"
    wait_policy = PASSIVE if args.sleep else "ACTIVE"
    args.server_default_temperature = llama_server_temperature()
    say(f"starting the llama.cpp server with {model_path.name}")
    started = time.perf_counter()
    server = LlamaServer(
        model_path,
        n_threads=args.threads,
        wait_policy=wait_policy,
        chat_format=args.chat_format,
        log_path=args.server_log,
    )
    chat = args.chat_format or "the file's template, else Llama 2's"
    description = (
        f"llama-cpp-python {version}, started here ({args.threads} threads, n_ctx 4096, "
        f"OMP_WAIT_POLICY={wait_policy}, chat format: {chat})"
    )
    with server as base_url:
        say(f"the server answers at {base_url} ({time.perf_counter() - started:.0f} s)")
        yield base_url, description, model_path.name, server


def llama_server_temperature() -> float | None:
    """llama-cpp-python's server's default temperature (a request without one samples at it)."""
    try:
        from llama_cpp.server.types import temperature_field
    except ImportError:
        return None
    default = getattr(temperature_field, "default", None)  # a pydantic FieldInfo
    return float(default) if isinstance(default, int | float) else None


def game_temperature(given: float | None) -> float | None:
    """What each call sends: `given`, else the game's settings' (the environment's
    SMALLVILLE_TEMPERATURE; unset: None, the server's own default)."""
    if given is not None:
        os.environ["SMALLVILLE_TEMPERATURE"] = str(given)  # the run (or checkout) reads it
        return given
    from cognition.config import LLMSettings

    return LLMSettings.load().temperature


def measure(args: argparse.Namespace) -> dict[str, Any]:
    code: dict[str, Any] = {"tree": str(ROOT)}
    folder = None if args.checkout is None else args.checkout.resolve()
    if folder is not None:
        if not (folder / "pyproject.toml").is_file():
            raise BenchmarkError(f"{folder} is not a checkout of this project (no pyproject.toml)")
        code = {"checkout": str(folder), "commit": checkout_commit(folder)}
    at_start = machine()
    temperature = game_temperature(args.temperature)
    with server_for(args) as (base_url, description, model_file, server):
        setup = Setup(
            label=args.label or ("before" if folder else "after"),
            hours=args.hours,
            model=args.model,
            model_file=model_file,
            server=description,
            workers=args.workers,
            max_concurrency=args.max_concurrency,
            timeout_s=args.timeout_s,
            temperature=temperature,
            server_default_temperature=getattr(args, "server_default_temperature", None),
            code=code,
        )
        if folder is None:
            if args.record:
                say(f"the run record goes to {args.record}")
            line = run_here(base_url, setup, args.record)
        else:
            line = run_checkout(folder, base_url, setup, args.time_limit_s)
        path = server.log_path if server is not None else None
        log = path.read_text(encoding="utf-8", errors="replace") if path and path.exists() else ""
    line["server_time"] = server_time(log)
    load_end = [round(load, 2) for load in os.getloadavg()]
    return {**line, "machine": at_start, "load_average_end": load_end}


def parse_arguments(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hours", type=float, default=1.0, help="game hours (default 1)")
    parser.add_argument("--label", help='the configuration ("after"; "before" with --checkout)')
    parser.add_argument("--base-url", help="use this server instead of starting one")
    parser.add_argument("--model", default=DEFAULT_MODEL, help="the model name to ask for")
    parser.add_argument(
        "--model-path", type=Path, help="the GGUF to serve (default: the group's tiny model)"
    )
    parser.add_argument("--threads", type=int, default=2, help="the server's threads")
    parser.add_argument("--server-log", type=Path, help="keep the server's output here")
    parser.add_argument(
        "--sleep",
        action="store_true",
        help="the server's threads sleep while they wait (OMP_WAIT_POLICY=PASSIVE: for a "
        "shared machine; default: they spin, OpenMP's default)",
    )
    parser.add_argument(
        "--chat-format",
        help="the server's chat format (e.g. \"gemma\": the tiny model's file has no template, "
        "and the server's fallback is Llama 2's; default: the server's choice)",
    )
    parser.add_argument("--workers", type=int, default=3, help="thinking threads")
    parser.add_argument("--max-concurrency", type=int, default=1, help="model calls at once")
    parser.add_argument(
        "--timeout-s", type=float, help="seconds a call may take (this tree only; default: its own)"
    )
    parser.add_argument(
        "--temperature",
        type=float,
        help="send this temperature (default: the game's; unset: the server's own default)",
    )
    parser.add_argument("--record", type=Path, help="keep the run record in this folder")
    parser.add_argument(
        "--checkout", type=Path, metavar="DIR", help="measure that checkout of the project instead"
    )
    parser.add_argument(
        "--time-limit-s",
        type=float,
        default=1800.0,
        help="with --checkout: stop its run after this long (default 1800)",
    )
    args = parser.parse_args(argv)
    if args.hours <= 0:
        parser.error("--hours must be positive")
    if args.checkout is not None and args.timeout_s is not None:
        parser.error("--timeout-s applies to this tree only (the checkout uses its own default)")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_arguments(argv)
    try:
        line = measure(args)
    except (LlamaServerError, BenchmarkError) as error:
        say(str(error))
        return 2
    emit(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
