"""The player's desk: what the panels may ask of the minds and objects (`PlayerDesk`, the
`game.town.ports.PlayerPort` of a living town). `player_desk.py` is the desk; `cards.py`
(a resident's card, plan and memory lines), `chat.py` (answering the player on a worker)
and `objects.py` (objects near the player, the states they write) are its parts."""

from __future__ import annotations

from game.bridge.desk.player_desk import PlayerDesk

__all__ = ["PlayerDesk"]
