"""Who looks like what: the bundled cast lives in the game (`game/town/cast.py`), which offers
these looks at run time too; this name stays for the generator and its tests."""

from __future__ import annotations

from game.town.cast import CAST, CastMember

__all__ = ["CAST", "CastMember"]
