"""The PySide6 desktop application: main window, map view, docks and dialogs."""
