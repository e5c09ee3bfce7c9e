"""``ventila purge_expired``: the daily clean-up (cron, docs/deploy.md §9). Deletes the sessions that ended
(Django's ``clearsessions``: the database keeps every session until then), the API's request log older than
``VENTILA_API_LOG_DAYS`` days and the rate-limit counters whose window ended."""

from __future__ import annotations

from typing import Any

from django.contrib.sessions.models import Session
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.utils import timezone

from ventila.accounts import ratelimit
from ventila.api.middleware import purge_request_log


class Command(BaseCommand):
    help = (
        "Borra lo vencido: las sesiones terminadas, el registro de solicitudes de la API más antiguo que "
        "VENTILA_API_LOG_DAYS días y los contadores de frecuencia vencidos."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        # clearsessions reads the wall clock (Django's timezone.now), so the count does too.
        sessions = Session.objects.filter(expire_date__lt=timezone.now()).count()
        call_command("clearsessions")
        self.stdout.write(f"Se borraron {sessions} sesiones vencidas.")
        self.stdout.write(f"Se borraron {purge_request_log()} solicitudes de la API del registro.")
        self.stdout.write(f"Se borraron {ratelimit.purge()} contadores de frecuencia vencidos.")
