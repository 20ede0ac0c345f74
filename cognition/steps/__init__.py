"""The thinking steps, one module each; every model call is a `Task` with a template file."""
