"""Talking with a resident: `panel.py` is the chat panel (as the visitor, a persona or the
resident's inner voice); `view.py` the scrolling conversation it shares with the
inspector's Interview tab."""

from __future__ import annotations

from game.ui.chat.panel import ChatPanel
from game.ui.chat.view import ChatView

__all__ = ["ChatPanel", "ChatView"]
