"""The parts of the main window, each a mixin :class:`~..main_window.MainWindow` composes.

- ``actions``: the actions, the menu bar (``_make_menus``, the one place menus are built),
  the toolbar and the power selector;
- ``status``: the status bar and what it says of a province;
- ``docks``: the orders, history, results and inspector docks, and the saved layout;
- ``document``: the game document, its map, the commands pushed on it and its signals;
- ``viewing``: what is looked at (the power, the point of view, the map's content);
- ``phases``: phase navigation and history (the banner over a past phase, rollback);
- ``playing``: adjudication, GM edits, pasted orders, dealing powers to players;
- ``files``: new, open, save, recent files, autosave and recovery;
- ``exports``: export and print the board, print packs;
- ``editors``: the map editor windows (``open_map_editor``, the one place one is made);
- ``mailroom``: players and addresses, orders from mail, results out by e-mail (its Game
  menu items are added from ``_make_menus``).

They share the window's state (``doc``, ``power``, ``viewed``, ``view``, the docks),
which :class:`MainWindow` sets up before any of them runs.
"""
