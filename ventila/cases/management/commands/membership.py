"""``ventila membership add|end``: seat a member on a body, or record a member's last day.

A seat decides who votes and who reads a body's cases, so it is not edited in the administrators'
site: an operator runs this on the server with a second administrator's approval and a reason; the
change is a version in the audit chain (who, why) and every open term of the body is refreshed.

    ventila membership add etica-camara PERSON_ID --position member --start 2027-01-13 \\
        --operator A --approved-by B --reason "Resolución de la Cámara R. 123"
    ventila membership end MEMBERSHIP_ID --end 2027-06-30 --operator A --approved-by B --reason "Renuncia"
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.management.base import CommandError

from ventila.accounts.actions import OperatorRefused, Operators
from ventila.accounts.management.operator import OperatorCommand
from ventila.bodies.models import Body, Membership, Person
from ventila.cases.actions import ActRefused, do_add_membership, do_end_membership


def _day(value: str, field: str) -> dt.date:
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise OperatorRefused(field, f"«{value}» no es una fecha AAAA-MM-DD.") from None


class Command(OperatorCommand):
    help = "Añade un miembro a un cuerpo o anota su último día, con dos personas y motivo."

    def add_arguments(self, parser: Any) -> None:
        sub = parser.add_subparsers(dest="action", required=True)
        add = sub.add_parser("add", help="Añade un miembro a un cuerpo.")
        add.add_argument("body", help="El identificador del cuerpo, por ejemplo «etica-camara».")
        add.add_argument("person", type=int, help="El número de la persona en el registro.")
        add.add_argument(
            "--position",
            default=Membership.Position.MEMBER,
            help="Puesto: " + ", ".join(Membership.Position.values) + ".",
        )
        add.add_argument("--start", required=True, help="Primer día como miembro (AAAA-MM-DD).")
        add.add_argument("--end", help="Último día (AAAA-MM-DD), si ya se conoce.")
        end = sub.add_parser("end", help="Anota el último día de un miembro.")
        end.add_argument("membership", type=int, help="El número del nombramiento.")
        end.add_argument("--end", required=True, help="Último día como miembro (AAAA-MM-DD).")
        for p in (add, end):
            super().add_arguments(p)

    def handle(self, *args: Any, **options: Any) -> None:
        def act(ops: Operators) -> str:
            ops.check()
            who = f"{ops.operator} (aprobado por {ops.approver})"
            try:
                if options["action"] == "add":
                    body = Body.objects.filter(slug=options["body"]).first()
                    if body is None:
                        raise OperatorRefused("body", f"No existe el cuerpo «{options['body']}».")
                    person = Person.objects.filter(pk=options["person"]).first()
                    if person is None:
                        raise OperatorRefused("person", f"No existe la persona {options['person']}.")
                    m = do_add_membership(
                        body=body,
                        person=person,
                        position=options["position"],
                        start=_day(options["start"], "--start"),
                        end=_day(options["end"], "--end") if options.get("end") else None,
                        operator=who,
                        reason=ops.reason,
                    )
                    return f"Miembro añadido ({m.pk}: {m}); los términos abiertos se recalcularon."
                m = Membership.objects.filter(pk=options["membership"]).first()
                if m is None:
                    raise OperatorRefused("membership", f"No existe el nombramiento {options['membership']}.")
                m = do_end_membership(membership=m, end=_day(options["end"], "--end"), operator=who, reason=ops.reason)
                return f"Último día anotado ({m}); los términos abiertos se recalcularon."
            except ActRefused as exc:
                field, messages = next(iter(exc.field_errors.items()), ("", [exc.message]))
                raise CommandError(f"--{field}: {' '.join(messages)}" if field else exc.message) from None

        self.run(options, act)
