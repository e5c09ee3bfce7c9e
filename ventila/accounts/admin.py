"""The administrators' site for accounts: names, e-mail, active or not — and nothing more.

A system administrator manages accounts but reads no case (docs/permissions.md). What would let him
reach one — granting a function, linking an account to a seated person, setting or resetting a
password, touching a second factor, making someone an administrator — is not here: those are
audited commands run on the server with a second administrator's approval
(:mod:`ventila.accounts.actions`). The site shows no password hash, no TOTP key, no recovery code.
"""

from typing import Any

from django.contrib import admin
from django.contrib.auth.models import Group
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from ventila.audit.admin_base import ReadOnly

from .models import RoleGrant, User


class RoleGrantInline(ReadOnly, admin.TabularInline):
    """Shown, never edited here: ``ventila grant-role`` / ``revoke-role``."""

    model = RoleGrant
    extra = 0
    fields = ("body", "role")
    readonly_fields = ("body", "role")
    can_delete = False


@admin.register(User)
class UserAdmin(admin.ModelAdmin):
    inlines = [RoleGrantInline]
    fieldsets = (
        (None, {"fields": ("username", "first_name", "last_name", "email", "is_active")}),
        (
            _("Solo desde el servidor"),
            {
                "fields": ("person", "is_staff", "is_superuser", "last_login", "date_joined"),
                "description": _(
                    "Las funciones, la contraseña y el segundo factor se cambian con órdenes del servidor "
                    "que exigen un segundo administrador y un motivo (ventila grant-role, reset-password, "
                    "reset-second-factor)."
                ),
            },
        ),
    )
    readonly_fields = ("username", "person", "is_staff", "is_superuser", "last_login", "date_joined")
    list_display = ("username", "first_name", "last_name", "is_active", "is_superuser")
    search_fields = ("username", "first_name", "last_name")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # accounts are created on the server (createsuperuser, the operators' commands)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # deactivate instead: the docket and the audit record name the account


admin.site.unregister(Group)  # permissions are not how ventila decides anything
