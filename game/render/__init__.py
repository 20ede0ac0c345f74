"""game/render."""
