"""Where files are (`paths.py`: bundled files, the user's data and config folders) and the
player's settings file (`settings.py`). Below the UI: the menus read and write settings
through here; nothing here knows the minds."""
