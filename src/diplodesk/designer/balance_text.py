"""The balance report as rows and as text: one set of rows for the command line's text and
the editor's tables, so both always say the same."""

from __future__ import annotations

from .balance import BalanceReport, PowerBalance

SEASON_WORDS = {"S": "Spring", "F": "Fall", "W": "Winter", "U": "Summer"}

POWER_COLUMNS = ("Power", "Homes", "Units", "Coast", "Year 1", "Year 2", "First, alone", "Contested",
                 "Meets")
CENTRE_COLUMNS = ("Centre", "First", "Moves", "Then")


def season_word(s: str) -> str:
    return SEASON_WORDS.get(s, s)


def units_text(p: PowerBalance) -> str:
    parts = [f"{p.armies} {'army' if p.armies == 1 else 'armies'}",
             f"{p.fleets} {'fleet' if p.fleets == 1 else 'fleets'}"]
    if p.choices:
        parts.append(f"{p.choices} choice")
    return ", ".join(parts)


def coast_text(p: PowerBalance) -> str:
    if not p.coastal_homes:
        return "none (no home on the sea)"
    seas = f"; {len(p.seas)} {'sea' if len(p.seas) == 1 else 'seas'}: {', '.join(p.seas)}" if p.seas else ""
    return f"{len(p.coastal_homes)} of {len(p.homes)} homes ({', '.join(p.coastal_homes)}){seas}"


def _listed(centres: tuple[str, ...]) -> str:
    return f"{', '.join(centres)} ({len(centres)})" if centres else "none"


def _alone(p: PowerBalance) -> str:
    return ", ".join(f"{c} ({t})" for c, t in p.alone) or "none"


def _contested(p: PowerBalance) -> str:
    return "; ".join(f"{c} ({t}, with {', '.join(others)})" for c, t, others in p.contested) or "none"


def _meets(p: PowerBalance) -> str:
    return ", ".join(f"{q} ({k})" for q, k in p.neighbours) or "nobody"


def power_rows(report: BalanceReport) -> list[tuple[str, ...]]:
    """One row a power, under POWER_COLUMNS."""
    return [(p.power, ", ".join(p.homes), units_text(p), coast_text(p), _listed(p.year_one), _listed(p.year_two),
             _alone(p), _contested(p), _meets(p)) for p in report.powers]


def centre_rows(report: BalanceReport) -> list[tuple[str, ...]]:
    """One row a neutral centre, under CENTRE_COLUMNS: who is first, in how many moves, and
    who comes next."""
    rows = []
    for r in report.races:
        if not r.moves:
            rows.append((r.centre, "nobody", "-", ""))
            continue
        then = ", ".join(f"{p} {t}" for p, t in r.moves if t != r.best)
        rows.append((r.centre, ", ".join(r.first), str(r.best), then))
    return rows


def exposure_columns(report: BalanceReport) -> tuple[str, ...]:
    return ("Power", "Home", *(f"by {season_word(s)}" for s in report.seasons))


def exposure_rows(report: BalanceReport) -> list[tuple[str, ...]]:
    """One row a home centre, under exposure_columns: the foreign units that can stand in
    it by each move of the first year."""
    return [(p.power, e.centre, *(", ".join(units) or "nobody" for units in e.by_move))
            for p in report.powers for e in p.exposure]


def distance_columns(report: BalanceReport) -> tuple[str, ...]:
    return ("Centre", *(p.power for p in report.powers))


def exposure_lines(p: PowerBalance, seasons: tuple[str, ...]) -> list[str]:
    out = []
    for e in p.exposure:
        parts = [f"by {season_word(s)}: {', '.join(units) or 'nobody'}" for s, units in zip(seasons, e.by_move,
                                                                                           strict=True)]
        out.append(f"{e.centre} " + "; ".join(parts))
    return out


def _table(header: tuple[str, ...], rows: list[tuple[str, ...]], indent: str = "  ") -> list[str]:
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(header)]
    lines = []
    for row in [header, *rows]:
        lines.append(indent + "  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip())
    return lines


def distance_rows(report: BalanceReport) -> list[tuple[str, ...]]:
    """A centre a row, a power a column: army/fleet moves from its nearest home."""

    def cell(a: int | None, f: int | None) -> str:
        return f"{'-' if a is None else a}/{'-' if f is None else f}"

    return [(c, *(cell(*p.distances.get(c, (None, None))) for p in report.powers)) for c in report.centres]


def report_text(report: BalanceReport) -> str:
    """The whole report as plain text (``diplodesk variant balance``)."""
    n = report.moves_per_year
    years = report.years or (report.first_year,) * n
    seasons = ", ".join(f"{season_word(s)} {y}" for s, y in zip(report.seasons, years, strict=True))
    lines = [
        f"Balance of {report.name} ({report.variant}): {len(report.powers)} powers, "
        f"{len(report.centres)} supply centres, {len(report.neutral)} neutral at the start",
        f"A move is one movement turn; the first year has {n}: {seasons}. "
        "Each unit is taken alone, nobody in its way.",
        "Special lines counted: " + ("; ".join(report.specials) if report.specials else "none"),
        "",
    ]
    for p in report.powers:
        lines.append(f"{p.power}: homes {', '.join(p.homes) or 'none'}; {units_text(p)}; coast: {coast_text(p)}")
        lines.append(f"  neutral centres in the first year: {_listed(p.year_one)}")
        lines.append(f"  in the first two years: {_listed(p.year_two)}")
        lines.append(f"  first, alone: {_alone(p)}")
        lines.append(f"  contested: {_contested(p)}")
        expo = exposure_lines(p, report.seasons)
        for i, line in enumerate(expo):
            lines.append(("  exposed: " if i == 0 else "           ") + line)
        lines.append(f"  meets: {_meets(p)}")
        lines.append("")
    lines.append("Neutral centres: who reaches each first, in how many moves")
    lines.extend(_table(CENTRE_COLUMNS, centre_rows(report)))
    lines.append("")
    lines.append("Distances from the nearest home to every centre, army/fleet (-: cannot)")
    lines.extend(_table(distance_columns(report), distance_rows(report)))
    return "\n".join(lines) + "\n"
