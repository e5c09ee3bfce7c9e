"""``ventila api_tokens``: the API's organisations and tokens from the command line (each change a
recorded action in the audit chain, by the operator named with ``--operator``).

- ``ventila api_tokens client "Oficina de Ética Gubernamental" --role oeg --body etica-camara --operator A
  --reason "…"`` (a proposal: another administrator approves it on the proposals page, with his password
  and second factor; the organisation exists from then on)
- ``ventila api_tokens issue "Oficina de Ética Gubernamental" --label sistema --scopes referrals,cases_read``
  (the secret is printed once; only its SHA-256 is kept)
- ``ventila api_tokens list`` · ``ventila api_tokens revoke vnt_AbCdEfGh``"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from ventila.accounts.management.propose import propose
from ventila.accounts.models import User
from ventila.api.models import ApiClient, ApiToken
from ventila.api.tokens import SCOPES, do_issue_token, do_revoke_token


class Command(BaseCommand):
    """``ventila api_tokens``: the API's organisations and tokens from the command line."""

    help = "Organizaciones y tokens de la API (/api/v1/): client, issue, list, revoke."

    def add_arguments(self, parser: Any) -> None:
        """The action, the organisation or token prefix, and the options."""
        parser.add_argument("action", choices=("client", "issue", "list", "revoke"))
        parser.add_argument("name", nargs="?", default="", help="la organización, o el prefijo del token a revocar")
        parser.add_argument("--role", choices=[r.value for r in ApiClient.Role], default="oeg")
        parser.add_argument("--body", default="", help="el cuerpo (slug) con el que trata la organización")
        parser.add_argument("--label", default="token")
        parser.add_argument("--scopes", default=",".join(SCOPES), help="separados por comas: " + ", ".join(SCOPES))
        parser.add_argument("--days", type=int, default=365)
        parser.add_argument("--operator", default="", help="usuario que queda como autor en el registro de auditoría")
        parser.add_argument("--reason", default="", help="por qué se propone la organización (client)")

    def handle(self, *args: Any, **o: Any) -> None:
        """Run the action."""
        operator = User.objects.filter(username=o["operator"]).first() if o["operator"] else None
        if o["action"] == "list":
            for t in ApiToken.objects.select_related("client").order_by("client__name", "created_at"):
                state = "revocado" if t.revoked_at else f"vence {t.expires_at:%Y-%m-%d}"
                used = f"{t.last_used_at:%Y-%m-%d %H:%M}" if t.last_used_at else "nunca"
                self.stdout.write(
                    f"{t.prefix}…  {t.client.name} · {t.label} · {','.join(t.scopes)} · {state} · último uso {used}"
                )
            return
        if not o["name"]:
            raise CommandError("Falta la organización o el token.")
        if o["action"] == "client":
            propose(self, o, "api_client", {"name": o["name"], "role": o["role"], "body": o["body"]})
        elif o["action"] == "issue":
            client = ApiClient.objects.filter(name=o["name"]).first()
            if client is None:
                raise CommandError(f"No hay una organización «{o['name']}».")
            try:
                token, secret = do_issue_token(
                    user=operator, client=client, label=o["label"], scopes=o["scopes"].split(","), days=o["days"]
                )
            except ValueError as exc:
                raise CommandError(str(exc)) from None
            self.stdout.write(f"Token {token.prefix}… (se muestra una sola vez):\n{secret}")
        else:
            token = ApiToken.objects.filter(prefix=o["name"][:12]).first()
            if token is None:
                raise CommandError("No hay un token con ese prefijo.")
            do_revoke_token(user=operator, token=token)
            self.stdout.write(f"Token {token.prefix}… revocado.")
