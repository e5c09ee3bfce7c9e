"""The administrators' site keeps nothing that reaches a credential: the audit app, installed last,
removes the second-factor devices django-otp registers (``ventila reset-second-factor`` on the
server replaces them). Nothing of this app (the chain, the access log) is registered either."""

from django.contrib import admin
from django.contrib.admin.sites import NotRegistered
from django_otp.plugins.otp_totp.models import TOTPDevice

try:
    admin.site.unregister(TOTPDevice)
except NotRegistered:  # pragma: no cover - the plugin's admin was not loaded
    pass
