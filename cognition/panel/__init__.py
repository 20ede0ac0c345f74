"""The judge panel of the evaluation: referees with distinct roles debate which of two
interview answers of a resident is the more believable (after ChatEval, Chan et al. 2023).

`load_referees()` reads the bundled panel (`referees.json`) or another file; a `JudgePanel`
judges a `PanelCase` with one of the `PanelStrategy`s, pairwise or by scores
(`PanelJudging`), and gives a `PanelVerdict`;
`panel_calls_per_case` says beforehand how many model calls that takes; `same_role`
is the same-role ablation of a panel.
"""

from cognition.panel.debate import (
    JudgePanel,
    PanelCase,
    PanelJudging,
    PanelStrategy,
    PanelVerdict,
    panel_calls_per_case,
)
from cognition.panel.referees import PanelError, Referee, load_referees, same_role

__all__ = [
    "JudgePanel",
    "PanelCase",
    "PanelError",
    "PanelJudging",
    "PanelStrategy",
    "PanelVerdict",
    "Referee",
    "load_referees",
    "panel_calls_per_case",
    "same_role",
]
