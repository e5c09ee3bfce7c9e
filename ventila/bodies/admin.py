"""Administration of bodies and the register of people and their offices.

Cases are deliberately not registered here: they are confidential and only reachable through
:mod:`ventila.cases.access`. What moves terms or decides who reads a case — closure days, election
days, seats — is shown read-only, and so are the bodies themselves (proposed and approved by two
administrators): closures and elections are declared on the body's calendar page,
seats with ``ventila membership`` on the server, each recorded with who and why in the audit chain
and refreshing every open term.
"""

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from ventila.audit.admin_base import ChainedAdmin, ReadOnly, ReadOnlyAdmin

from .hooks import offices_changed
from .models import Body, Closure, ElectionDay, Membership, OfficeTerm, Person


class OfficeInline(admin.TabularInline):
    model = OfficeTerm
    extra = 0


class MembershipInline(ReadOnly, admin.TabularInline):
    model = Membership
    extra = 0
    fields = ("person", "position", "start", "end")
    readonly_fields = fields
    can_delete = False


@admin.register(Body)
class BodyAdmin(ReadOnlyAdmin):
    """Seen here only. A body is created, renamed, deactivated or reactivated by a proposal of one
    administrator that another approves (the proposals page, :mod:`ventila.accounts.proposals`): a
    single administrator could otherwise add a look-alike Commission that the public would file with."""

    list_display = ("short_name", "slug", "rulebook", "case_prefix", "seats", "approved", "active")
    inlines = [MembershipInline]


@admin.register(Person)
class PersonAdmin(ChainedAdmin):
    search_fields = ("given_name", "family_name")
    list_display = ("family_name", "given_name", "hr_number", "email")
    inlines = [OfficeInline]

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        super().save_related(request, form, formsets, change)
        # The offices saved: what depends on them follows in this same transaction (the financial-report
        # cases of the register, Secs. 14–16), recorded by the system with who changed them and why.
        offices_changed(form.instance, f"Cargos editados en la administración por {request.user.get_username()}")

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        # Never: the page that would confirm it lists what a person is referenced by, cases included
        # («… (Parte querellada)»), which tells the administrator that a confidential complaint exists.
        return False


@admin.register(Closure)
class ClosureAdmin(ReadOnlyAdmin):
    list_display = ("day", "body", "reason")


@admin.register(ElectionDay)
class ElectionDayAdmin(ReadOnlyAdmin):
    list_display = ("day", "kind")
