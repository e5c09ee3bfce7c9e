"""The legal calendar's vectorised batch path, with numpy: a speed trick, kept apart.

Why it exists: recomputing every open term of every docket after a closure is declared (and the
benchmark in ``bench/``) is a million terms; numpy turns that into a handful of array operations on
the same tables the single computation uses. Nothing in a case's evaluation goes through here: the
plain path a reader follows is :meth:`LegalCalendar.add_business_days_ord` and
:meth:`LegalCalendar.next_business_day_ord` in ``calendar.py``, and a property test
(``tests/rules/test_properties.py::test_batch_equals_single``) holds the two equal, errors included.

numpy is imported here only, so ``ventila.rules`` stays importable without it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import numpy as np

if TYPE_CHECKING:
    import numpy.typing as npt

    from .calendar import LegalCalendar


def _np_tables(
    cal: LegalCalendar,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """(is_bd, cum, bd_ords) of the calendar as int64 arrays, built on first use and kept on it."""
    # A plain attribute, set to None by the calendar: touching ``cal.__dict__`` would materialise
    # the instance dict and slow every attribute read of the hot paths by a third.
    tables: Any = cal._np_cache
    if tables is None:
        tables = (
            np.frombuffer(bytes(cal._is_bd), dtype=np.uint8).astype(np.int64),
            np.asarray(cal._cum, dtype=np.int64),
            np.asarray(cal._bd_ords, dtype=np.int64),
        )
        cal._np_cache = tables
    return tables  # type: ignore[no-any-return]


def _np_index(cal: LegalCalendar, ordinals: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    i = ordinals - cal._base
    if i.size and (int(i.min()) < 0 or int(i.max()) >= cal._size):
        bad = ordinals[(i < 0) | (i >= cal._size)]
        cal._check(int(bad[0]))  # raises OutOfCalendarRange with the usual message
    return i


def add_business_days_batch(
    cal: LegalCalendar, start_ordinals: npt.ArrayLike, n: npt.ArrayLike
) -> npt.NDArray[np.int64]:
    """:meth:`LegalCalendar.add_business_days_ord` over arrays: the Nth business day after each start.

    ``n`` may be one number or an array of the same shape as ``start_ordinals``. Same answers
    as the single computation, same errors: a start or a result outside the calendar's years
    raises :class:`OutOfCalendarRange`.
    """
    is_bd, cum, bd_ords = _np_tables(cal)
    start = np.asarray(start_ordinals, dtype=np.int64)
    count = np.broadcast_to(np.asarray(n, dtype=np.int64), start.shape)
    i = _np_index(cal, start)
    ci = cum[i]
    if count.size and int(count.min()) > 0:
        k = ci + count - 1  # the usual case: a term of N ≥ 1 business days
    else:
        k = np.where(count >= 0, ci + count - 1, ci - is_bd[i] + count)
        k = np.where(count == 0, 0, k)
    if k.size and (int(k.min()) < 0 or int(k.max()) >= bd_ords.size):
        j = int(np.flatnonzero((k < 0) | (k >= bd_ords.size))[0])
        cal.add_business_days_ord(int(start.flat[j]), int(count.flat[j]))  # raises
    out = bd_ords[k]
    if not (count.size and int(count.min()) > 0):
        out = np.where(count == 0, start, out)
    return cast("npt.NDArray[np.int64]", out)


def add_calendar_days_batch(
    cal: LegalCalendar,
    start_ordinals: npt.ArrayLike,
    n: npt.ArrayLike,
    *,
    roll_forward: bool = True,
) -> npt.NDArray[np.int64]:
    """Start + N days, each last day that is not a business day moved to the next one.

    The batch form of ``next_business_day_ord(start + n)`` (1 LPRA §72; Regla 68.1).
    """
    is_bd, cum, bd_ords = _np_tables(cal)
    last = np.asarray(start_ordinals, dtype=np.int64) + np.asarray(n, dtype=np.int64)
    i = _np_index(cal, last)
    if not roll_forward:
        return last
    k = cum[i] - is_bd[i]  # index of the first business day on or after ``last``
    if k.size and int(k.max()) >= bd_ords.size:
        j = int(np.flatnonzero(k >= bd_ords.size)[0])
        cal.next_business_day_ord(int(last.flat[j]))  # raises
    return cast("npt.NDArray[np.int64]", bd_ords[k])
