"""Language-model layer: tasks, backends, wrappers."""
