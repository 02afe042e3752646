"""The GM's corrections to a Hypereconomic game, as undoable commands without Qt.

Three things the GM does after an adjudication: answer what the rules left open (the
result's ``decisions_needed``), replace a roll by the faces of real dice (the engine's
``rng.overrides``), and change a table with notice (IX.6, a dated rule change). The first
two store the answer in the last adjudicated position and adjudicate it again, which the
engine does as a pure function, so nothing else moves. Every command keeps the whole game
state from before and after and swaps it back and forth.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..engine.dice import DiceError
from ..engine.game import Game, PhaseRecord
from ..engine.hyper.shown_names import ShownNames
from ..engine.position import PositionError
from ..engine.rule_changes import RuleChange, RuleChangeError, ordinal, season
from ..engine.tables import TableError
from ..engine.variant import Variant
from .hyper_tables import SetCells, TableEditError, TableSet, pack_checker
from .table_grid import Path as CellPath


class DeskError(ValueError):
    """A correction the game cannot take; one line saying what and where."""


@dataclass(frozen=True)
class GameState:
    variant: Variant
    history: tuple[PhaseRecord, ...]
    current: Any
    winner: str | None

    @classmethod
    def of(cls, game: Game) -> GameState:
        return cls(game.variant, tuple(game.history), game.current, game.winner)

    def put(self, game: Game) -> None:
        game.variant, game.history = self.variant, list(self.history)
        game.current, game.winner = self.current, self.winner


@dataclass
class StateCommand:
    """Swaps the game between two states; ``also`` is done and undone with it."""

    game: Game
    before: GameState
    after: GameState
    text: str
    also: SetCells | None = None

    def redo(self) -> None:
        self.after.put(self.game)
        if self.also is not None:
            self.also.redo()

    def undo(self) -> None:
        self.before.put(self.game)
        if self.also is not None:
            self.also.undo()


# -- the last adjudication -------------------------------------------------------------------


def last_result(game: Game) -> dict[str, Any] | None:
    return game.history[-1].result if game.history else None


def questions(game: Game) -> list[dict[str, Any]]:
    """The last adjudication's questions (``decisions_needed``), by id."""
    r = last_result(game)
    return sorted((r or {}).get("decisions_needed", []), key=lambda q: q["id"])


def open_blocking(game: Game) -> list[dict[str, Any]]:
    """The last adjudication's blocking questions still unanswered: the season is not final
    until the GM answers each (with any of its options, the default among them)."""
    return [q for q in questions(game) if q.get("blocking") and not q.get("answered")]


# the table a roll of each purpose is read against (DESIGN 3.6)
TABLE_OF = {"research": "T9", "ipl": "T10", "covert": "T14-T17", "t5": "T5 tie", "cut": "III.35 cut",
            "panama": "VIII.6 Panama", "fish": "VII.6 fishing", "retreat": "III.33 retreat"}


def rolls(game: Game) -> list[dict[str, Any]]:
    """Every roll of the last adjudication, with the table cell it was read off where known."""
    r = last_result(game) or {}
    return [d | {"cell": _cell(d, r)} for d in r.get("dice", [])]


def _cell(roll: Mapping[str, Any], result: Mapping[str, Any]) -> str:
    """The cell a roll decided: the one its order's line names (``(T9 level 0, total 7)``),
    else the table its purpose reads, with what it chose."""
    nation, _, rest = str(roll.get("subject", "")).partition("/")
    item = rest.split("/")[-1]
    for line in result.get("orders", []):
        detail = str(line.get("detail") or "")
        if (line.get("power") == nation and item and item in str(line.get("order", "")).split()
                and f"rolled {roll.get('total')}" in detail and detail.endswith(")")):
            return detail[detail.rindex("(") + 1:-1]
    table = TABLE_OF.get(str(roll.get("purpose")), str(roll.get("purpose")))
    effect = roll.get("effect")
    return f"{table} {roll.get('subject')}" + (f": {effect}" if effect else "")


def readjudicated(game: Game, change) -> GameState:
    """The game after the last adjudicated position is changed by ``change`` (a function of
    its JSON) and adjudicated again; the game itself is left as it was."""
    if not game.history:
        raise DeskError("nothing has been adjudicated yet")
    before = GameState.of(game)
    position = change(dict(game.history[-1].position))
    try:
        game.rollback(len(game.history) - 1)
        game.current = game.load_position(position)
        game.process()
        if str(game.current.phase) == str(before.current.phase) and before.current.orders:
            # the orders already typed for the season ahead stay: only its start changed
            game.current = replace(game.current, orders=dict(before.current.orders))
        return GameState.of(game)
    except (DiceError, PositionError, TableError, ValueError) as e:
        raise DeskError(f"{game.history[-1].phase if game.history else ''}: {e}".strip(": ")) from None
    finally:
        before.put(game)


def answer_command(game: Game, qid: str, answer: str | None) -> StateCommand:
    """Answer a question of the last adjudication (None: back to its default) and adjudicate again."""
    q = next((q for q in questions(game) if q["id"] == qid), None)
    if q is None:
        raise DeskError(f"decision {qid!r}: the last adjudication did not ask it")
    if answer is not None and answer not in q["options"]:
        raise DeskError(f"decision {qid}: {answer!r} is not one of {', '.join(q['options'])}")

    def change(pos: dict[str, Any]) -> dict[str, Any]:
        answers = dict(pos.get("decisions") or {})
        if answer is None:
            answers.pop(qid, None)
        else:
            answers[qid] = answer
        return {k: v for k, v in pos.items() if k != "decisions"} | ({"decisions": answers} if answers else {})

    text = f"Decision {qid}: {answer if answer is not None else 'default'}"
    return StateCommand(game, GameState.of(game), readjudicated(game, change), text)


def dice_command(game: Game, key: str, faces: list[int] | None) -> StateCommand:
    """Replace a roll by the faces the GM rolled (None: the derived roll again), adjudicate again."""
    roll = next((r for r in rolls(game) if r["key"] == key), None)
    if roll is None:
        raise DeskError(f"roll {key!r}: the last adjudication made no such roll")
    if faces is not None:
        count, sides = (int(x) for x in roll["dice"].split("d"))
        if len(faces) != count or not all(1 <= f <= sides for f in faces):
            raise DeskError(f"roll {key}: expected {count} dice of 1 to {sides}, got "
                            f"{' '.join(map(str, faces)) or 'none'}")

    def change(pos: dict[str, Any]) -> dict[str, Any]:
        rng = dict(pos.get("rng") or {})
        overrides = dict(rng.get("overrides") or {})
        if faces is None:
            overrides.pop(key, None)
        else:
            overrides[key] = list(faces)
        return pos | {"rng": rng | {"overrides": overrides}}

    text = f"Dice {key}: {' '.join(map(str, faces)) if faces else 'derived'}"
    return StateCommand(game, GameState.of(game), readjudicated(game, change), text)


# -- the GM's adjustments (IX.7, IX.8) ---------------------------------------------------------

ADJUSTED = ("gold", "M", "A", "I")  # what an adjustment may change: a nation's stock


def adjustments(game: Game) -> list[dict[str, Any]]:
    """The GM's adjustments to the last season adjudicated, as its position holds them."""
    if not game.history:
        return []
    return [dict(a) for a in game.history[-1].position.get("adjustments") or []]


def adjustment_command(game: Game, nation: str, factor: str, amount: float, reason: str) -> StateCommand:
    """Add to (or, with a negative amount, take from) a nation's stock in the last season
    adjudicated, with the reason the statement prints (IX.8); the season is adjudicated again."""
    reason = " ".join(reason.split())
    if not reason:
        raise DeskError("an adjustment says why (IX.8): type the reason the players will read")
    if factor not in ADJUSTED:
        raise DeskError(f"adjustment: {factor!r} is not one of {', '.join(ADJUSTED)}")
    if not amount:
        raise DeskError("adjustment: an amount of 0 changes nothing")
    nations = (game.history[-1].position.get("economy") or {}).get("nations", {}) if game.history else {}
    if nation not in nations:
        raise DeskError(f"adjustment: {nation!r} is no nation of {game.history[-1].phase}" if game.history
                        else "nothing has been adjudicated yet")
    value: int | float = int(amount) if float(amount).is_integer() else float(amount)
    entry = {"nation": nation, "factor": factor, "amount": value, "reason": reason}

    def change(pos: dict[str, Any]) -> dict[str, Any]:
        return pos | {"adjustments": [*(pos.get("adjustments") or []), entry]}

    shown = f"${value:g}" if factor == "gold" else f"{value:g}{factor}"
    who = ShownNames.of(game.current).seeing(game.history[-1].position.get("economy")).nation(nation)
    text = f"Adjustment {who} {'+' if value > 0 else ''}{shown}: {reason}"
    return StateCommand(game, GameState.of(game), readjudicated(game, change), text)


def remove_adjustment_command(game: Game, index: int) -> StateCommand:
    """Take back the GM's adjustment ``index`` (in :func:`adjustments`' order)."""
    made = adjustments(game)
    if not 0 <= index < len(made):
        raise DeskError(f"adjustment {index + 1}: there is no such adjustment")

    def change(pos: dict[str, Any]) -> dict[str, Any]:
        rest = [a for i, a in enumerate(pos.get("adjustments") or []) if i != index]
        return {k: v for k, v in pos.items() if k != "adjustments"} | ({"adjustments": rest} if rest else {})

    a = made[index]
    text = f"Adjustment of {a['nation']} taken back: {a['reason']}"
    return StateCommand(game, GameState.of(game), readjudicated(game, change), text)


def parse_faces(text: str) -> list[int]:
    """Faces as the GM types them: ``3 5`` or ``3,5``."""
    parts = text.replace(",", " ").split()
    if not parts or not all(p.isascii() and p.isdigit() and len(p) <= 3 for p in parts):  # not "²"
        raise DeskError(f"dice: {text!r} is not faces like 3 5")
    return [int(p) for p in parts]


# -- rule changes ----------------------------------------------------------------------------


def game_tables(game: Game) -> TableSet:
    """The game's tables with every rule change laid over them, checked against its board."""
    from ..engine.rule_changes import tables_at

    return TableSet.of_data(tables_at(game.variant, None), pack_checker(game.variant))


def next_season(game: Game) -> str:
    """The default of a rule change's date (DESIGN 3.7: from the next season)."""
    cal = game.variant.calendar
    return str(cal.next_movement(game.current.phase)).removesuffix("M")


def rule_change_command(game: Game, tables: TableSet, name: str, values: Mapping[CellPath, Any],
                        effective_from: str, note: str = "") -> StateCommand:
    """A table edit during a game: a rule change from ``effective_from`` on, recorded in the game."""
    try:
        when = season(effective_from)
        if ordinal(game.variant, when) < ordinal(game.variant, game.current.phase):
            raise RuleChangeError(f"effective_from: {when} is before the current season "
                                  f"{game.current.phase}; a rule change never reaches back (IX.6)")
        edit = tables.set_cells(name, values)
    except (RuleChangeError, TableEditError) as e:
        raise DeskError(str(e)) from None
    change = RuleChange(str(when).removesuffix("M"), name, tuple(values.items()),
                        made_in=str(game.current.phase), note=note)
    before = GameState.of(game)
    try:
        game.change_rules(change)
        after = GameState.of(game)
    except (RuleChangeError, TableError) as e:
        raise DeskError(str(e)) from None
    finally:
        before.put(game)
    text = f"Rule change from {change.effective_from}: {edit.text}"
    return StateCommand(game, before, after, text, also=edit)


def cell_changes(game: Game, name: str) -> dict[CellPath, tuple[str, Any]]:
    """Each cell of a table the game's rule changes set: the season of the last, the value."""
    from ..engine.rule_changes import changes_of

    out: dict[CellPath, tuple[str, Any]] = {}
    for c in sorted(changes_of(game.variant), key=lambda c: ordinal(game.variant, c.effective_from)):
        if c.file == name:
            for path, value in c.cells:
                out[tuple(path)] = (c.effective_from, value)
    return out
