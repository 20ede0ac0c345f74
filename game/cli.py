"""The `smallville` command line (composition root)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="smallville", description="A town of generative agents.")
    commands = parser.add_subparsers(dest="command")
    add_map_check_command(commands)
    add_simulate_command(commands)
    add_saves_command(commands)
    add_screenshots_command(commands)
    add_game_flags(parser)
    return parser


def add_game_flags(parser: argparse.ArgumentParser) -> None:
    """Flags for the default command: play the game (or run it headless)."""
    game = parser.add_argument_group("the game (no command)")
    game.add_argument("--headless", action="store_true", help="no window: run --frames and exit")
    game.add_argument("--frames", type=int, default=600, help="frames to run headless")
    game.add_argument("--screenshot", type=Path, help="save the last headless frame as a PNG")
    game.add_argument("--bench-json", type=Path, help="write headless frame timings as JSON")
    game.add_argument(
        "--no-minds", action="store_true", help="the schedule (headless: wandering), no minds"
    )
    game.add_argument(
        "--town",
        choices=["the_ville_n25", "the_ville_n3"],
        help="start this bundled town at once as a new visitor, skipping the title screen "
        "(headless default the_ville_n25; without minds: every resident)",
    )
    game.add_argument("--load", metavar="SLOT", help="open this save at once (skip the title)")


def run_game(args: argparse.Namespace) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.play.app import AppOptions
    from game.play.launch import play
    from game.town.player import DEFAULT_VISITOR_DESCRIPTION, DEFAULT_VISITOR_NAME
    from game.ui.menus import LoadSlot, NewTown

    if args.load and (args.town or args.no_minds or args.headless):
        raise SystemExit(
            "--load opens a save in the window: not with --town, --no-minds or --headless"
        )
    first: NewTown | LoadSlot | None = None
    if args.load:
        first = LoadSlot(args.load)
    elif args.town and not args.no_minds:
        first = NewTown(args.town, DEFAULT_VISITOR_NAME, DEFAULT_VISITOR_DESCRIPTION)
    town = args.town if args.town or args.no_minds else "the_ville_n25"
    return play(
        headless=args.headless,
        frames=args.frames,
        screenshot=args.screenshot,
        bench_json=args.bench_json,
        options=AppOptions(minds=not args.no_minds, town=town),
        first=first,
    )


def add_map_check_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    check = commands.add_parser(
        "map-check", help="check a .tmx map: counts, errors and unreachable objects"
    )
    check.add_argument("path", type=Path, help="the .tmx file, e.g. maps/the_ville.tmx")
    check.add_argument("--json", action="store_true", help="print one JSON object")
    check.set_defaults(handler=run_map_check)


def run_map_check(args: argparse.Namespace) -> int:
    """Print the map report; exit status 1 when the map has errors or unreachable objects."""
    from game.world.map_check import check_map

    report = check_map(args.path)
    if args.json:
        print(json.dumps(report.to_json(), ensure_ascii=False))
    else:
        print(report.to_text(args.path))
    return 0 if report.ok else 1


def add_simulate_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    sim = commands.add_parser(
        "simulate", help="run a town headless in lockstep and report what the minds did"
    )
    sim.add_argument("--town", default="the_ville_n25", help="a bundled town or a directory")
    sim.add_argument("--hours", type=float, default=24.0, help="game hours to run")
    sim.add_argument("--brain", choices=["offline"], help="the offline brain (the default)")
    sim.add_argument(
        "--base-url", help="an OpenAI-compatible server, e.g. http://localhost:11434/v1"
    )
    sim.add_argument("--model", help="the model name at --base-url")
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--step-minutes", type=float, default=1.0, help="game minutes per step")
    sim.add_argument("--workers", type=int, default=16, help="thinking threads")
    sim.add_argument("--max-concurrency", type=int, default=16, help="model calls at once")
    sim.add_argument("--embedder", choices=["minilm", "hashing"], default="minilm")
    sim.add_argument("--data-dir", type=Path, help="keep the memory store here (default: temp)")
    sim.add_argument("--json", type=Path, help="write the report as JSON")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    sim.add_argument("--save", metavar="SLOT", help="save the town in this slot at the end")
    sim.add_argument(
        "--load",
        metavar="SLOT",
        help="start from this save: its town, seed and memories (--hours 0: describe it, stop)",
    )
    sim.add_argument(
        "--previous", action="store_true", help="with --load: the save before the slot's last"
    )
    sim.add_argument("--saves-dir", type=Path, help="where the slots are (default: user data)")
    sim.set_defaults(handler=run_simulate)


def run_simulate(args: argparse.Namespace) -> int:
    from game.commands.simulate import SimulationOptions, run_simulation_command

    if args.brain == "offline" and args.base_url:
        raise SystemExit("choose --brain offline or --base-url, not both")
    options = SimulationOptions(
        town=args.town,
        hours=args.hours,
        seed=args.seed,
        step_minutes=args.step_minutes,
        base_url=args.base_url,
        model=args.model,
        api_key=os.environ.get("OPENAI_API_KEY"),
        max_concurrency=args.max_concurrency,
        workers=args.workers,
        data_dir=args.data_dir,
        embedder=args.embedder,
        progress=not args.quiet,
        save=args.save,
        load=args.load,
        previous=args.previous,
        saves_dir=args.saves_dir,
    )
    if args.previous and args.load is None:
        raise SystemExit("--previous needs --load SLOT")
    return run_simulation_command(options, args.json)


def add_saves_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    saves = commands.add_parser("saves", help="list the saved towns")
    saves.add_argument("--saves-dir", type=Path, help="where the slots are (default: user data)")
    saves.add_argument("--json", action="store_true", help="print one JSON object per slot")
    saves.set_defaults(handler=run_saves)


def run_saves(args: argparse.Namespace) -> int:
    """One line per slot: name, town, game time, saved at, residents, ok or the problem."""
    from game.bridge.persist.save import slot_lines
    from game.saves import SaveSlots

    for line in slot_lines(SaveSlots(args.saves_dir).list(), as_json=args.json):
        print(line)
    return 0


def add_screenshots_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    shots = commands.add_parser(
        "screenshots",
        help="play a scripted tour (real input events, offline brain) and save a PNG at each "
        "stop: title, new town, town, inspector, chat, objects, pause, load",
    )
    shots.add_argument("folder", type=Path, help="where the PNGs go, e.g. docs/screenshots")
    shots.add_argument("--town", choices=["the_ville_n3", "the_ville_n25"], default="the_ville_n3")
    shots.add_argument("--window", action="store_true", help="show the window (default: headless)")
    shots.set_defaults(handler=run_screenshots)


def run_screenshots(args: argparse.Namespace) -> int:
    if not args.window:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game.play.tour import TourError, take_screenshots

    pygame.init()
    try:
        take_screenshots(args.folder, args.town)
    except TourError as error:
        print(f"The tour stopped: {error}", file=sys.stderr)
        return 1
    finally:
        pygame.quit()
    return 0


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command is None:
        return run_game(args)
    handler = args.handler
    result: int = handler(args)
    return result


if __name__ == "__main__":
    raise SystemExit(main())
