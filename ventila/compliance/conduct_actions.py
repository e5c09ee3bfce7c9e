"""Every change to a person's gifts, court summonses and nepotism checks: one ``do_*`` each, one
transaction each, inside ``audit.state.acting`` so the chain's version of the row says who and why.
A correction changes the row (the chain keeps what it said before) and needs a reason; one that
changes nothing is refused."""

from __future__ import annotations

import datetime as dt
from dataclasses import asdict, dataclass
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from ventila import clock
from ventila.audit import state
from ventila.bodies.models import Body, Person
from ventila.rules.calendar import CalendarError

from .conduct import body_calendar, conduct_of, nepotism
from .conduct_models import CourtSummons, GiftRecord, NepotismCheck

MAX_GIFT_VALUE = Decimal("9999999999.99")  # what the column holds (12 digits, 2 decimals); not a legal number


class ConductRefused(Exception):
    """Nothing was recorded: ``field_errors`` says why, by field (Spanish)."""

    def __init__(self, field_errors: dict[str, str]) -> None:
        super().__init__("; ".join(field_errors.values()))
        self.field_errors = field_errors


@dataclass(frozen=True)
class GiftInput:
    received_on: dt.date
    description: str
    value: Decimal
    source: str
    kind: str = GiftRecord.Kind.SOCIAL
    foreign: bool = False
    waiver: str = ""


def _check_gift(gift: GiftInput, today: dt.date) -> None:
    errors: dict[str, str] = {}
    if gift.received_on > today:
        errors["received_on"] = _("La fecha en que se recibió no puede ser posterior a hoy.")
    if gift.value < 0:
        errors["value"] = _("El valor no puede ser negativo.")
    elif gift.value > MAX_GIFT_VALUE:
        errors["value"] = _("Escriba un valor menor de diez mil millones de dólares.")
    elif gift.value != gift.value.quantize(Decimal("0.01")):
        errors["value"] = _("Escriba el valor al centavo, con dos decimales como máximo.")
    if gift.kind not in GiftRecord.Kind.values:
        errors["kind"] = _("Elija el tipo de lo recibido.")
    if gift.waiver.strip() and not gift.foreign:
        errors["waiver"] = _("La dispensa de la Sec. 10(n) es para lo recibido de fuente extranjera.")
    if errors:
        raise ConductRefused(errors)


def do_record_gift(
    *, user: Any, body: Body, person: Person, gift: GiftInput, now: dt.datetime | None = None
) -> GiftRecord:
    """Record a gift received (Secs. 10(k), 10(n)); the engine's checks follow from it when shown."""
    now = now or clock.now()
    _check_gift(gift, now.date())
    with transaction.atomic(), state.acting(user, f"Regalo anotado ({', '.join(conduct_of(body).gift_rules)})"):
        return GiftRecord.objects.create(
            body=body, person=person, recorded_by=user, recorded_at=now, **_gift_fields(gift)
        )


def _gift_fields(gift: GiftInput) -> dict[str, Any]:
    data = asdict(gift)
    data["waiver"] = gift.waiver.strip()
    return data


def gift_input(record: GiftRecord) -> GiftInput:
    return GiftInput(
        record.received_on,
        record.description,
        record.value,
        record.source,
        record.kind,
        record.foreign,
        record.waiver,
    )


def _reason(reason: str) -> str:
    reason = " ".join(reason.split())
    if not reason:
        raise ConductRefused({"reason": _("Escriba por qué se corrige.")})
    return reason


def do_correct_gift(
    *, user: Any, record: GiftRecord, gift: GiftInput, reason: str, now: dt.datetime | None = None
) -> GiftRecord:
    """Correct a gift recorded: the new values, with the reason; the chain keeps the old ones."""
    now = now or clock.now()
    why = _reason(reason)
    _check_gift(gift, now.date())
    unchanged = gift_input(record) == GiftInput(**_gift_fields(gift))
    return _correct(user, record, _gift_fields(gift), unchanged, f"Corrección de un regalo anotado: {why}", why, now)


def _correct(user: Any, record: Any, values: dict[str, Any], unchanged: bool, reason: str, why: str, now: Any) -> Any:
    """Write a correction of a conduct row (a gift, a summons): the new ``values``, when and why; refused
    when it changes nothing."""
    if unchanged:
        raise ConductRefused({"__all__": _("La corrección no cambia nada: cambie algún dato o vuelva atrás.")})
    with transaction.atomic(), state.acting(user, reason):
        locked = type(record).objects.select_for_update().get(pk=record.pk)
        for name, value in values.items():
            setattr(locked, name, value)
        locked.corrected_at, locked.correction_reason = now, why[:500]
        locked.save()
        return locked


@dataclass(frozen=True)
class SummonsInput:
    case_number: str
    formally_notified_on: dt.date
    role: str
    secretary_notified_on: dt.date | None = None


def _check_summons(body: Body, summons: SummonsInput, today: dt.date) -> None:
    errors: dict[str, str] = {}
    if summons.role not in CourtSummons.Role.values:
        errors["role"] = _("Elija si la persona es parte o testigo.")
    formal = summons.formally_notified_on
    if formal > today:
        errors["formally_notified_on"] = _("La fecha de la notificación formal no puede ser posterior a hoy.")
    else:
        try:
            body_calendar(body).check_input_date(formal)
        except CalendarError:
            errors["formally_notified_on"] = _("Esa fecha está fuera de los años que conoce el calendario legal.")
    notified = summons.secretary_notified_on
    if notified is not None:
        if notified > today:
            errors["secretary_notified_on"] = _("La fecha en que notificó no puede ser posterior a hoy.")
        elif notified < formal:
            errors["secretary_notified_on"] = _(
                "La notificación a la Secretaría es posterior a la notificación formal, no anterior."
            )
    if errors:
        raise ConductRefused(errors)


def do_record_summons(
    *, user: Any, body: Body, person: Person, summons: SummonsInput, now: dt.datetime | None = None
) -> CourtSummons:
    """Record a court or administrative summons (Sec. 10(w)): the case's number, the day of its
    formal notice and the role only (CAM-10W-02); the 5 business days follow from it when shown."""
    now = now or clock.now()
    _check_summons(body, summons, now.date())
    with transaction.atomic(), state.acting(user, f"Citación anotada ({conduct_of(body).summons_rule})"):
        return CourtSummons.objects.create(
            body=body,
            person=person,
            case_number=" ".join(summons.case_number.split()),
            formally_notified_on=summons.formally_notified_on,
            role=summons.role,
            secretary_notified_on=summons.secretary_notified_on,
            recorded_by=user,
            recorded_at=now,
        )


def do_correct_summons(
    *, user: Any, record: CourtSummons, summons: SummonsInput, reason: str, now: dt.datetime | None = None
) -> CourtSummons:
    """Correct a summons recorded, or add the day the Secretary was notified, with the reason."""
    now = now or clock.now()
    why = _reason(reason)
    _check_summons(record.body, summons, now.date())
    new = SummonsInput(
        " ".join(summons.case_number.split()),
        summons.formally_notified_on,
        summons.role,
        summons.secretary_notified_on,
    )
    old = SummonsInput(record.case_number, record.formally_notified_on, record.role, record.secretary_notified_on)
    return _correct(user, record, asdict(new), new == old, f"Corrección de una citación anotada: {why}", why, now)


def do_record_nepotism_check(
    *,
    user: Any,
    body: Body,
    person: Person,
    candidate: str,
    path: tuple[str, ...],
    waiver: bool = False,
    recommended_by_speaker: bool = False,
    employed_before: bool = False,
    now: dt.datetime | None = None,
) -> NepotismCheck:
    """Record a nepotism check (Sec. 10(t)) with what the kinship calculator says of it now."""
    now = now or clock.now()
    candidate = " ".join(candidate.split())
    if not candidate:
        raise ConductRefused({"candidate": _("Escriba el nombre del candidato.")})
    try:
        result = nepotism(
            path, waiver=waiver, recommended_by_speaker=recommended_by_speaker, employed_before=employed_before
        )
    except ValueError:
        raise ConductRefused({"relation": _("Ese camino no describe a un pariente; revise los pasos.")}) from None
    k = result.kinship
    with (
        transaction.atomic(),
        state.acting(user, f"Comprobación de nepotismo anotada ({conduct_of(body).nepotism_rule})"),
    ):
        return NepotismCheck.objects.create(
            body=body,
            person=person,
            candidate=candidate[:200],
            path="+".join(result.path),
            kinship=k.kind if k is not None else "",
            degree=k.degree if k is not None else None,
            barred=result.barred,
            waiver=waiver,
            recommended_by_speaker=recommended_by_speaker,
            employed_before=employed_before,
            recorded_by=user,
            recorded_at=now,
        )
