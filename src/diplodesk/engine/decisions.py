"""What the rules leave to the GM: asked as data, answered in the position.

Adjudicating never stops to ask. Where a rule says "the GM decides", the engine takes the
named default, goes on, and lists the question in the result (``decisions_needed``) with its
stable id, the options and the default taken. The GM's answer goes into the position's
``decisions`` map under that id, and adjudicating again (still a pure function) uses it.
A blocking question marks the result as not final until it is answered.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Question:
    id: str
    question: str
    options: tuple[str, ...]
    default: str
    blocking: bool
    rule: str = ""

    def to_json(self, answer: str | None) -> dict[str, Any]:
        return {"id": self.id, "question": self.question, "options": list(self.options),
                "default": self.default, "blocking": self.blocking, "rule": self.rule,
                "answered": answer is not None, "taken": answer or self.default}


@dataclass
class Decisions:
    """The GM's answers for one phase, and the questions met while adjudicating it."""

    answers: Mapping[str, str] = field(default_factory=dict)
    asked: list[tuple[Question, str | None]] = field(default_factory=list)
    refused: dict[str, str] = field(default_factory=dict)  # answers that are none of the options

    def ask(self, qid: str, question: str, options: Sequence[str], default: str,
            blocking: bool = False, rule: str = "") -> str:
        """The GM's answer where there is one (and it is one of the options), else the default."""
        q = Question(qid, question, tuple(options), default, blocking, rule)
        answer = self.answers.get(qid)
        if answer is not None and answer not in q.options:
            self.refused[qid] = answer
            answer = None
        self.asked.append((q, answer))
        return answer if answer is not None else default

    @property
    def notices(self) -> list[str]:
        """An answer that is none of its question's options is said, never silently dropped."""
        out = []
        for q, _ in sorted(self.asked, key=lambda qa: qa[0].id):
            if q.id in self.refused and not any(line.startswith(f"decisions.{q.id}:") for line in out):
                out.append(f"decisions.{q.id}: {self.refused[q.id][:60]!r} is not one of its options "
                           f"({', '.join(q.options)}); the default {q.default!r} was taken")
        return out

    @property
    def open_blocking(self) -> list[Question]:
        return [q for q, a in self.asked if a is None and q.blocking]

    def to_json(self) -> list[dict[str, Any]]:
        return [q.to_json(a) for q, a in sorted(self.asked, key=lambda qa: qa[0].id)]
