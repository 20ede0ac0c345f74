"""The running game: the window's loop for one town (`app.py`), the player in it
(`session.py`), the menus over it (`town_menus.py`), entering a town behind the loading
screen (`entry.py`), title → town → title (`flow.py`), starting it all (`launch.py`), and a
scripted tour with real input events (`tour.py`). See README.md."""
