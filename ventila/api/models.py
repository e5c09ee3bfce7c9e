"""The API's clients (organisations), their tokens, the requests log and the idempotency records."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from ventila.bodies.models import Body
from ventila.cases.models import Case


class ApiClient(models.Model):
    """An organisation that talks to ventila through /api/v1/: the OEG, the Speaker's office or a
    municipal Commission. Its acts are recorded by its own account (named after it), which cannot sign in."""

    class Role(models.TextChoices):
        OEG = "oeg", "Oficina de Ética Gubernamental"
        SPEAKER = "speaker", "Oficina del Presidente de la Cámara"
        COMMISSION = "commission", "Comisión"

    name = models.CharField("nombre", max_length=200, unique=True)
    role = models.CharField("función", max_length=12, choices=Role.choices)
    body = models.ForeignKey(Body, on_delete=models.PROTECT, related_name="+", verbose_name="cuerpo")
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="api_client")
    created_at = models.DateTimeField("creada")

    def __str__(self) -> str:
        return self.name


class ApiToken(models.Model):
    """A scoped token: only the SHA-256 of its secret is kept; the secret is shown once."""

    client = models.ForeignKey(ApiClient, on_delete=models.PROTECT, related_name="tokens")
    label = models.CharField("nombre", max_length=120)
    prefix = models.CharField(max_length=12, db_index=True)
    digest = models.CharField(max_length=64, unique=True)
    scopes = models.JSONField(default=list)
    created_at = models.DateTimeField("creado")
    expires_at = models.DateTimeField("vence")
    revoked_at = models.DateTimeField("revocado", null=True, blank=True)
    last_used_at = models.DateTimeField("último uso", null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.client} · {self.label} ({self.prefix}…)"


class ApiRequest(models.Model):
    """One request to /api/v1/ (every one is logged, with or without a valid token)."""

    token = models.ForeignKey(ApiToken, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    method = models.CharField(max_length=8)
    path = models.CharField(max_length=300)
    status = models.PositiveSmallIntegerField()
    at = models.DateTimeField(db_index=True)


class IdempotencyRecord(models.Model):
    """The answer given to a POST with an Idempotency-Key: a retry gets the same answer, nothing redone."""

    client = models.ForeignKey(ApiClient, on_delete=models.PROTECT, related_name="+")
    key = models.CharField(max_length=200)
    fingerprint = models.CharField(max_length=64)
    status = models.PositiveSmallIntegerField()
    response = models.JSONField()
    created_at = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["client", "key"], name="api_idempotency_unique")]


class FiledCase(models.Model):
    """A case an organisation opened through the API (it may read it afterwards)."""

    client = models.ForeignKey(ApiClient, on_delete=models.PROTECT, related_name="filed")
    case = models.ForeignKey(Case, on_delete=models.PROTECT, related_name="+")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["client", "case"], name="api_filed_unique")]
