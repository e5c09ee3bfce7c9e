"""Administration of bodies, the register of people, offices and seats.

Cases are deliberately not registered here: they are confidential and only reachable through
:mod:`ventila.cases.access`.
"""

from django.contrib import admin

from .models import Body, Closure, ElectionDay, Membership, OfficeTerm, Person


class OfficeInline(admin.TabularInline):
    model = OfficeTerm
    extra = 0


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0


@admin.register(Body)
class BodyAdmin(admin.ModelAdmin):
    list_display = ("short_name", "rulebook", "case_prefix", "seats")
    inlines = [MembershipInline]


@admin.register(Person)
class PersonAdmin(admin.ModelAdmin):
    search_fields = ("given_name", "family_name")
    list_display = ("family_name", "given_name", "email")
    inlines = [OfficeInline]


@admin.register(Closure)
class ClosureAdmin(admin.ModelAdmin):
    list_display = ("day", "body", "reason")


@admin.register(ElectionDay)
class ElectionDayAdmin(admin.ModelAdmin):
    list_display = ("day", "kind")
