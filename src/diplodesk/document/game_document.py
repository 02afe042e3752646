"""The editable game: the engine's Game, its file, and one undo stack for every change.

:class:`GameDocument` is the model the windows look at. Views connect to its signals and
never change the game themselves: they push the commands of :mod:`.commands` on
:attr:`GameDocument.undo_stack`, and the commands call the few methods here that change
the game (:meth:`set_orders`, :meth:`set_position`, :meth:`process`, :meth:`rollback`,
:meth:`restore`). So undo and redo work across order changes, hand edits and
adjudications alike.

What-if branches (:mod:`.branches`): :attr:`trunk` is the real game, the one saved;
:attr:`game` is the timeline being played, the real game or one of its branches (then a
``Game`` over the branch, written back into the trunk's ``branches`` after each change).
Everything that reads ``game``, ``position`` and ``history`` thus works in a branch too.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from ..engine.game import Branch, Game, GameFileError, PhaseRecord
from ..engine.orders import AnyOrder, OrderParseError, Waive, format_order
from ..engine.phase import PhaseType
from ..engine.position import Position
from ..engine.process import Outcome
from . import branches
from .checks import OrderCheck, check_orders, order_count, parse
from .explanations import explanations
from .saved_file import SavedFile, read_game


class OtherEngineGame(GameFileError):
    """The file is a game of another season engine (Hypereconomic): it opens in that
    engine's own window; the game read is kept, so it is not read twice."""

    def __init__(self, game: Game, path: Path):
        super().__init__(f"{path}: a {game.variant.engine} game, which opens in its own desk window")
        self.game = game


@dataclass(frozen=True)
class GameState:
    """Everything an adjudication, a roll-back or a branch changes, to put it back on undo
    (the real game's, with its branches and which timeline is played)."""

    current: Position
    history: tuple[PhaseRecord, ...]
    winner: str | None
    branches: tuple[Branch, ...] = ()
    active: int | None = None


class GameDocument(SavedFile, QObject):
    """A game being played, with its file path and its undo stack."""

    changed = Signal()  # anything at all
    orders_changed = Signal(str)  # one power's orders
    position_changed = Signal()  # the current position (units, centres, phase, orders)
    phase_changed = Signal()  # the current phase is another one
    history_changed = Signal()  # phases were processed or rolled back
    adjudicated = Signal(int)  # the index of the history record just made
    path_changed = Signal()
    roster_changed = Signal()  # the players and their addresses

    def __init__(self, game: Game, path: str | os.PathLike | None = None, parent: QObject | None = None):
        super().__init__(parent)
        self.trunk = game  # the real game: the one saved
        self.active: int | None = None  # the branch played, or None: the real game
        self._play: Game | None = None  # the active branch as a Game
        self.path: Path | None = Path(path) if path is not None else None
        self.undo_stack = QUndoStack(self)
        self._forced_modified = False  # e.g. a game recovered from an autosave
        self._past: dict[int, tuple[PhaseRecord, Position]] = {}  # past phases, read once
        self._why: dict[int, tuple[PhaseRecord, list]] = {}  # their explanations, worked out once
        self.undo_stack.cleanChanged.connect(self._clean_changed)

    def _clean_changed(self, _clean: bool) -> None:
        self.changed.emit()

    # -- making one ----------------------------------------------------------------------

    @classmethod
    def new(cls, variant: str = "standard", rules: tuple[str, ...] = (), parent: QObject | None = None
            ) -> GameDocument:
        from ..variants import load_variant

        return cls(Game.new(load_variant(variant), tuple(rules)), None, parent)

    @classmethod
    def open(cls, path: str | os.PathLike, parent: QObject | None = None) -> GameDocument:
        """Read a game file; anything wrong with it raises GameFileError saying what."""
        path = Path(path)
        game = read_game(path)
        if game.variant.engine != "standard":
            raise OtherEngineGame(game, path)
        return cls(game, path, parent)

    # -- reading -------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The timeline being played: the real game, or the active branch's."""
        return self._play if self._play is not None else self.trunk

    @property
    def branches(self) -> list[Branch]:
        return self.trunk.branches

    @property
    def branch(self) -> Branch | None:
        return self.trunk.branches[self.active] if self.active is not None else None

    @property
    def position(self) -> Position:
        return self.game.current

    @property
    def variant(self):
        return self.game.variant

    @property
    def powers(self) -> tuple[str, ...]:
        return self.game.variant.power_names

    @property
    def history(self) -> list[PhaseRecord]:
        return self.game.history

    @property
    def players(self) -> dict[str, dict[str, str]]:
        """Who plays which powers (GM-only; Woolworth's public and secret powers)."""
        v = self.game.current.extra.get("players")
        return {p: dict(pw) for p, pw in v.items()} if isinstance(v, dict) else {}

    @property
    def roster(self) -> list[dict]:
        """The GM's players and their e-mail addresses (the game file's ``players``; read
        and checked by ``diplodesk.mail.roster``)."""
        return [dict(p) for p in self.game.players]

    @property
    def assignment(self) -> dict:
        """How the powers were dealt: ``seed`` (of the lots) and ``preferences``."""
        v = self.game.current.extra.get("assignment")
        return dict(v) if isinstance(v, dict) else {}

    @property
    def has_secret_powers(self) -> bool:
        return "secret_powers" in self.game.current.all_rules

    def orders(self, power: str) -> tuple[str, ...]:
        return tuple(self.game.current.orders.get(power, ()))

    def check(self, power: str, texts: list[str] | tuple[str, ...] | None = None) -> list[OrderCheck]:
        """The engine's view of each of a power's orders (its current ones by default)."""
        return check_orders(self.position, power, self.orders(power) if texts is None else texts)

    def unordered(self) -> dict[str, int]:
        """In a movement phase, how many units of each power have no order (they will hold);
        empty in other phases, or when every unit is ordered."""
        if self.position.phase.type is not PhaseType.MOVEMENT:
            return {}
        out: dict[str, int] = {}
        for power in self.variant.power_names:
            given, need, _ = order_count(self.position, power)
            if need > given:
                out[power] = need - given
        return out

    def explanations(self, index: int) -> list[dict | None]:
        """Why each result of processed phase ``index`` came out so (document/explanations.py),
        worked out once per record: the phase is adjudicated again for it."""
        record = self.history[index]
        hit = self._why.get(index)
        if hit is None or hit[0] is not record:
            hit = self._why[index] = (record, explanations(self.position_at(index), record.result))
        return hit[1]

    def snapshot(self) -> GameState:
        g = self.trunk
        return GameState(g.current, tuple(g.history), g.winner, tuple(g.branches), self.active)

    # -- order lists ---------------------------------------------------------------------

    def _parsed(self, text: str):
        try:
            return parse(self.position, text)
        except OrderParseError:
            return None

    def orders_with(self, power: str, order: AnyOrder, province: str | None = None) -> list[str]:
        """The power's orders with ``order`` given to the unit in ``province`` (replacing any
        order it had). In an adjustment phase giving the same order again takes it back."""
        text = format_order(order)
        texts = list(self.orders(power))
        if isinstance(order, Waive):
            return texts + [text]
        province = province or order.province
        out: list[str] = []
        placed = False
        for t in texts:
            o = self._parsed(t)
            if o is not None and not isinstance(o, Waive) and o.province == province:
                if placed:
                    continue
                placed = True
                if self.position.phase.type is PhaseType.ADJUSTMENT and format_order(o) == text:
                    continue  # a second click on a build takes it back
                out.append(text)
            else:
                out.append(t)
        if not placed:
            out.append(text)
        return out

    def orders_without(self, power: str, province: str) -> list[str]:
        out = []
        for t in self.orders(power):
            o = self._parsed(t)
            if o is not None and not isinstance(o, Waive) and o.province == province:
                continue
            out.append(t)
        return out

    def order_for(self, power: str, province: str) -> str | None:
        for t in self.orders(power):
            o = self._parsed(t)
            if o is not None and not isinstance(o, Waive) and o.province == province:
                return t
        return None

    # -- changing (for commands only) ----------------------------------------------------

    def set_orders(self, orders: dict[str, tuple[str, ...] | list[str]]) -> None:
        current = dict(self.game.current.orders)
        for power, texts in orders.items():
            if texts:
                current[power] = tuple(texts)
            else:
                current.pop(power, None)  # no orders and no entry are the same
        self.game.current = replace(self.game.current, orders=current)
        self._write_back()
        for power in orders:
            self.orders_changed.emit(power)
        self.changed.emit()

    def set_roster(self, players: list[dict]) -> None:
        self.game.players = [dict(p) for p in players]
        self.roster_changed.emit()
        self.changed.emit()

    def set_position(self, position: Position) -> None:
        old = self.game.current
        self.game.current = position
        self._announce(old, history=False)

    def process(self) -> Outcome:
        old = self.game.current
        outcome = self.game.process()
        self._announce(old)
        self.adjudicated.emit(len(self.game.history) - 1)
        return outcome

    def rollback(self, index: int) -> None:
        b = self.branch
        if b is not None and index < b.fork:
            raise ValueError(f"{self.history[index].phase} comes before this what-if begins: "
                             "roll back in the real game instead")
        old = self.game.current
        self.game.rollback(index)
        self._announce(old)

    def restore(self, state: GameState) -> None:
        old = self.game.current
        t = self.trunk
        t.current, t.history, t.winner = state.current, list(state.history), state.winner
        t.branches = list(state.branches)
        self._enter(state.active)
        self._announce(old)

    def open_branch(self, at: int, name: str | None = None, within: int | None = None) -> None:
        """Try other orders from phase ``at`` of the real game (or of branch ``within``):
        a new branch, played now."""
        source = self.trunk.branches[within] if within is not None else None
        self.trunk.branches.append(branches.start(self.trunk, at, name, source))
        self._switched(len(self.trunk.branches) - 1)

    def switch(self, active: int | None) -> None:
        """Play branch ``active`` (None: the real game)."""
        if active is not None and not 0 <= active < len(self.trunk.branches):
            raise IndexError(f"no branch {active}")
        self._switched(active)

    def delete_branch(self, index: int) -> None:
        branches.delete(self.trunk, index)
        keep = self.active
        self._switched(None if keep == index else keep - 1 if keep is not None and keep > index else keep)

    def promote(self, index: int) -> None:
        """Make branch ``index`` the game (the game's own continuation becomes a branch)."""
        if not 0 <= index < len(self.trunk.branches):
            raise IndexError(f"no branch {index}")
        branches.promote(self.trunk, index)
        self._switched(None)

    def _switched(self, active: int | None) -> None:
        old = self.game.current
        self._enter(active)
        self._announce(old)

    def _enter(self, active: int | None) -> None:
        self.active = active
        b = self.branch
        self._play = branches.timeline(self.trunk, b) if b is not None else None

    def _write_back(self) -> None:
        """The active branch's timeline changed: keep the trunk's record of it up to date."""
        if self._play is not None and self.active is not None:
            b = self.trunk.branches[self.active]
            self.trunk.branches[self.active] = branches.played(b, self._play)

    def _announce(self, old: Position, history: bool = True) -> None:
        self._write_back()
        if history:
            self.history_changed.emit()
        if str(old.phase) != str(self.game.current.phase):
            self.phase_changed.emit()
        self.position_changed.emit()
        for p in self.powers:
            self.orders_changed.emit(p)
        self.changed.emit()

    # -- files ---------------------------------------------------------------------------

    def _write(self, target: Path) -> None:
        self.trunk.save(target)
