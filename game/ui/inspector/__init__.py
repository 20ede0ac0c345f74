"""The inspector: click a resident to read their mind. `panel.py` is the panel
(`InspectorPanel`); `header.py` (portrait, traits, summary, action), `tab.py` (the tab
strip and a tab's scrolling rows), `plan.py`, `memories.py`, `reflections.py`,
`interview.py`, `trace.py` (one module per tab), `rows.py` and `text.py` (row drawing,
wrapping) are its parts."""

from __future__ import annotations

from game.ui.inspector.panel import InspectorPanel

__all__ = ["InspectorPanel"]
