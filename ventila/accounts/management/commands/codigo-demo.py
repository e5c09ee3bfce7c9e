"""``ventila codigo-demo USUARIO``: the current second-factor code of a DEMO user.

For a newcomer trying ``./run serve`` without an authenticator app at hand. It works only for the
devices ``ventila demo`` created (named «demostración»); a real user's device is refused.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django_otp.plugins.otp_totp.models import TOTPDevice

from ventila.accounts import twofactor


class Command(BaseCommand):
    help = "Imprime el código actual del segundo factor de un usuario de demostración."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("username")

    def handle(self, *args: Any, **options: Any) -> None:
        device = TOTPDevice.objects.filter(
            user__username=options["username"], confirmed=True, name=twofactor.DEMO_DEVICE_NAME
        ).first()
        if device is None:
            raise CommandError(f"«{options['username']}» no es un usuario de demostración con segundo factor.")
        self.stdout.write(twofactor.current_code(device))
