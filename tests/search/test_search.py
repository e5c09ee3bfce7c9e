"""Issue 17: the staff search, the same cases on SQLite (FTS5 over Python's Spanish stems) and PostgreSQL
(``ventila_es``: unaccent + Spanish stemmer, a GIN-indexed tsvector)."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.db import connection, transaction
from django.test import Client
from factories import at, file_complaint, make_person, record
from web.helpers import complaint_of, open_municipal_complaint

from ventila.audit.models import AccessLog
from ventila.cases.actions import ActInput, do_record_act
from ventila.cases.models import Case
from ventila.documents.actions import do_create_draft, do_issue_document, do_update_draft
from ventila.search import stemmer
from ventila.search.models import SearchEntry
from ventila.search.query import Part, Scope, is_full_number, number_query, search, snippet
from ventila.search.scopes import scope_for_user

pytestmark = pytest.mark.django_db


def _everything() -> Scope:
    return Scope((Part(Case.objects.all()),))


def _note(world, case, note: str, when: str = "2027-03-01 10:30"):
    return do_record_act(
        user=world.users["secretaria"],
        case=case,
        act=ActInput("respondent_notified", at(when), True, {}, {}, note=note),
    )


def _numbers(results) -> list[str]:
    return [h.case_number for h in results.hits]


# -- words: accents, case, stems -------------------------------------------------------------------


def test_an_unaccented_query_finds_the_accented_word(world):
    case = complaint_of(world, "Contratación de un familiar en su oficina.")
    other = complaint_of(world, "Uso de fondos públicos para fines privados.")
    for query in ("contratacion", "CONTRATACIÓN", "Contratación"):
        results = search(query, _everything())
        assert _numbers(results) == [case.number], query
    assert other.number not in _numbers(search("contratacion", _everything()))


def test_a_plural_finds_the_singular_by_its_stem(world):
    case = complaint_of(world, "Un contrato otorgado sin subasta.")
    results = search("contratos", _everything())
    assert _numbers(results) == [case.number]
    assert "<mark>contrato</mark>" in results.hits[0].snippet
    assert search("contrataron", _everything()).total == 1  # a verb of the same stem


def test_every_word_must_be_present_and_stop_words_are_not_searched(world):
    case = complaint_of(world, "Contrato de limpieza otorgado al cuñado.")
    complaint_of(world, "Contrato de seguridad.")
    assert search("contrato limpieza", _everything()).total == 1
    assert _numbers(search("contrato de la limpieza", _everything())) == [case.number]
    empty = search("de la que", _everything())
    assert empty.total == 0 and empty.terms == ()


def test_the_stemmer_gives_snowballs_spanish_stems():
    # Snowball's Spanish stemmer (what PostgreSQL's spanish_stem runs), on words already unaccented.
    assert [stemmer.snowball_spanish(w) for w in ("contratos", "contrato", "querellas", "haciendola")] == [
        "contrat",
        "contrat",
        "querell",
        "hac",
    ]
    assert stemmer.stems("Contratación, contratacion y CONTRATACIONES") == ["contratacion", "contratacion", "contrat"]
    assert stemmer.stems("de la que") == []


# Stems as PostgreSQL's ``ventila_es`` gives them (unaccent, then Snowball Spanish), checked by hand once.
STEMS = {
    "contratos": "contrat", "contrato": "contrat", "contratación": "contratacion", "contrataciones": "contrat",
    "haciéndola": "hac", "querellas": "querell", "investigación": "investigacion", "investigaciones": "investig",
    "sobornos": "soborn", "comisión": "comision", "rápidamente": "rapid", "notificada": "notific",
    "cantábamos": "cantab", "averigüe": "averig", "persiguen": "persig", "leyendo": "leyend",
    "construyendo": "constru", "huyeron": "huyeron", "alcaldía": "alcaldi", "éticas": "etic", "años": "anos",
    "niño": "nin", "representantes": "represent", "legislativa": "legisl", "obligaciones": "oblig",
    "funcionario": "funcionari", "públicos": "public",
}  # fmt: skip


def test_python_stems_are_the_databases_stems():
    """SQLite's index stems words in Python; they must be PostgreSQL's own, word for word. On PostgreSQL
    the database answers; on SQLite the table above (taken from PostgreSQL) does."""
    assert {w: stemmer.stems(w)[0] for w in STEMS} == STEMS
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT w, (SELECT string_agg(lexeme, ' ') FROM unnest(to_tsvector('ventila_es', w))) "
                "FROM unnest(%s::text[]) AS w",
                [list(STEMS)],
            )
            assert dict(cursor.fetchall()) == STEMS


# -- case numbers, parties, documents, ranking -----------------------------------------------------


def test_a_case_number_finds_its_case_first(world):
    case = complaint_of(world, "Hechos de prueba.")
    other = complaint_of(world, "Hechos de prueba.")
    results = search(case.number, _everything())
    assert results.hits[0].case_number == case.number and results.hits[0].entry.kind == "case"
    assert other.number not in _numbers(results)
    assert search(case.number.lower(), _everything()).hits[0].case_number == case.number
    # Part of a number: the year and sequence, or the body's prefix and year (both cases of 2027).
    assert _numbers(search(case.number.split("-", 1)[1], _everything()))[0] == case.number
    assert set(_numbers(search(case.number.rsplit("-", 1)[0], _everything()))) == {case.number, other.number}


@pytest.mark.parametrize(
    ("query", "number", "whole"),
    [
        ("CE-2027-0001", "CE-2027-0001", True),
        ("ce-r-2027-0291", "CE-R-2027-0291", True),  # a kind numbered in its own series (issue 30: not found)
        ("CVQM-PE-2026-0260", "CVQM-PE-2026-0260", True),
        ("R-2027-0291", "R-2027-0291", True),
        ("CE-R-2027", "CE-R-2027", False),
        ("2027-0291", "2027-0291", False),
        ("CE-2027", "CE-2027", False),
    ],
)
def test_a_case_number_in_a_series_is_read_as_a_number(query, number, whole):
    assert number_query(query) == number
    assert is_full_number(number) is whole


@pytest.mark.parametrize("query", ["querella", "CE-R-S-2027-0001", "2027", "CE--2027-0001", "CE-2027-0001 x"])
def test_what_is_not_a_case_number_is_searched_as_words(query):
    assert number_query(query) is None


def test_a_party_name_finds_the_case(world):
    respondent = make_person("Eulalia", "Barrientos Ficticia", title="Representante del Distrito 12")
    case = complaint_of(world, "Hechos de prueba.", respondent=respondent)
    results = search("barrientos", _everything())
    assert _numbers(results) == [case.number] and results.hits[0].entry.kind == "case"
    assert "<mark>Barrientos</mark>" in results.hits[0].snippet


def test_an_issued_document_and_a_draft_are_searched_by_their_text(world):
    case = file_complaint(world)
    user = world.users["secretaria"]
    draft = do_create_draft(user=user, case=case, entry=case.entries.get(seq=1), template="notice_of_complaint")
    key = draft.sections[-1]["key"]
    draft = do_update_draft(draft=draft, title=draft.title, texts={key: "Se advierte del plazo improrrogable."})
    hit = search("improrrogable", _everything()).hits
    assert [(h.entry.kind, h.entry.object_id) for h in hit] == [("draft", draft.pk)]
    doc = do_issue_document(user=user, draft=draft)
    hits = search("improrrogable", _everything()).hits
    assert [(h.entry.kind, h.entry.object_id) for h in hits] == [("document", doc.pk)]  # the draft is gone


def test_more_occurrences_rank_first(world):
    once = complaint_of(world, "Se alega un soborno en la oficina.")
    thrice = complaint_of(world, "Soborno tras soborno: un tercer soborno.")
    title = complaint_of(world, "Hechos de prueba.", respondent=make_person("Soborno", "Apellido Ficticio"))
    results = search("soborno", _everything())
    # The case whose title (its caption, from the respondent's name) holds the word first (weight A),
    # then the text with three occurrences, then the one with one.
    assert _numbers(results)[:3] == [title.number, thrice.number, once.number]


# -- snippets: escaped, highlighted ----------------------------------------------------------------


def test_the_snippet_is_escaped_and_only_the_match_is_marked(world):
    case = complaint_of(world, "Hechos.")
    _note(world, case, '<script>alert("x")</script>\r\nEl contrato <b>firmado</b> & sellado.')
    results = search("contrato", Scope((Part(Case.objects.filter(pk=case.pk)),)))
    html = str(results.hits[0].snippet)
    assert "<script>" not in html and "<b>" not in html
    assert "&lt;script&gt;" in html and "&lt;b&gt;firmado&lt;/b&gt; &amp; sellado" in html
    assert "<mark>contrato</mark>" in html and html.count("<mark>") == 1
    assert "\r" not in html and "\n" not in html and "\x00" not in html


def test_a_long_text_gives_a_short_snippet_around_the_match():
    text = "palabra " * 5000 + "contrato " + "otra " * 5000
    html = str(snippet(text, ["contrat"]))
    assert "<mark>contrato</mark>" in html and len(html) < 400 and html.startswith("… ")


def test_hostile_queries_give_a_page_not_an_error(world):
    case = complaint_of(world, "Contrato sin subasta.")
    client = Client()
    client.force_login(world.users["secretaria"])
    for query, status_text in (
        ("contrato\x00", "carácter nulo"),
        ("a" * 10_000, "como máximo 200 caracteres"),
        ("contrato\r\nsubasta", case.number),
        ('<script>alert("contrato")</script>', "Ningún resultado"),
        ('"contrato" * ( ) - : ^ & | ! <->', case.number),  # FTS5 and tsquery syntax: not syntax here
        ("", "Escriba lo que busca"),
    ):
        response = client.get("/buscar/", {"q": query})
        assert response.status_code == 200, query[:20]
        page = response.content.decode()
        assert status_text in page, query[:20]
        assert "<script>alert" not in page
    assert client.get("/buscar/", {"q": "contrato", "pagina": "x\x00"}).status_code == 200
    assert client.get("/buscar/").status_code == 200


# -- never a hidden case ---------------------------------------------------------------------------


def test_a_hidden_cases_term_is_not_found_nor_counted(world):
    """A term only in a municipal case is found by the municipal Commission's secretary and by nobody
    of the House; a term in one case of each body is counted once for each."""
    facts = "Zarzaparrilla comprada con fondos municipales; contrato de mantenimiento."
    municipal = open_municipal_complaint(Client(), world, facts=facts)
    house = complaint_of(world, "Un contrato de mantenimiento.")
    house_users = ("secretaria", "personal", "presidente", "comisionado", "presidencia_camara", "admin", "ajeno")
    for role in house_users:
        assert search("zarzaparrilla", scope_for_user(world.users[role])).total == 0, role
    found = search("zarzaparrilla", scope_for_user(world.users["secretaria_municipal"]))
    assert found.total == 1 and _numbers(found) == [municipal.number]
    both = search("mantenimiento", _everything())
    assert sorted(_numbers(both)) == sorted([municipal.number, house.number])
    for role, number in (("secretaria", house.number), ("secretaria_municipal", municipal.number)):
        mine = search("mantenimiento", scope_for_user(world.users[role]))
        assert mine.total == 1 and _numbers(mine) == [number], role
    # Over HTTP: the count, the list and the page carry nothing of the hidden case.
    client = Client()
    client.force_login(world.users["secretaria"])
    page = client.get("/buscar/", {"q": "zarzaparrilla"}).content.decode()
    assert "Ningún resultado" in page and municipal.number not in page and "1 resultado" not in page
    page = client.get("/buscar/", {"q": municipal.number}).content.decode()
    assert "Ningún resultado" in page
    page = client.get("/buscar/", {"q": "mantenimiento"}).content.decode()
    assert "1 resultado para" in page and municipal.number not in page and "Zarzaparrilla" not in page
    # Each case a results page showed is in the access log, as a search, for whoever saw it; no other case.
    logged = AccessLog.objects.filter(action="search").values_list("username", "case_number")
    assert set(logged) == {("secretaria", house.number)}  # only the search over HTTP that found it


def test_drafts_are_searched_only_by_the_bodys_staff(world):
    case = file_complaint(world)
    user = world.users["secretaria"]
    draft = do_create_draft(user=user, case=case, entry=case.entries.get(seq=1), template="notice_of_complaint")
    key = draft.sections[-1]["key"]
    do_update_draft(draft=draft, title=draft.title, texts={key: "Borrador con la palabra quebradizo."})
    assert search("quebradizo", scope_for_user(world.users["secretaria"])).total == 1
    assert search("quebradizo", scope_for_user(world.users["personal"])).total == 1
    assert search("quebradizo", scope_for_user(world.users["presidente"])).total == 0  # sees the case, not drafts
    assert search("hechos", scope_for_user(world.users["presidente"])).total >= 1  # but its docket, yes


# -- the index follows the docket in the same transaction -----------------------------------------


def test_an_entry_is_searchable_in_its_own_transaction_and_a_rollback_leaves_no_trace(world):
    case = complaint_of(world, "Hechos de prueba.")
    rows = SearchEntry.objects.count()

    class Rollback(Exception):
        pass

    with pytest.raises(Rollback), transaction.atomic():
        _note(world, case, "Llegó un escrito sobre la marquesina.")
        assert _numbers(search("marquesina", _everything())) == [case.number]  # before any commit
        raise Rollback
    assert search("marquesina", _everything()).total == 0
    assert SearchEntry.objects.count() == rows
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM search_fts WHERE search_fts MATCH 'marquesin'")
            assert cursor.fetchone()[0] == 0
    _note(world, case, "Llegó un escrito sobre la marquesina.")
    assert search("marquesina", _everything()).total == 1


def test_the_case_number_is_indexed_once_assigned_and_reindexar_rebuilds_the_same(world, now):
    case = complaint_of(world, "Un contrato de obra.")
    now.set("2027-03-03 12:00")
    record(world, case, "respondent_notified", "2027-03-02")
    before = {(h.entry.kind, h.entry.object_id, h.rank) for h in search("contrato", _everything()).hits}
    assert search(case.number, _everything()).total == 1
    SearchEntry.objects.all().delete()
    assert search("contrato", _everything()).total == 0
    call_command("reindexar", verbosity=0)
    after = {(h.entry.kind, h.entry.object_id, h.rank) for h in search("contrato", _everything()).hits}
    assert after == before
    assert search(case.number, _everything()).total == 1


# -- at index speed (issue 30) -----------------------------------------------------------------------


def test_a_whole_case_number_is_looked_up_by_its_index_alone(world, django_assert_max_num_queries):
    case = complaint_of(world, f"Hechos de prueba. Véase también {'CE-2027-0099'}.")
    complaint_of(world, f"Relacionada con {case.number}.")  # names it in its text: not what a number asks for
    with django_assert_max_num_queries(2):  # the scope's cases and the case by its number, one statement
        results = search(case.number, _everything())
    assert results.total == 1 and _numbers(results) == [case.number] and results.hits[0].entry.kind == "case"
    assert search(case.number, Scope((Part(Case.objects.none()),))).total == 0  # outside the scope: nothing


def test_counts_stop_past_the_cap_and_the_page_says_more_than_1000(world, monkeypatch):
    from ventila.search import query
    from ventila.web.views import search as view

    for _ in range(4):
        complaint_of(world, "Contratación de un familiar.")
    monkeypatch.setattr(query, "COUNT_CAP", 2)
    monkeypatch.setattr(view, "COUNT_CAP", 2)
    results = search("familiar", _everything())
    assert results.total == 3 and len(results.hits) == 4  # counted up to the cap + 1; the page is whole
    client = Client()
    client.force_login(world.users["secretaria"])
    from factories import complete_second_factor

    complete_second_factor(client, world.users["secretaria"])
    page = client.get("/buscar/", {"q": "familiar"}).content.decode()
    assert "Más de 1,000 resultados para" in page
