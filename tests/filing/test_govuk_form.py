"""The public form to GOV.UK standard, over HTTP (issue 15): the error title and the summary that takes
the focus, «(opcional)» labels, the late-filing warning on the date's own step, the Code's provisions in
plain-language groups, the review as a summary list, the receipt's «Qué pasa ahora» and the follow-up
link, the receipt PDF's letterhead and follow-up address, and dates typed as day, month and year."""

from __future__ import annotations

import io
import re

import pytest
from factories import make_person

from filing.helpers import PDF, camara_steps, citizen, upload, walk
from ventila.rules import RULEBOOKS

pytestmark = pytest.mark.django_db

BODY = "etica-camara"
MUNICIPAL = "querellas-municipales"
CAMARA = RULEBOOKS["camara-171"].public.filing
TERM = RULEBOOKS["camara-171"].rules[CAMARA.knowledge_term_rule]


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.MEDIA_ROOT = tmp_path / "media"


def _title(page: str) -> str:
    return re.search(r"<title>(.*?)</title>", page, re.S).group(1).strip()


def _labels(page: str) -> list[str]:
    return [
        re.sub(r"<[^>]+>", "", x).strip()
        for x in re.findall(r"<(?:label|legend)[^>]*>(.*?)</(?:label|legend)>", page, re.S)
    ]


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def test_after_a_server_side_error_the_title_starts_with_error_and_the_summary_can_take_the_focus(world, client):
    page = client.get(f"/querellas/{BODY}/quien/").content.decode()
    assert not _title(page).startswith("Error:") and 'id="errores"' not in page
    r = client.post(f"/querellas/{BODY}/quien/", {"complainant_name": ""})
    page = r.content.decode()
    assert r.status_code == 422
    assert _title(page).startswith("Error: Paso 1 de 5: Quién presenta")
    summary = re.search(r'<div class="alert alert-error"[^>]*id="errores"[^>]*>', page).group(0)
    assert 'tabindex="-1"' in summary and 'role="alert"' in summary
    # The focus is moved by a script of the site's own (the CSP allows no inline script), the staff forms' too.
    assert '<script src="/static/web/forms.js" defer></script>' in page
    assert re.findall(r"<script(?![^>]*\bsrc=)[^>]*>", page) == []
    csp = r["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp
    js = client.get("/static/web/forms.js")
    body = b"".join(js.streaming_content) if js.streaming else js.content
    assert js.status_code == 200 and b'getElementById("errores")' in body and b".focus()" in body
    # The follow-up page says it too.
    r = client.post("/querellas/seguimiento/", {"key": "AAAAA-BBBBB-CCCCC-DDDDD-EEEEE"})
    assert r.status_code == 422 and _title(r.content.decode()).startswith("Error: ")


def test_optional_fields_say_opcional_and_required_ones_do_not(world, client):
    walk(client, BODY, camara_steps(world)[:0])
    house = _labels(client.get(f"/querellas/{BODY}/quien/").content.decode())
    assert "Teléfono" in house and "Teléfono (opcional)" not in house  # Sec. 20(7): the House requires it
    assert "Su nombre completo" in house
    municipal = _labels(client.get(f"/querellas/{MUNICIPAL}/quien/").content.decode())
    assert "Teléfono (opcional)" in municipal and "Su nombre completo" in municipal
    steps = camara_steps(world)
    walk(client, BODY, steps[:1])
    page = _labels(client.get(f"/querellas/{BODY}/querellado/").content.decode())
    assert "Título del cargo (opcional)" in page and "Nombre completo" in page
    assert "Es candidato o candidata en las próximas elecciones (opcional)" in page
    walk(client, BODY, steps[1:3])
    page = client.get(f"/querellas/{BODY}/evidencia/").content.decode()
    assert "Archivo (opcional)" in _labels(page) and "Añadir un testigo (opcional)" in _labels(page)
    assert "Tipo de evidencia" in _labels(page)
    # The House asks the date (Sec. 20(6)): not optional; the municipal form asks it only if remembered.
    page = client.get(f"/querellas/{BODY}/hechos/").content.decode()
    assert "Fecha en que usted conoció los hechos" in _labels(page)
    client.post(
        f"/querellas/{MUNICIPAL}/quien/",
        {
            "complainant_name": "Ana Ejemplo Ficticia",
            "complainant_email": "a@example.org",
            "complainant_kind": "citizen",
        },
    )
    mayor = make_person("Alcaldesa", "Municipal Ficticia", role="mayor", title="Alcaldesa", municipality="Aibonito")
    client.post(f"/querellas/{MUNICIPAL}/querellado/", {"respondent_office": str(mayor.offices.get().pk)})
    page = client.get(f"/querellas/{MUNICIPAL}/hechos/").content.decode()
    assert "Fecha en que usted conoció los hechos (opcional)" in _labels(page)
    assert "Municipio (opcional)" in _labels(client.get(f"/querellas/{MUNICIPAL}/querellado/").content.decode())


def test_the_date_step_says_the_term_in_plain_words_with_the_rulebooks_number(world, client):
    walk(client, BODY, camara_steps(world)[:2])
    page = client.get(f"/querellas/{BODY}/hechos/").content.decode()
    hint = re.search(r'<p class="help term-hint" id="id_knowledge_date_term">(.*?)</p>', page, re.S).group(1)
    assert f"Tiene {TERM.term.amount} días desde que supo de los hechos" in hint
    assert "no se puede extender" in hint and "cerrarla sin investigarla" in hint and TERM.citation in hint
    assert 'aria-describedby="id_knowledge_date_help id_knowledge_date_term"' in page
    assert 'id="aviso-tardio"' not in page  # no date yet: no warning
    # A date within the term goes straight on, without the warning.
    r = client.post(
        f"/querellas/{BODY}/hechos/",
        {**camara_steps(world)[2][1], "knowledge_date": "2027-02-20"},
    )
    assert r.status_code == 302


def test_the_codes_provisions_come_in_plain_language_groups_with_their_sections_behind(world, client):
    walk(client, BODY, camara_steps(world)[:2])
    page = client.get(f"/querellas/{BODY}/hechos/").content.decode()
    groups = re.findall(r'<details class="provision-group" id="grupo-([a-z_]+)"', page)
    assert groups == [g.key for g in CAMARA.provision_groups]
    for g in CAMARA.provision_groups:
        block = page[page.index(f'id="grupo-{g.key}"') :]
        block = block[: block.index("</details>")]
        assert f'<span class="group-label">{g.label}</span>' in block and g.hint in block
        for p in g.provisions:
            assert f'value="{p}"' in block and CAMARA.provision_titles[p] in block
            assert f"Sec. {p} del Código de Ética" in block
    assert "Uso de fondos públicos" in page and "Conflicto de intereses" in page
    # What is marked is kept, and its group opens on it.
    data = {**camara_steps(world)[2][1], "provisions": ["10(j)"], "personal_knowledge": ""}
    page = client.post(f"/querellas/{BODY}/hechos/", data).content.decode()
    assert '<details class="provision-group" id="grupo-conflict" open>' in page
    assert re.search(r'value="10\(j\)" id="[^"]+" aria-describedby="[^"]+" checked', page)
    assert '<details class="provision-group" id="grupo-public_funds">' in page
    # The summary's link reaches the group of boxes.
    page = client.post(f"/querellas/{BODY}/hechos/", {**data, "provisions": []}).content.decode()
    assert 'href="#id_provisions_group"' in page and 'id="id_provisions_group"' in page


def test_evidence_kinds_are_in_plain_words(world, client):
    walk(client, BODY, camara_steps(world)[:3])
    page = client.get(f"/querellas/{BODY}/evidencia/").content.decode()
    for key, label in CAMARA.evidence_kinds.items():
        assert f'<option value="{key}">{label}</option>' in page
    assert "Evidencia debidamente obtenida o que pueda acreditar el querellante" not in page


def test_an_impossible_date_says_it_must_be_real_and_a_partial_one_what_is_missing(world, client):
    walk(client, BODY, camara_steps(world)[:2])
    facts = {"facts": "Hechos.", "personal_knowledge": "on", "provisions": ["10(i)"]}

    def post(day: str, month: str, year: str) -> str:
        r = client.post(
            f"/querellas/{BODY}/hechos/",
            {**facts, "knowledge_date_day": day, "knowledge_date_month": month, "knowledge_date_year": year},
        )
        assert r.status_code == 422
        return r.content.decode()

    page = post("31", "02", "2026")
    assert "La fecha en que conoció los hechos debe ser una fecha real." in page
    assert "obligatorio" not in page.lower() and "Indique la fecha en que conoció los hechos" not in page
    assert 'name="knowledge_date_day" id="id_knowledge_date" value="31"' in page  # kept as typed
    assert 'value="02"' in page and 'value="2026"' in page and 'href="#id_knowledge_date"' in page
    assert "debe incluir el día." in post("", "2", "2026")
    assert "debe incluir el día y el mes." in post("", "", "2026")
    assert "debe incluir el año." in post("10", "2", "")
    assert "El año debe tener 4 cifras" in post("10", "2", "26")
    # Nothing typed at all: the rulebook's own message (Sec. 20(6)).
    assert "Indique la fecha en que conoció los hechos" in post("", "", "")
    # A real date is kept (as ISO in the draft) and shown again in its three boxes.
    r = client.post(
        f"/querellas/{BODY}/hechos/",
        {**facts, "knowledge_date_day": "20", "knowledge_date_month": "2", "knowledge_date_year": "2027"},
    )
    assert r.status_code == 302
    page = client.get(f"/querellas/{BODY}/hechos/").content.decode()
    assert 'id="id_knowledge_date" value="20"' in page and 'id="id_knowledge_date_month" value="02"' in page
    assert 'id="id_knowledge_date_year" value="2027"' in page


def test_the_review_is_a_summary_list_in_order_with_dates_in_words_and_sizes_with_units(world, client):
    steps = camara_steps(world, files=(("prueba.pdf", PDF + b"0" * (5050 - len(PDF))),))
    walk(client, BODY, steps[:-1])
    page = client.get(f"/querellas/{BODY}/juramento/").content.decode()
    dl = page[page.index('<dl class="summary-list">') : page.index("</dl>")]
    rows = re.findall(r'<div class="summary-row">(.*?)</div>', dl, re.S)
    keys = [_text(re.search(r'<dt class="summary-key">(.*?)</dt>', r, re.S).group(1)) for r in rows]
    assert keys == [
        "Su nombre",
        "Dirección postal",
        "Correo electrónico",
        "Teléfono",
        "Contra quién",
        "Es candidato o candidata en las próximas elecciones",
        "Los hechos",
        "Fecha en que conoció los hechos",
        "Normas que se violaron",
        "Evidencia",
        "Testigos",
    ]
    values = {
        k: _text(re.search(r'<dd class="summary-value">(.*?)</dd>', r, re.S).group(1))
        for k, r in zip(keys, rows, strict=True)
    }
    assert values["Fecha en que conoció los hechos"] == "sábado, 20 de febrero de 2027"
    assert "Uso de propiedad o fondos públicos (Sec. 10(i) del Código de Ética)" in values["Normas que se violaron"]
    assert re.search(r"prueba\.pdf, 5 kB\)", values["Evidencia"]), values["Evidencia"]
    assert values["Testigos"] == "Luis Testigo Ficticio — Calle Sol 2, Ponce"
    # Each row has its «Cambiar» link to its step, saying (to a screen reader) what it changes.
    for row, step in zip(rows, ["quien"] * 4 + ["querellado"] * 2 + ["hechos"] * 3 + ["evidencia"] * 2, strict=True):
        link = re.search(
            r'<dd class="summary-actions"><a href="([^"]+)">Cambiar<span class="sr-only"> ([^<]+)</span></a>', row
        )
        assert link and link.group(1) == f"/querellas/{BODY}/{step}/", row
    # The evidence step states sizes with units too.
    assert re.search(r"· 5 kB ·", client.get(f"/querellas/{BODY}/evidencia/").content.decode())


def test_the_receipt_says_what_happens_next_links_the_follow_up_and_keeps_the_key_whole(world, client):
    r = walk(client, BODY, camara_steps(world))
    page = client.get(r["Location"]).content.decode()
    section = page[
        page.index('<section class="next-steps"') : page.index("</section>", page.index('class="next-steps"'))
    ]
    assert '<h2 id="que-pasa-ahora">Qué pasa ahora</h2>' in section
    rules = RULEBOOKS["camara-171"].rules
    items = [_text(x) for x in re.findall(r"<li>(.*?)</li>", section, re.S)]
    assert len(items) == len(CAMARA.next_steps) >= 3
    for item, step in zip(items, CAMARA.next_steps, strict=True):
        rule = rules[step.rule_id]
        assert item.startswith(step.text.rstrip(".") % {"n": rule.term.amount}) and item.endswith(f"({rule.citation}).")
    assert "La Secretaría de la Comisión de Ética revisa su querella" in items[0]
    assert f"{rules['CAM-21B-02'].term.amount} días laborables" in items[1]
    assert '<a href="http://testserver/querellas/seguimiento/">http://testserver/querellas/seguimiento/</a>' in page
    key = re.search(r'<span class="key" id="clave">([A-Z0-9-]{29})</span>', page)
    assert key is not None  # one unbroken span: no break opportunity inside it
    # The municipal receipt says its own law's steps.
    mayor = make_person("Alcaldesa", "Municipal Ficticia", role="mayor", title="Alcaldesa", municipality="Aibonito")
    walk(
        client,
        MUNICIPAL,
        [
            citizen("a@example.org"),
            ("querellado", {"respondent_office": str(mayor.offices.get().pk)}),
            ("hechos", {"facts": "Hechos.", "knowledge_date": "2027-02-01"}),
            ("evidencia", {}),
        ],
    )
    r = walk(
        client,
        MUNICIPAL,
        [("juramento", {"nav": "submit", "perjury_acknowledged": "on", "signature": "Ana Ejemplo Ficticia"})],
    )
    page = client.get(r["Location"]).content.decode()
    municipal = RULEBOOKS["municipal"]
    answer = municipal.rules["MUN-ANS-01"]
    assert f"tiene {answer.term.amount} días desde la notificación para contestar" in page
    assert f"({answer.citation})" in page and "Comisión de Ética" not in _text(page[page.index("que-pasa-ahora") :])


def test_the_receipt_pdf_has_the_letterhead_the_follow_up_address_and_what_happens_next(world, client, settings):
    from pypdf import PdfReader

    settings.VENTILA_BASE_URL = "https://querellas.example.pr"
    r = walk(client, BODY, camara_steps(world))
    pdf = client.get(r["Location"] + "acuse.pdf")
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.content)).pages)
    flat = " ".join(text.split())
    letterhead = RULEBOOKS["camara-171"].documents.letterhead
    assert flat.upper().startswith(f"GOBIERNO DE PUERTO RICO · {letterhead.upper()}")
    assert "Comisión de Ética de la Cámara de Representantes" in flat
    assert "https://querellas.example.pr/querellas/seguimiento/" in flat
    assert "Qué pasa ahora" in flat and RULEBOOKS["camara-171"].rules["CAM-21B-01"].citation in flat


def test_the_receipt_pdf_names_the_address_the_filer_came_to_and_the_key_as_stored(world, client, settings):
    """Issue 29: without VENTILA_BASE_URL configured the receipt printed a port-8000 address; it names the address
    the request came to, and the key in its stored form (upper case, its five groups)."""
    from pypdf import PdfReader

    from ventila.filing.models import Filing
    from ventila.filing.services import key_hash

    settings.VENTILA_BASE_URL = ""
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "querellas.example.pr"]
    r = walk(client, BODY, camara_steps(world))
    pdf = client.get(r["Location"] + "acuse.pdf", HTTP_HOST="querellas.example.pr")
    flat = " ".join("\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.content)).pages).split())
    assert "http://querellas.example.pr/querellas/seguimiento/" in flat and ":8000" not in flat
    key = re.search(r"\b[A-Z2-7]{5}(?:-[A-Z2-7]{5}){4}\b", flat)
    assert key is not None
    assert Filing.objects.get().key_hash == key_hash(key.group(0).lower().replace("-", " "))


def test_a_typed_date_is_kept_when_the_file_upload_fails(world, client):
    """Guard for the evidence step: nothing about the date leaks into it (the upload path is untouched)."""
    walk(client, BODY, camara_steps(world)[:3])
    r = client.post(
        f"/querellas/{BODY}/evidencia/",
        {
            "nav": "add_evidence",
            "ev_kind": "public_documents",
            "ev_description": "x",
            "ev_file": upload("a.pdf", b"no"),
        },
    )
    assert r.status_code == 422 and _title(r.content.decode()).startswith("Error: ")
