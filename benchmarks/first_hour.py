"""A newcomer's waits (issue 31): the title screen, a town ready, and Save & quit — for the
25-resident town with its minds (offline brain, MiniLM), one JSON line.

    uv run python benchmarks/first_hour.py            # 3 runs each, medians
    uv run python benchmarks/first_hour.py --runs 1 --town the_ville_n3

- `title_s`: launch of a fresh interpreter → the title screen's first frame on screen (the
  child imports `game.cli` as the `smallville` command does, then `GameFlow`'s title);
- `town_ready_s`: launch of `smallville --headless --frames 1 --town TOWN` → the town with
  its minds loaded (its own `town_ready_unix`);
- `save_quit_s`: in a child, the town started through the title's New town form (real
  events, `game.play.tour`), a few frames lived, then the window's close button → "Save &
  quit" clicked → the save written and the town closed (`GameFlow.close_with_screen`);
  `save_s` and `close_s` are its two parts.

The children may write bytecode (`PYTHONDONTWRITEBYTECODE` is dropped from their
environment): a player's every launch but the first reads the cached bytecode, and without it
each launch compiles ~470 modules again (about 1.2 s on a 2-core machine).

Targets (issue 31, on a quiet 2-core machine): title ≤ 3 s, town ready ≤ 5 s, save & quit
≤ 3 s. The load average is printed with the figures: on a shared machine they are slower.

    {"town": "the_ville_n25", "runs": 3, "title_s": 1.1, "town_ready_s": 4.2,
     "save_quit_s": 1.9, "targets": {...}, "load_average": [...], "cpus": 2}
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
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGETS = {"title_s": 3.0, "town_ready_s": 5.0, "save_quit_s": 3.0}
RUN_TIMEOUT_S = 600


def child_environment(home: Path) -> dict[str, str]:
    dropped = ("OPENAI_", "SMALLVILLE_", "PYTHONDONTWRITEBYTECODE")
    env = {k: v for k, v in os.environ.items() if not k.startswith(dropped)}
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        SMALLVILLE_DATA_DIR=str(home / "data"),
        SMALLVILLE_CONFIG_DIR=str(home / "config"),
    )
    return env


def last_json(output: str) -> dict[str, float]:
    value: dict[str, float] = json.loads(output.strip().splitlines()[-1])
    return value


def launch(args: list[str], home: Path) -> tuple[float, dict[str, float]]:
    """Start a child (this script or the game's command); launch time and its JSON line."""
    launched = time.time()
    result = subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=child_environment(home), capture_output=True,
        text=True, timeout=RUN_TIMEOUT_S, check=False,
    )  # fmt: skip
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(args)} exited {result.returncode}: {result.stderr[-600:]}")
    return launched, last_json(result.stdout)


def title_child() -> None:
    """The title's first frame, as `smallville` draws it; when, on stdout."""
    import pygame

    import game.cli  # noqa: F401 — what the command imports first
    from game.play.app import AppOptions
    from game.play.flow import GameFlow, TitleScreen
    from game.ui.window import open_window

    flow = GameFlow(AppOptions())
    screen = open_window(flow.options.size)
    title = TitleScreen(flow.text, flow.player_settings, flow.slots, flow.towns)
    title.step(screen, 0.0, [])
    pygame.display.flip()
    print(json.dumps({"title_unix": time.time()}))


def save_quit_child(town: str, home: Path) -> None:
    """Start `town` through the title, live a little, then the close button → Save & quit
    → saved and closed: the seconds from the click to the town closed."""
    import pygame

    from game.play.tour import Tour, click_event, menu_point, post
    from game.saves import SaveSlots
    from game.ui.menus import SavePrompt

    pygame.init()
    tour = Tour(None, town, size=(1280, 720), slots=SaveSlots(home / "slots"))
    app = tour.start_town()
    tour.frames(30)
    post(pygame.event.Event(pygame.QUIT))
    tour.frames(2)
    prompt = app.panels.top
    if not isinstance(prompt, SavePrompt):
        raise SystemExit("the close button did not ask to save")
    started = time.perf_counter()
    post(*click_event(menu_point(prompt, prompt.button("Save & quit"))))
    tour.until(lambda: app.menus is not None and app.menus.leaving is not None, "the save")
    saved = time.perf_counter()
    tour.flow.close_with_screen(app)
    tour.app = None
    done = time.perf_counter()
    print(json.dumps({"save_quit_s": done - started, "save_s": saved - started,
                      "close_s": done - saved}))  # fmt: skip
    pygame.quit()


def measure(town: str, runs: int) -> dict[str, object]:
    figures: dict[str, list[float]] = {name: [] for name in (*TARGETS, "save_s", "close_s")}
    script = str(Path(__file__).resolve())
    for _ in range(runs):
        with tempfile.TemporaryDirectory(prefix="smallville-first-hour-") as folder:
            home = Path(folder)
            launched, shown = launch([script, "--child", "title"], home)
            figures["title_s"].append(shown["title_unix"] - launched)
            command = ["-m", "game.cli", "--headless", "--frames", "1", "--town", town]
            launched, ready = launch(command, home)
            figures["town_ready_s"].append(ready["town_ready_unix"] - launched)
            _, quit_figures = launch([script, "--child", "quit", "--town", town], home)
            for name in ("save_quit_s", "save_s", "close_s"):
                figures[name].append(quit_figures[name])
    result: dict[str, object] = {"town": town, "runs": runs}
    result.update({name: round(statistics.median(v), 2) for name, v in figures.items()})
    result["targets"] = TARGETS
    result["bytecode_cached"] = True
    result["load_average"] = [round(x, 2) for x in os.getloadavg()]
    result["cpus"] = os.cpu_count()
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--town", default="the_ville_n25")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--child", choices=["title", "quit"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child == "title":
        title_child()
        return 0
    if args.child == "quit":
        save_quit_child(args.town, Path(os.environ["SMALLVILLE_DATA_DIR"]).parent)
        return 0
    print(json.dumps(measure(args.town, args.runs)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
