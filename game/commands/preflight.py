"""Checks a command makes before a town starts, each failing in one line on stderr: the
argument types argparse cannot express (`non_negative`), and whether the model server a run
names answers (`server_down`), unless the user asked to go on with the offline brain; and
whether a window can open at all (`display_problem`)."""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Mapping
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    # lazy: for the annotation only; the bridge imports the minds (~0.4 s)
    from game.bridge import SimulationOptions

SERVER_CHECK_SECONDS = 10.0
OFFLINE_FALLBACK_FLAG = "--offline-fallback"


def non_negative(text: str) -> float:
    """An argparse type: a finite number ≥ 0 (game hours, minutes)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more (got {text!r})")
    return value


def add_offline_fallback_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        OFFLINE_FALLBACK_FLAG,
        action="store_true",
        help="when the --base-url server does not answer before the town starts, run the "
        "town on the offline brain instead of stopping",
    )


def server_down(
    options: SimulationOptions, offline_fallback: bool, stream: TextIO | None = None
) -> bool:
    """Test the one model server `options` names (no pool, no --base-url: nothing to test).
    True when it does not answer and the run must stop (the reason printed on one line);
    with `offline_fallback`, a line says so and `options` switch to the offline brain."""
    # lazy: the connection test imports openai (0.5 s)
    from game.bridge import check_server, model_settings, public_url

    if options.base_url is None or options.routes is not None:
        return False
    report = check_server(model_settings(options), SERVER_CHECK_SECONDS)
    if report.ok:
        return False
    stream = sys.stderr if stream is None else stream  # as it is now, not at import
    reason = " ".join(report.message.split())
    where = f"the model server at {public_url(options.base_url)}"
    if offline_fallback:
        print(f"smallville: {where} does not answer ({reason}): the offline brain runs the "
              "town", file=stream)  # fmt: skip
        options.base_url = options.model = None
        return False
    print(f"smallville: {where} does not answer: {reason} ({OFFLINE_FALLBACK_FLAG} runs the town "
          "on the offline brain instead)", file=stream)  # fmt: skip
    return True


# drivers that draw without a windowing system: asked for on purpose, they need no display
NO_DISPLAY_DRIVERS = frozenset({"dummy", "offscreen", "kmsdrm", "directfb", "fbcon", "evdev"})
HEADLESS_HINT = (
    "to run without a window: SDL_VIDEODRIVER=dummy smallville --headless --frames 600 "
    "--screenshot town.png (or smallville simulate --town the_ville_n3 --hours 1)"
)


def display_problem(
    environ: Mapping[str, str] = os.environ, platform: str = sys.platform
) -> str | None:
    """Why a window cannot open here, on one line; None when it can (or cannot be known).
    On Linux and the BSDs a window needs an X11 or Wayland display: without one SDL falls
    back to an invisible off-screen window and the game waits for input that never comes."""
    if platform.startswith(("win", "darwin", "cygwin")):
        return None
    if environ.get("SDL_VIDEODRIVER", "").strip().lower() in NO_DISPLAY_DRIVERS:
        return None
    if environ.get("DISPLAY", "").strip() or environ.get("WAYLAND_DISPLAY", "").strip():
        return None
    return f"no display found ($DISPLAY and $WAYLAND_DISPLAY are not set); {HEADLESS_HINT}"
