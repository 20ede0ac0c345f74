"""Many towns at once: a list of town jobs — each one evaluation (`EvaluationOptions`) with its
own out folder — run by an executor (`executors.py`: in this process, local worker
processes, or Ray tasks), their outcomes gathered in the jobs' order.

- Every job is planned (`plan`) before any town starts: a bad setting is an
  `EvaluationError` naming the town, and nothing has run.
- A town that fails is an outcome with its error (and `error.txt` in its folder, with the
  traceback); the other towns go on.
- A town whose folder holds a finished evaluation of the same settings
  (`town-outcome.json`, written here when a town finishes) is not run again: "reused".
- Progress: a line whenever the counts change — "towns: 3 done (1 reused), 2 running,
  1 failed, 2 waiting" — and one per finished or failed town.

`run_town(job)` is what a worker runs: it imports nothing heavy beyond the evaluation, keeps
the town's progress lines in `<folder>/evaluate.log`, and returns a `TownOutcome` (plain
data: the figures of `figures.result_figures`, the run's settings and simulation figures).
"""

from __future__ import annotations

import contextlib
import json
import time
import traceback
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, wait
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Protocol

from game.evaluation.outcome import TownOutcome
from game.evaluation.plan import EvaluationOptions, plan
from game.evaluation.scenario import EvaluationError

__all__ = [
    "OUTCOME_FILE",
    "TownCounts",
    "TownExecutor",
    "TownJob",
    "TownOutcome",
    "run_town",
    "run_towns",
]

OUTCOME_FILE = "town-outcome.json"  # a finished town's figures and the settings it ran with
LOG_FILE = "evaluate.log"  # the town's own progress lines
ERROR_FILE = "error.txt"  # a failed town's traceback


@dataclass(frozen=True)
class TownJob:
    """One town to evaluate: a name for the progress and the report ("seed 3",
    "offline × full") and its evaluation, whose `out_dir` is the town's own folder."""

    name: str
    options: EvaluationOptions


class TownExecutor(Protocol):
    """Where towns run: `slots` towns at once; `submit` starts one; `close` waits for the
    towns started, `stop` ends them at once."""

    slots: int
    where: str  # "in this process", "2 local processes", "the Ray cluster at ray://…"

    def submit(self, job: TownJob) -> Future[TownOutcome]: ...

    def close(self) -> None: ...

    def stop(self) -> None:
        """Ctrl-C: end the running towns now, waiting for none."""


def run_town(job: TownJob) -> TownOutcome:
    """Evaluate one town (in whichever process or node runs it); never raises."""
    # lazy: the figures import the targets; a worker imports the evaluation here, once
    from game.evaluation.figures import result_figures
    from game.evaluation.progress import Progress
    from game.evaluation.runner import evaluate

    began = time.perf_counter()
    folder = job.options.out_dir or Path(".")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with (folder / LOG_FILE).open("a", encoding="utf-8") as log:

            def say(line: str) -> None:
                log.write(f"[{time.perf_counter() - began:7.1f} s] {line}\n")
                log.flush()

            result = evaluate(job.options, Progress(say))
        run = result.run
        facts = {
            "town": run.town,
            "seed": run.seed,
            "hours": run.hours,
            "produced_by": run.produced_by,
            "simulated": run.simulated,
            "simulation": run.simulation,
            "report": str(result.files.markdown),
        }
        wall = round(time.perf_counter() - began, 1)
        return TownOutcome(job.name, folder, "done", result_figures(result), facts, wall)
    except Exception as error:  # noqa: BLE001 — one town's failure of any kind must not stop the others
        message = str(error).strip().splitlines()[0] if str(error).strip() else ""
        if not isinstance(error, EvaluationError):
            message = f"{type(error).__name__}: {message}" if message else type(error).__name__
        wall = round(time.perf_counter() - began, 1)
        return TownOutcome(
            job.name, folder, "failed", wall_s=wall, error=message, detail=traceback.format_exc()
        )


@dataclass
class TownCounts:
    """How many towns are done (of which reused), running, failed and waiting."""

    total: int
    done: int = 0
    reused: int = 0
    running: int = 0
    failed: int = 0

    @property
    def waiting(self) -> int:
        return self.total - self.done - self.running - self.failed

    def line(self) -> str:
        reused = f" ({self.reused} reused)" if self.reused else ""
        return (
            f"towns: {self.done} done{reused}, {self.running} running, {self.failed} failed, "
            f"{self.waiting} waiting"
        )


def run_towns(
    jobs: Sequence[TownJob],
    executor: TownExecutor,
    say: Callable[[str], None] = lambda line: None,
    finished: Callable[[TownOutcome], None] = lambda outcome: None,
) -> list[TownOutcome]:
    """Every job's outcome, in the jobs' order: each job planned first (`EvaluationError`
    naming the town before any starts), finished towns reused, the rest run `executor.slots`
    at a time. `finished(outcome)` is called as each town ends (to rewrite a report)."""
    checked = [_checked(job) for job in jobs]
    names = [job.name for job, _ in checked]
    if len(set(names)) != len(names):
        raise EvaluationError("two towns share a name: " + ", ".join(sorted(names)))
    counts = TownCounts(len(checked))
    outcomes: dict[int, TownOutcome] = {}
    queue: deque[int] = deque()
    for index, (job, identity) in enumerate(checked):
        kept = None if job.options.fresh else _kept(job, identity)
        if kept is None:
            queue.append(index)
            continue
        outcomes[index] = kept
        counts.done += 1
        counts.reused += 1
        say(f"{job.name}: reused (its folder holds a finished evaluation: {job.options.out_dir})")
    say(f"{len(checked)} towns, {executor.where}, {executor.slots} at once")
    running: dict[Future[TownOutcome], int] = {}
    shown = ""
    while queue or running:
        while queue and len(running) < executor.slots:
            index = queue.popleft()
            running[executor.submit(checked[index][0])] = index
            counts.running += 1
        if (line := counts.line()) != shown:
            say(shown := line)
        ended, _ = wait(running, return_when=FIRST_COMPLETED)
        for future in ended:
            index = running.pop(future)
            job, identity = checked[index]
            outcome = _outcome_of(future, job)
            counts.running -= 1
            if outcome.ok:
                counts.done += 1
                if (problem := _keep(outcome, identity)) is not None:
                    say(f"{job.name}: {problem} (a re-run will evaluate it again)")
                passed = outcome.figures.get("targets_passed")
                say(f"{job.name}: done in {outcome.wall_s:g} s, {passed} targets passed")
            else:
                counts.failed += 1
                _note_failure(outcome)
                say(f"{job.name} failed: {outcome.error}")
            outcomes[index] = outcome
            finished(outcome)
    if (line := counts.line()) != shown:
        say(line)
    return [outcomes[index] for index in range(len(checked))]


def _checked(job: TownJob) -> tuple[TownJob, dict[str, Any]]:
    """The job with its paths made absolute (a worker elsewhere finds them), and what makes
    two evaluations the same (kept in town-outcome.json)."""
    try:
        settled = plan(job.options)
    except EvaluationError as error:
        raise EvaluationError(f"{job.name}: {error}") from None
    options = replace(
        job.options,
        out_dir=settled.out_dir.resolve(),
        questions_dir=_absolute(job.options.questions_dir),
        referees_file=_absolute(job.options.referees_file),
    )
    if settled.town.id == str(settled.town.directory):  # a town folder, not a bundled town
        options.town = str(settled.town.directory.resolve())
    settings = {**settled.panel_settings(), "controls": settled.options.controls}
    identity = json.loads(json.dumps(settings, default=str))
    return TownJob(job.name, options), identity


def _absolute(path: Path | None) -> Path | None:
    return None if path is None else path.resolve()


def _outcome_of(future: Future[TownOutcome], job: TownJob) -> TownOutcome:
    folder = job.options.out_dir or Path(".")
    try:
        return future.result()
    except Exception as error:  # noqa: BLE001 — the worker died (a killed process, a lost node)
        message = f"the worker running it died ({type(error).__name__}: {error})"
        return TownOutcome(job.name, folder, "failed", error=message, detail=repr(error))


def _kept(job: TownJob, identity: dict[str, Any]) -> TownOutcome | None:
    folder = job.options.out_dir or Path(".")
    try:
        data = json.loads((folder / OUTCOME_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("settings") != identity:
        return None
    figures, run = data.get("figures"), data.get("run")
    if not isinstance(figures, dict) or not isinstance(run, dict):
        return None
    return TownOutcome(job.name, folder, "reused", figures, run, float(data.get("wall_s", 0.0)))


def _keep(outcome: TownOutcome, identity: dict[str, Any]) -> str | None:
    """town-outcome.json in the town's folder; why not, when it cannot be written."""
    kept = {
        "settings": identity,
        "figures": outcome.figures,
        "run": outcome.run,
        "wall_s": outcome.wall_s,
    }
    try:
        outcome.folder.mkdir(parents=True, exist_ok=True)  # a node elsewhere may have run it
        (outcome.folder / OUTCOME_FILE).write_text(
            json.dumps(kept, indent=2, default=str) + "\n", encoding="utf-8"
        )
        (outcome.folder / ERROR_FILE).unlink(missing_ok=True)
    except OSError as error:
        return f"cannot write {outcome.folder / OUTCOME_FILE} ({error.strerror})"
    return None


def _note_failure(outcome: TownOutcome) -> None:
    """error.txt in the town's folder (when it is a folder), so the traceback is kept."""
    with contextlib.suppress(OSError):  # the folder itself may be what failed
        (outcome.folder / ERROR_FILE).write_text(
            f"{outcome.error}\n\n{outcome.detail or ''}", encoding="utf-8"
        )
