"""game/ui."""
