"""Input: events → handlers → typed commands, along one route per screen.

`route.InputRoute` takes every event of a screen (panels first, then the current handler);
`handlers.py` holds the handlers (the town, a drag in progress, the title screen, the
loading screen) and the
key bindings; `commands.py` the commands they answer with and what those act on.
"""

from __future__ import annotations

from game.ui.input.commands import (
    Command,
    Impossible,
    LoadingControls,
    TitleControls,
    TownControls,
)
from game.ui.input.handlers import (
    DragHandler,
    Handler,
    LoadingHandler,
    TitleHandler,
    TownHandler,
)
from game.ui.input.route import InputRoute

__all__ = [
    "Command",
    "DragHandler",
    "Handler",
    "Impossible",
    "InputRoute",
    "LoadingControls",
    "LoadingHandler",
    "TitleControls",
    "TitleHandler",
    "TownControls",
    "TownHandler",
]
