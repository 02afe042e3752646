"""Named rule options that change how the standard rules are judged.

The names only, and how a position says which are on: the core reads them (a rule's
mechanism, where it is more than a choice, is a module of rules/).

Each option is one choice from the DATC's list of rule questions; ``"1976"`` switches on
the choices of the 1976 rulebook where they differ from the DATC v3 preferences that the
engine follows by default (Woolworth IIA plays by the 1976 rules):

- ``retreat_not_to_convoy_origin`` (DATC 4.A.5 a): a unit dislodged by a convoyed army may
  not retreat to where the army came from (by default, after the 2023 rules, it may).
- ``adjacent_convoy_by_swap`` (DATC 4.A.3 a, the 1971/1976 rule): an army ordered to a
  neighbouring province goes by convoy only when a fleet is ordered to convoy it there and
  the unit in that province moves the other way; "via convoy" means nothing.
- ``convoy_path_as_ordered`` (DATC 4.A.6 b): a convoyed move that names its path
  (``A lon - eng - bel``) goes only by the fleets named, and fails if they fail; by default
  the path is not needed and any route of convoying fleets counts (the result says so).
- ``civil_disorder_home_distance`` (DATC 4.D.8, before 2023): units left without orders
  in civil disorder are removed farthest from the power's home centres first (by default:
  from its nearest owned centre).

The convoy paradox rule stays Szykman's under every option.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the position reader checks rule names against KNOWN: no import back
    from .position import Position

RETREAT_NOT_TO_CONVOY_ORIGIN = "retreat_not_to_convoy_origin"
ADJACENT_CONVOY_BY_SWAP = "adjacent_convoy_by_swap"
CIVIL_DISORDER_HOME_DISTANCE = "civil_disorder_home_distance"
CONVOY_PATH_AS_ORDERED = "convoy_path_as_ordered"
BLIND = "blind"  # the rule itself lives in rules/blind.py; the order checks need its name

BUNDLES = {
    "1976": frozenset({RETREAT_NOT_TO_CONVOY_ORIGIN, ADJACENT_CONVOY_BY_SWAP, CIVIL_DISORDER_HOME_DISTANCE}),
}

# every rule name the engine knows, for New Game dialogs and checks
KNOWN = frozenset({BLIND, "secret_powers", CONVOY_PATH_AS_ORDERED, *BUNDLES, *BUNDLES["1976"]})


def has(position: Position, option: str) -> bool:
    rules = position.all_rules
    if option in rules:
        return True
    # most games name no rule at all: asked several times a phase
    return bool(rules) and any(option in BUNDLES[b] for b in rules if b in BUNDLES)
