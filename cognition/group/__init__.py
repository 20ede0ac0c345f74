"""Group conversations: three or more people talking together, after ChatEval's
communication strategies and AutoGen's group chat manager (see `talk.py`)."""

from cognition.group.human import Human, InputMode
from cognition.group.rules import GroupResult, GroupRules, GroupStrategy, Member
from cognition.group.talk import hold_group

__all__ = [
    "GroupResult",
    "GroupRules",
    "GroupStrategy",
    "Human",
    "InputMode",
    "Member",
    "hold_group",
]
