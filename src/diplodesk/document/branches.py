"""What-if branches: other orders tried from one of the game's phases, beside the game.

A branch (``engine.game.Branch``) shares the real game's phases up to its fork and keeps
its own records from there. It is played by the same engine: :func:`timeline` makes it a
``Game`` whose history is the game's up to the fork and then the branch's, so
``Game.process`` adjudicates it exactly as it would the game. Nothing here changes the
real game except :func:`promote` ("Make this the game"), and that loses nothing: the
game's own continuation becomes a branch in its turn.

No Qt: ``GameDocument`` calls these from its undoable commands.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

from ..engine.game import Branch, Game, PhaseRecord
from ..engine.position import Position

REAL = "Real game"


def position_at_fork(game: Game, fork: int) -> Position:
    """The game's phase ``fork`` with the orders it was given (the current one's so far)."""
    if fork == len(game.history):
        return game.current
    return game.load_position(game.history[fork].position)


def winner_at(game: Game, fork: int) -> str | None:
    """Who had won before phase ``fork`` was played (so a branch of a finished game is too)."""
    if fork == len(game.history):
        return game.winner
    return game.history[fork - 1].result["next"].get("winner") if fork else None


def start(game: Game, at: int, name: str | None = None, within: Branch | None = None) -> Branch:
    """A new branch at phase ``at`` (a history index, or the number of processed phases
    for the current one) of the real game, or of branch ``within``, with that phase's
    orders to change. A branch of a branch forks where it does and keeps its phases up to
    ``at`` as its own, so every branch hangs on the real game."""
    if within is None:
        if not 0 <= at <= len(game.history):
            raise IndexError(f"no phase {at} to try other orders from")
        position = position_at_fork(game, at)
        name = name or unique_name(game, f"What-if from {position.phase}")
        return Branch(name, at, position, (), winner_at(game, at))
    line = timeline(game, within)
    if not within.fork <= at <= len(line.history):
        raise IndexError(f"no phase {at} of {within.name} to try other orders from")
    position = position_at_fork(line, at)
    name = name or unique_name(game, f"What-if from {position.phase}")
    return Branch(name, within.fork, position, tuple(line.history[within.fork:at]), winner_at(line, at))


def unique_name(game: Game, base: str) -> str:
    taken = {b.name for b in game.branches}
    if base not in taken:
        return base
    n = 2
    while f"{base} ({n})" in taken:
        n += 1
    return f"{base} ({n})"


def timeline(game: Game, branch: Branch) -> Game:
    """The branch as a Game the engine plays: the game's phases to the fork, then its own."""
    history = list(game.history[:branch.fork]) + list(branch.history)
    return Game(game.variant, branch.current, history, dict(game.settings), branch.winner)


def played(branch: Branch, game: Game) -> Branch:
    """The branch after its timeline (:func:`timeline`) was played or given orders."""
    return replace(branch, current=game.current, history=tuple(game.history[branch.fork:]), winner=game.winner)


def records(game: Game, branch: Branch | None) -> list[PhaseRecord]:
    """Every processed phase of the real game (None) or of a branch, from the first."""
    if branch is None:
        return list(game.history)
    return list(game.history[:branch.fork]) + list(branch.history)


def promote(game: Game, index: int) -> None:
    """Make branch ``index`` the game. The game's own phases from the fork on become a
    branch (named after it), and every other branch keeps all its phases: one that forked
    later from the old game now forks where this one does, with the phases between as
    its own."""
    chosen = game.branches[index]
    fork = chosen.fork
    former = Branch(unique_name(game, f"{REAL} before '{chosen.name}'"), fork, game.current,
                    tuple(game.history[fork:]), game.winner)
    others = []
    for i, b in enumerate(game.branches):
        if i == index:
            continue
        if b.fork > fork:  # it shared phases of the game that are no longer the game's
            b = replace(b, fork=fork, history=tuple(game.history[fork:b.fork]) + b.history)
        others.append(b)
    game.history = list(game.history[:fork]) + list(chosen.history)
    game.current = chosen.current
    game.winner = chosen.winner
    game.branches = others + [former]


def delete(game: Game, index: int) -> None:
    if not 0 <= index < len(game.branches):
        raise IndexError(f"no branch {index}")
    del game.branches[index]


# -- comparing two timelines ------------------------------------------------------------------


@dataclass(frozen=True)
class Difference:
    """One result that is not the same in two timelines (``—``: not there at all)."""

    phase: str
    power: str
    unit: str  # the unit (or "centres" for the centre counts after the phase)
    left: str
    right: str


ABSENT = "—"


def compare(game: Game, left: Branch | None, right: Branch | None) -> list[Difference]:
    """Every result that differs between two timelines (None: the real game), phase by
    phase from where they part, and the centre counts after each phase where they differ.
    Phases are matched by name (one side may have a retreat phase the other has not)."""
    a, b = records(game, left), records(game, right)
    start = 0
    while start < min(len(a), len(b)) and _same(a[start], b[start]):
        start += 1
    a_by = {r.phase: r for r in a[start:]}
    b_by = {r.phase: r for r in b[start:]}
    out: list[Difference] = []
    for phase in _phase_order(list(a_by), list(b_by)):
        ra, rb = a_by.get(phase), b_by.get(phase)
        la, lb = _lines(ra), _lines(rb)
        for key in sorted(set(la) | set(lb)):
            x, y = la.get(key, ABSENT), lb.get(key, ABSENT)
            if x != y:
                out.append(Difference(phase, key[0], key[1], x, y))
        ca, cb = _centres(ra), _centres(rb)
        if ca != cb:
            powers = sorted(p for p in set(ca) | set(cb) if ca.get(p, 0) != cb.get(p, 0))
            out.append(Difference(phase, ", ".join(powers), "centres",
                                  _counts(ca, powers, ra), _counts(cb, powers, rb)))
    return out


def _same(x: PhaseRecord, y: PhaseRecord) -> bool:
    return x is y or (x.position == y.position and x.result == y.result)


def _phase_order(a: list[str], b: list[str]) -> list[str]:
    """The phases of both sides, each side's in its own order, the other's merged in."""
    out = list(a)
    for i, ph in enumerate(b):
        if ph in out:
            continue
        before = next((p for p in reversed(b[:i]) if p in out), None)
        out.insert(out.index(before) + 1 if before is not None else 0, ph)
    return out


def _lines(record: PhaseRecord | None) -> dict[tuple[str, str], str]:
    """(power, unit) -> what became of its order, in words."""
    if record is None:
        return {}
    out: dict[tuple[str, str], str] = {}
    seen: Counter = Counter()
    for r in sorted(record.result.get("orders", []), key=_line_key):
        order = r.get("order") or r.get("text") or ""
        words = order.split()
        unit = " ".join(words[:3] if words[:1] in (["B"], ["D"]) else words[:2]) or "?"
        power = r.get("power") or ""
        seen[(power, unit)] += 1
        key = (power, unit if seen[(power, unit)] == 1 else f"{unit} #{seen[(power, unit)]}")
        reason = f" ({r['reason']})" if r.get("reason") else ""
        out[key] = f"{order} {r.get('status', '')}{reason}"
    return out


def _line_key(r: dict[str, Any]) -> tuple:
    return tuple(str(r.get(k) or "") for k in ("power", "order", "text", "status", "reason"))


def _centres(record: PhaseRecord | None) -> dict[str, int]:
    if record is None:
        return {}
    centres = record.result.get("next", {}).get("centers", {})
    return {p: len(v) for p, v in centres.items() if isinstance(v, list)}


def _counts(counts: dict[str, int], powers: list[str], record: PhaseRecord | None) -> str:
    if record is None:
        return ABSENT
    return ", ".join(f"{p} {counts.get(p, 0)}" for p in powers)
