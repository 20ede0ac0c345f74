"""Group conversations: three or more people talking together, after ChatEval's
communication strategies and AutoGen's group chat manager (see `talk.py`)."""

from cognition.group.human import Human, InputMode
from cognition.group.talk import GroupResult, GroupRules, GroupStrategy, Member, hold_group

__all__ = [
    "GroupResult",
    "GroupRules",
    "GroupStrategy",
    "Human",
    "InputMode",
    "Member",
    "hold_group",
]
