"""cognition."""
