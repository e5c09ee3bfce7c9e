"""The search index: one row per searchable thing (a case's number, caption and parties; a docket entry;
an issued document; a draft), written in the same transaction as the thing itself (:mod:`.index`).

PostgreSQL adds to the table a generated ``tsvector`` column over ``title`` and ``text`` with the
``ventila_es`` configuration (``unaccent`` then the Spanish stemmer) and a GIN index on it; SQLite keeps
an FTS5 table, ``search_fts``, filled by triggers from ``title_stems`` and ``stems`` (the Spanish stems
of the same texts, computed in Python by :mod:`.stemmer`). Migration ``search.0001`` creates both.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from ventila.cases.models import Case
from ventila.fields import foreign_key, one_to_one


class SearchEntry(models.Model):
    class Kind(models.TextChoices):
        CASE = "case", _("Expediente")
        ENTRY = "entry", _("Anotación")
        DOCUMENT = "document", _("Documento")
        DRAFT = "draft", _("Borrador")

    case = foreign_key(
        Case, "+", _("expediente"), _("El expediente al que pertenece lo indexado."), on_delete=models.CASCADE
    )
    kind = models.CharField(
        _("clase"), max_length=10, choices=Kind.choices, help_text=_("Qué se indexa: expediente, anotación…")
    )
    object_id = models.PositiveBigIntegerField(_("objeto"), help_text=_("El identificador de lo indexado."))
    ref = models.PositiveIntegerField(
        _("referencia"), default=0, help_text=_("El número de la anotación en el expediente (para el enlace).")
    )
    title = models.CharField(_("título"), max_length=300, help_text=_("El título que muestra el resultado."))
    text = models.TextField(_("texto"), blank=True, help_text=_("El texto buscado, del que sale el extracto."))
    title_stems = models.TextField(
        _("raíces del título"), blank=True, default="", help_text=_("Las raíces del título (solo en SQLite).")
    )
    stems = models.TextField(
        _("raíces del texto"), blank=True, default="", help_text=_("Las raíces del texto (solo en SQLite).")
    )

    class Meta:
        verbose_name = _("entrada del índice de búsqueda")
        verbose_name_plural = _("entradas del índice de búsqueda")
        constraints = [models.UniqueConstraint(fields=["kind", "object_id"], name="search_entry_unique_object")]
        indexes = [models.Index(fields=["case", "kind"], name="search_entry_case_kind")]

    def __str__(self) -> str:
        return f"{self.kind} {self.object_id}"


class PublishedMatter(models.Model):
    """A matter of the public record as the public reads it (issue 30): written when the case becomes
    final for publication and its redacted text may be published, rewritten when that text changes (an act,
    an issued document, a review), deleted when it no longer may (a correction re-opens it) —
    :mod:`ventila.search.public`, in the writer's transaction. It holds only what
    :func:`ventila.documents.publication.public_matter` publishes, redacted: the public list, its search
    and the open data read these rows alone, a page at a time.

    As :class:`SearchEntry`, PostgreSQL adds a generated ``tsvector`` column over ``text`` with a GIN index,
    SQLite an FTS5 table ``published_fts`` of ``stems`` (migration ``search.0002``)."""

    case = one_to_one(
        Case, "+", _("expediente"), _("El expediente publicado."), on_delete=models.CASCADE, primary_key=True
    )
    body = foreign_key("bodies.Body", "+", _("cuerpo"), _("Su cuerpo."), on_delete=models.CASCADE)
    year = models.PositiveSmallIntegerField(_("año"), help_text=_("El año del número de expediente (el orden)."))
    number = models.CharField(_("número"), max_length=40, help_text=_("El número de expediente."))
    caption = models.TextField(_("epígrafe"), blank=True, help_text=_("El epígrafe, suprimidos los datos privados."))
    respondent_name = models.CharField(_("parte querellada"), max_length=300, blank=True, help_text=_("Su nombre."))
    respondent_office = models.TextField(_("cargo"), blank=True, help_text=_("El cargo de la parte querellada."))
    outcome = models.CharField(_("resultado"), max_length=60, blank=True, help_text=_("El código del resultado."))
    final_on = models.DateField(_("resolución final"), null=True, blank=True, help_text=_("El día del último acto."))
    record = models.JSONField(_("registro"), help_text=_("El asunto como lo dan los datos abiertos (rutas relativas)."))
    text = models.TextField(_("texto"), blank=True, help_text=_("Todo el texto publicado, el que busca el público."))
    stems = models.TextField(_("raíces"), blank=True, default="", help_text=_("Las raíces del texto (solo SQLite)."))
    updated_at = models.DateTimeField(_("actualizado"), help_text=_("Cuándo se escribió esta fila por última vez."))

    class Meta:
        verbose_name = _("asunto publicado")
        verbose_name_plural = _("asuntos publicados")
        indexes = [
            models.Index(fields=["body", "-year", "-case"], name="published_body_order"),
            models.Index(fields=["body", "number"], name="published_body_number"),
        ]

    def __str__(self) -> str:
        return self.number
