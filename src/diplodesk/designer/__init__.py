"""The designer's bench: evidence about a variant's balance, worked out without Qt.

Figures from the board alone, and bot games played through the same engine as the app
(a hint, not a proof). Imports the engine and the variant catalog only.
"""
