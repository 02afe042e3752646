"""Guess-and-check over yes/no decisions named by keys, with a named backup rule.

Each decision is judged by a function that may read others. A decision that reads one
still being judged gets a guess (no first, then yes); if both guesses give the same answer it
stands, and if not the decisions met on the way form a cycle handed to the backup rule. The
keys are visited in sorted order and judges read their neighbours in sorted order, so the
answer is a function of the orders as a set, never of the order they were written in.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field

Judge = Callable[[str, Callable[[str], bool]], bool]
BackupRule = Callable[[list[str], bool], dict[str, bool]]

_OPEN, _GUESS, _DONE = 0, 1, 2


def rings_move_paradoxes_stand(cycle: list[str], both_consistent: bool) -> dict[str, bool]:
    """The backup rule: a cycle with two consistent answers is a ring of moves and attacks
    that all succeed together; a cycle with none is a paradox, in which every move and attack
    fails and its units stand (DESIGN 3.4)."""
    return {k: both_consistent for k in cycle}


@dataclass
class GuessCheck:
    keys: list[str]
    judge: Judge
    backup: BackupRule = rings_move_paradoxes_stand
    state: dict[str, int] = field(default_factory=dict)
    value_of: dict[str, bool] = field(default_factory=dict)
    deps: list[str] = field(default_factory=list)
    reads: int = 0
    cycles: list[tuple[tuple[str, ...], bool]] = field(default_factory=list)

    needs: Callable[[str], list[str]] | None = None  # what a judge may read, if known

    def run(self) -> dict[str, bool]:
        """Every decision; those a judge reads are settled first where they are known, so a
        long chain of attacks is walked one link at a time rather than by deep recursion."""
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, 2000 + 60 * len(self.keys)))
        try:
            for k in self._order():
                self.value(k)
        finally:
            sys.setrecursionlimit(limit)
        return dict(self.value_of)

    def _order(self) -> list[str]:
        if self.needs is None:
            return sorted(self.keys)
        out, seen = [], set()
        for root in sorted(self.keys):
            if root in seen:
                continue
            seen.add(root)
            stack = [(root, iter(sorted(self.needs(root))))]
            while stack:
                k, it = stack[-1]
                nxt = next((d for d in it if d not in seen), None)
                if nxt is None:
                    out.append(k)
                    stack.pop()
                else:
                    seen.add(nxt)
                    stack.append((nxt, iter(sorted(self.needs(nxt)))))
        return out

    def value(self, k: str) -> bool:
        st = self.state.get(k, _OPEN)
        if st == _DONE:
            return self.value_of[k]
        if st == _GUESS:
            self.reads += 1
            if k not in self.deps:
                self.deps.append(k)
            return self.value_of[k]
        old, reads = len(self.deps), self.reads
        self.value_of[k], self.state[k] = False, _GUESS
        first = self.judge(k, self.value)
        if self.reads == reads:
            return self._done(k, first)
        if len(self.deps) == old or self.deps[old] != k:
            if k not in self.deps:
                self.deps.append(k)
            self.value_of[k] = first
            return first
        self._forget(old)
        self.value_of[k], self.state[k] = True, _GUESS
        second = self.judge(k, self.value)
        if first == second:
            self._forget(old)
            return self._done(k, first)
        cycle = sorted(set(self.deps[old:]) | {k})
        del self.deps[old:]
        both = second  # no-guess gave no, yes-guess gave yes: both answers hold
        self.cycles.append((tuple(cycle), both))
        for c, v in self.backup(cycle, both).items():
            self._done(c, v)
        return self.value_of[k]

    def _done(self, k: str, v: bool) -> bool:
        self.value_of[k], self.state[k] = v, _DONE
        return v

    def _forget(self, old: int) -> None:
        for d in self.deps[old:]:
            if self.state.get(d) != _DONE:
                self.state[d] = _OPEN
        del self.deps[old:]
