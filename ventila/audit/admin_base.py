"""The admin site's base classes for chained rows, shared by every app's ``admin.py``: an admin whose saves
say who made them in the audit chain's versions, and one that only shows what the app's audited actions
change. (In ``audit``, below the apps that use them, so that no app's admin imports another's.)"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from . import state

ADMIN_REASON = "Sitio de administración"  # the reason written in the audit record (kept in Spanish, not translated)


class ChainedAdmin(admin.ModelAdmin):
    """An admin whose saves say who made them in the audit chain's versions."""

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        with state.acting(request.user, ADMIN_REASON):
            super().save_model(request, obj, form, change)

    def save_formset(self, request: HttpRequest, form: Any, formset: Any, change: bool) -> None:
        with state.acting(request.user, ADMIN_REASON):
            super().save_formset(request, form, formset, change)


class ReadOnly:
    """Seen here, changed only through the app's audited actions (an admin's or an inline's mixin)."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class ReadOnlyAdmin(ReadOnly, admin.ModelAdmin):
    """Seen here, changed only through the app's audited actions."""
