"""game/bridge."""
