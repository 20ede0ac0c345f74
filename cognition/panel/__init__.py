"""The judge panel of the evaluation: referees with distinct roles debate which of two
interview answers of a resident is the more believable (after ChatEval, Chan et al. 2023).

`load_referees()` reads the bundled panel (`referees.json`) or another file; a `JudgePanel`
judges a `PanelCase` with one of the `PanelStrategy`s and gives a `PanelVerdict`;
`panel_calls_per_case` says beforehand how many model calls that takes.
"""

from cognition.panel.debate import (
    JudgePanel,
    PanelCase,
    PanelStrategy,
    PanelVerdict,
    panel_calls_per_case,
)
from cognition.panel.referees import PanelError, Referee, load_referees

__all__ = [
    "JudgePanel",
    "PanelCase",
    "PanelError",
    "PanelStrategy",
    "PanelVerdict",
    "Referee",
    "load_referees",
    "panel_calls_per_case",
]
