"""The search index: its table, and each database's full-text machinery.

PostgreSQL: the ``unaccent`` extension; a text search configuration ``ventila_es``, a copy of
``spanish`` whose words pass through ``unaccent`` before the Spanish stemmer (so «contratacion» and
«contratación» are one word, and «contratos» and «contrato» one stem); a generated ``tsvector`` column
(title weighted A, text B — ``to_tsvector`` with a fixed configuration is immutable, as a generated
column requires) and a GIN index on it.

SQLite: an FTS5 table ``search_fts`` (``unicode61 remove_diacritics 2``) holding the Spanish stems of
each row's title and text, which the rows' triggers keep in step with the table (insert, update, delete).
"""

from __future__ import annotations

import django.db.models.deletion
from django.db import migrations, models

POSTGRES = [
    "CREATE EXTENSION IF NOT EXISTS unaccent",
    "CREATE TEXT SEARCH CONFIGURATION ventila_es (COPY = pg_catalog.spanish)",
    "ALTER TEXT SEARCH CONFIGURATION ventila_es ALTER MAPPING FOR hword, hword_part, word WITH unaccent, spanish_stem",
    "ALTER TABLE search_searchentry ADD COLUMN search_vector tsvector GENERATED ALWAYS AS ("
    "setweight(to_tsvector('ventila_es'::regconfig, title), 'A') || "
    "setweight(to_tsvector('ventila_es'::regconfig, text), 'B')) STORED",
    "CREATE INDEX search_entry_vector_gin ON search_searchentry USING GIN (search_vector)",
]
POSTGRES_REVERSE = [
    "DROP INDEX IF EXISTS search_entry_vector_gin",
    "ALTER TABLE search_searchentry DROP COLUMN IF EXISTS search_vector",
    "DROP TEXT SEARCH CONFIGURATION IF EXISTS ventila_es",
]

SQLITE = [
    "CREATE VIRTUAL TABLE search_fts USING fts5(title, body, tokenize='unicode61 remove_diacritics 2')",
    "CREATE TRIGGER search_entry_fts_insert AFTER INSERT ON search_searchentry BEGIN "
    "INSERT INTO search_fts(rowid, title, body) VALUES (new.id, new.title_stems, new.stems); END",
    "CREATE TRIGGER search_entry_fts_update AFTER UPDATE ON search_searchentry BEGIN "
    "DELETE FROM search_fts WHERE rowid = old.id; "
    "INSERT INTO search_fts(rowid, title, body) VALUES (new.id, new.title_stems, new.stems); END",
    "CREATE TRIGGER search_entry_fts_delete AFTER DELETE ON search_searchentry BEGIN "
    "DELETE FROM search_fts WHERE rowid = old.id; END",
]
SQLITE_REVERSE = [
    "DROP TRIGGER IF EXISTS search_entry_fts_insert",
    "DROP TRIGGER IF EXISTS search_entry_fts_update",
    "DROP TRIGGER IF EXISTS search_entry_fts_delete",
    "DROP TABLE IF EXISTS search_fts",
]


def forwards(apps, schema_editor):
    statements = {"postgresql": POSTGRES, "sqlite": SQLITE}.get(schema_editor.connection.vendor, [])
    for sql in statements:
        schema_editor.execute(sql)


def backwards(apps, schema_editor):
    statements = {"postgresql": POSTGRES_REVERSE, "sqlite": SQLITE_REVERSE}.get(schema_editor.connection.vendor, [])
    for sql in statements:
        schema_editor.execute(sql)


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("cases", "0008_member_vote"),
        ("documents", "0002_frozen_documents"),
    ]

    operations = [
        migrations.CreateModel(
            name="SearchEntry",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                (
                    "kind",
                    models.CharField(
                        choices=[
                            ("case", "Expediente"),
                            ("entry", "Anotación"),
                            ("document", "Documento"),
                            ("draft", "Borrador"),
                        ],
                        help_text="Qué se indexa: expediente, anotación…",
                        max_length=10,
                        verbose_name="clase",
                    ),
                ),
                (
                    "object_id",
                    models.PositiveBigIntegerField(help_text="El identificador de lo indexado.", verbose_name="objeto"),
                ),
                (
                    "ref",
                    models.PositiveIntegerField(
                        default=0,
                        help_text="El número de la anotación en el expediente (para el enlace).",
                        verbose_name="referencia",
                    ),
                ),
                (
                    "title",
                    models.CharField(
                        help_text="El título que muestra el resultado.", max_length=300, verbose_name="título"
                    ),
                ),
                (
                    "text",
                    models.TextField(
                        blank=True, help_text="El texto buscado, del que sale el extracto.", verbose_name="texto"
                    ),
                ),
                (
                    "title_stems",
                    models.TextField(
                        blank=True,
                        default="",
                        help_text="Las raíces del título (solo en SQLite).",
                        verbose_name="raíces del título",
                    ),
                ),
                (
                    "stems",
                    models.TextField(
                        blank=True,
                        default="",
                        help_text="Las raíces del texto (solo en SQLite).",
                        verbose_name="raíces del texto",
                    ),
                ),
                (
                    "case",
                    models.ForeignKey(
                        help_text="El expediente al que pertenece lo indexado.",
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="cases.case",
                        verbose_name="expediente",
                    ),
                ),
            ],
            options={
                "verbose_name": "entrada del índice de búsqueda",
                "verbose_name_plural": "entradas del índice de búsqueda",
                "indexes": [models.Index(fields=["case", "kind"], name="search_entry_case_kind")],
                "constraints": [
                    models.UniqueConstraint(fields=("kind", "object_id"), name="search_entry_unique_object")
                ],
            },
        ),
        migrations.RunPython(forwards, backwards),
    ]
