"""Names of places as people write them: ids, aliases, full names, coasts in any form.

One table per board turns ``"St. Petersburg (north coast)"``, ``"stp(nc)"``, ``"STP-NC"``
and ``"stp/nc"`` into the location ``stp/nc``. The order parser and the position loader
both use it, so what one accepts the other does too.
"""

from __future__ import annotations

import re

from .board import Board

COASTS = {"north": "nc", "south": "sc", "east": "ec", "west": "wc"}
_COAST_CODES = "nc|sc|ec|wc"

# A match may start only where a run of the characters its leading ``*`` takes begins (the
# lookbehinds): the same matches, but a long run of spaces or dashes is read once, not once
# from each of its characters (which took seconds on a line of 10,000 spaces).
_COAST_PATTERNS = [
    (re.compile(r"\(\s*(north|south|east|west)(?:ern)?\s+coast\s*\)"), lambda m: "/" + COASTS[m.group(1)]),
    (re.compile(r"(?<![\s/-])[\s/-]*\b(north|south|east|west)(?:ern)?\s+coast\b"),
     lambda m: "/" + COASTS[m.group(1)]),
    (re.compile(rf"\(\s*({_COAST_CODES})\s*\)"), lambda m: "/" + m.group(1)),
    (re.compile(rf"(?<!\s)\s*[/-]\s*({_COAST_CODES})\b"), lambda m: "/" + m.group(1)),
    (re.compile(rf"(?<!\s)\s*\.\s*({_COAST_CODES})\b"), lambda m: "/" + m.group(1)),
]

_TOKEN_RE = re.compile(r"->|=>|[a-z0-9_]+(?:/[a-z]{2})?|[-:>,;()]")


def normalize(text: str) -> str:
    """Lower case, unify coasts to ``/nc``, drop dots and apostrophes in names."""
    s = text.lower().replace("\u2019", "'").replace("\u2013", "-").replace("\u2014", "-")
    for pattern, repl in _COAST_PATTERNS:
        s = pattern.sub(repl, s)
    return s.replace(".", " ").replace("'", "")


def tokenize(text: str) -> list[tuple[str, int]]:
    """Tokens of normalised text with their column in it."""
    return [(m.group(0), m.start()) for m in _TOKEN_RE.finditer(normalize(text))]


class NameTable:
    """Maps token sequences (names, aliases, ids) to province ids."""

    def __init__(self, board: Board):
        self.board = board
        self.names: dict[tuple[str, ...], str] = {}
        self.longest = 1
        self.exact = {loc for p in board.provinces.values() for loc in (p.id, *p.locations)}
        for p in board.provinces.values():
            for name in (p.id, p.name, *p.aliases):
                key = tuple(t for t, _ in tokenize(name))
                if key:
                    self.names.setdefault(key, p.id)
                    self.longest = max(self.longest, len(key))
            # "St Petersburg" also as "Saint Petersburg", "Petersburg"
            key = tuple(t for t, _ in tokenize(p.name))
            if key and key[0] == "st":
                self.names.setdefault(("saint", *key[1:]), p.id)

    def match(self, tokens: list[str], i: int) -> tuple[str, int] | None:
        """The location named at ``tokens[i:]`` and how many tokens it takes, or None."""
        for n in range(min(self.longest, len(tokens) - i), 0, -1):
            words = list(tokens[i : i + n])
            coast = None
            last = words[-1]
            if "/" in last:
                last, coast = last.split("/", 1)
                words[-1] = last
            pid = self.names.get(tuple(words))
            if pid is None:
                continue
            # a trailing separate "nc" token: "stp nc"
            if coast is None and i + n < len(tokens) and tokens[i + n] in ("nc", "sc", "ec", "wc"):
                if tokens[i + n] in self.board.provinces[pid].coasts:
                    return f"{pid}/{tokens[i + n]}", n + 1
            return (f"{pid}/{coast}" if coast else pid), n
        return None

    def location(self, text: str) -> str | None:
        """The location a whole string names, or None (coast not checked against the board)."""
        if text in self.exact:
            return text
        tokens = [t for t, _ in tokenize(text)]
        if not tokens:
            return None
        found = self.match(tokens, 0)
        if found and found[1] == len(tokens):
            return found[0]
        return None


def name_table(board: Board) -> NameTable:
    table = board._cache.get("names")
    if table is None:
        table = board._cache["names"] = NameTable(board)
    return table
