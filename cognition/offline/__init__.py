"""The offline brain: a deterministic, rule-based stand-in for a language model."""

from cognition.offline.brain import OfflineBrain

__all__ = ["OfflineBrain"]
