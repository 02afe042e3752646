"""The designer's bench: is a board fair? Evidence a variant's designer can read.

Pure Python over the engine and the variant catalog (no Qt, no files of its own):

- :mod:`.reach`: how many moves each unit needs to stand in each province, with the
  board's special lines counted (difficult borders, seasonal closures, railroads; canals and
  land bridges are in the adjacency);
- :mod:`.balance`: the balance report worked out from the board alone (who reaches which
  neutral centre first, who contests it, how exposed each home is, who meets whom), and
  :mod:`.balance_text` its table rows and text;
- :mod:`.playtest`: bot games (:mod:`.bots`, :mod:`.greedy`) played through the same engine
  as the app, spread over the cores and reproducible from a seed, summed up by
  :mod:`.playtest_report` (a hint, not a proof).

Import the module you need: this package imports none of them, so that importing one
part of the bench never loads the others.
"""
