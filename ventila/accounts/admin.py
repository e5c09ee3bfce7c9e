from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin

from .models import RoleGrant, User


class RoleGrantInline(admin.TabularInline):
    model = RoleGrant
    extra = 0


@admin.register(User)
class UserAdmin(BaseUserAdmin):
    inlines = [RoleGrantInline]
    fieldsets = (*BaseUserAdmin.fieldsets, ("ventila", {"fields": ("person",)}))
    list_display = ("username", "first_name", "last_name", "is_superuser")
