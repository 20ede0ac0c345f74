"""What the HUD shows of the minds over a town: the dialogue log, how late the minds are,
and what they have cost so far (`usage_line`: model calls per endpoint, tokens, dollars at
list prices); while the town wakes up, how far its waking has come and the key that starts
it now (`waking_line`, `start_now`)."""

from __future__ import annotations

from datetime import datetime

from game.bridge import LivingTown
from game.ui.dialogue_panel import LogLine
from game.ui.hud import HudInfo

__all__ = ["START_NOW", "read_minds", "start_now", "usage_line", "waking_line"]

START_NOW = "Space: start now"  # the banner's hint while the town wakes up (`StartOrPause`)


def read_minds(info: HudInfo, living: LivingTown, now: datetime) -> None:
    """`info` given the minds' part: the last lines said, the usage line, the lag at `now`."""
    spoken = living.director.dialogue
    info.dialogue = [LogLine(x.speaker, x.listener, x.text) for x in spoken.lines(6)]
    info.dialogue_total = spoken.total
    info.usage = usage_line(living)
    info.lag_minutes = living.director.minds_lag(now)
    line = waking_line(living, now)
    if line and not info.banner:
        info.banner = line


def waking_line(living: LivingTown | None, now: datetime) -> str | None:
    """While the clock is held at the town's first moment until the residents deciding for
    it have planned (`game.bridge` waking): the banner's line ("The town is waking up: 12 of
    25 residents have planned their day · Space: start now"; "" before the minds are asked);
    None once it runs."""
    waking = living.director.waking_up(now) if living is not None else None
    if waking is None:
        return None
    return f"{waking.describe()} · {START_NOW}" if waking.total else ""


def start_now(living: LivingTown | None) -> bool:
    """The player starts a town waking up now: its clock runs from the next frame, and the
    residents still planning follow their routine until their plan comes. False when the
    clock is not held (the key then does what it does otherwise)."""
    return living is not None and living.director.waking.release()


def usage_line(living: LivingTown) -> str:
    """What the minds have cost so far: model calls, tokens and (for a server) dollars at the
    configured list prices — "offline" costs nothing."""
    tally = living.stack.meter.snapshot().total
    if living.stack.offline:
        return f"{tally.calls:,} offline answers · no tokens, no cost"
    tokens = tally.total_tokens
    shown = f"{tokens / 1000:.1f}k" if tokens >= 1000 else str(tokens)
    line = f"{tally.calls:,} model calls{_by_endpoint(living)} · {shown} tokens"
    dollars = living.stack.cost_usd()
    if dollars is not None:
        line += f" · about ${dollars:.2f}"
    return line


def _by_endpoint(living: LivingTown) -> str:
    """With routes, the calls each endpoint answered and those down now: " (small 812,
    large 392; large down)"; "" with one model."""
    figures = living.stack.route_figures()
    if figures is None:
        return ""
    calls = [f"{name} {f['calls']:,}" for name, f in figures["by_endpoint"].items() if f["calls"]]
    down = [name for name, health in figures["health"].items() if not health["up"]]
    shown = ", ".join(calls) + (f"; {', '.join(down)} down" if down else "")
    return f" ({shown})" if shown else ""
