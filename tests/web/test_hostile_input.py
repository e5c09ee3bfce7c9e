"""No 500 on any input (issue 11, item 9): every form and filter of the app gets a table of hostile
strings — NUL, 10,000 characters, a right-to-left override, emoji, CR/LF header injection, a lone
surrogate (invalid UTF-8 on the wire) — on SQLite and on PostgreSQL, and answers without a server
error; a text field given a NUL or more than it takes answers with the reason (nothing silently
dropped or cut).

The forms are not listed by hand: the pages are crawled as each kind of user sees them (the public
filing steps of both bodies, the follow-up, sign-in, the staff work queue, case pages, every act's
form, documents and service, the body's calendar and composition, the account page), and every
form found is posted with each field hostile in turn. The path parameters (case numbers, bodies,
tokens) and the query-string filters get the same strings. So does the API (issue 26, finding 7): every
operation of its OpenAPI schema, each of its parameters, headers and fields, answering a problem.
"""

from __future__ import annotations

import datetime as dt
from html.parser import HTMLParser
from typing import Any
from urllib.parse import quote, quote_from_bytes, urljoin, urlsplit

import pytest
from django.test import Client
from factories import file_complaint, record
from filing.helpers import camara_steps, walk

pytestmark = pytest.mark.django_db

LONG = "x" * 10_000
# (name, bytes on the wire): str values are sent UTF-8 encoded; the lone surrogate as the invalid
# UTF-8 it would be (U+D800 in CESU-8), since a browser cannot encode it otherwise.
HOSTILE: list[tuple[str, bytes]] = [
    ("nul", b"Ana\x00Ejemplo"),
    ("long", LONG.encode()),
    ("rtl", "\u202egnp.exe\u202c Ana".encode()),
    ("emoji", "Ana 🙂👍🏽 Ejemplo".encode()),
    ("crlf", b"ana@example.org\r\nBcc: todos@example.org"),
    ("surrogate", b"Ana \xed\xa0\x80 Ejemplo"),
]
# The inputs that take typed text: a NUL or 10,000 characters in one must be refused with a reason.
TEXT_TYPES = {"text", "email", "tel", "search", "url", "password", "textarea"}
# What an empty field of each type gets, so that the others are valid and each hostile value reaches
# as far into the code as it can.
PLAUSIBLE = {
    "text": "Texto de prueba",
    "textarea": "Texto de prueba",
    "email": "ana@example.org",
    "tel": "787-555-0100",
    "date": "2027-03-03",
    "number": "1",
    "time": "10:00",
    "datetime-local": "2027-03-03T10:00",
    "url": "https://example.org/",
    "search": "prueba",
}
CHOICE_STRINGS = ("nul", "long", "surrogate")
ERROR_MARKS = ("error-message", "alert-error", "field-error", 'role="alert"')
SKIP_FORMS = ("/salir/", "/i18n/")  # signing out, switching language
SKIP_LINKS = ("/salir/", "/i18n/", "/admin/", "/static/", ".pdf", ".ics", "/anejos/", "/evidencia/")


class _Forms(HTMLParser):
    """The page's links and forms: each form's method, action and fields (name, type, default)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[str] = []
        self.forms: list[dict[str, Any]] = []
        self._form: dict[str, Any] | None = None
        self._select: dict[str, Any] | None = None
        self._textarea: dict[str, Any] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "option":
            # The selected option, else the first real one: the other fields valid, the hostile one reaches
            # as deep as it can.
            value = a.get("value", "")
            if self._select is not None and (not self._select["value"] and value or "selected" in a):
                self._select["value"] = value
        elif tag == "a" and a.get("href"):
            self.links.append(a["href"])
        elif tag == "form":
            self._form = {
                "method": a.get("method", "get").lower(),
                "action": a.get("action", ""),
                "fields": [],
            }
            self.forms.append(self._form)
        elif self._form is None or not a.get("name"):
            return
        elif tag == "input":
            kind = a.get("type", "text").lower()
            if kind == "radio":
                known = next((f for f in self._form["fields"] if f["name"] == a["name"]), None)
                if known is None:
                    self._form["fields"].append({"name": a["name"], "type": kind, "value": a.get("value", "on")})
                elif "checked" in a:
                    known["value"] = a.get("value", "on")
            elif kind == "checkbox" and "checked" not in a:
                self._form["fields"].append({"name": a["name"], "type": kind, "value": None})
            elif kind not in ("submit", "button", "image", "reset"):
                self._form["fields"].append({"name": a["name"], "type": kind, "value": a.get("value", "")})
            elif kind == "submit" and a.get("name"):
                self._form.setdefault("buttons", []).append((a["name"], a.get("value", "")))
        elif tag == "button" and a.get("name"):
            self._form.setdefault("buttons", []).append((a["name"], a.get("value", "")))
        elif tag == "select":
            self._select = {"name": a["name"], "type": "select", "value": ""}
            self._form["fields"].append(self._select)
        elif tag == "textarea":
            self._textarea = {"name": a["name"], "type": "textarea", "value": ""}
            self._form["fields"].append(self._textarea)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)

    def handle_data(self, data: str) -> None:
        if self._textarea is not None:
            self._textarea["value"] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._form = None
        elif tag == "select":
            self._select = None
        elif tag == "textarea":
            self._textarea = None


def _parse(html: str) -> _Forms:
    p = _Forms()
    p.feed(html)
    return p


def _encode(pairs: list[tuple[str, bytes]]) -> bytes:
    return "&".join(f"{quote(k)}={quote_from_bytes(v)}" for k, v in pairs).encode()


class Fuzzer:
    def __init__(self) -> None:
        self.server_errors: list[str] = []
        self.silent: list[str] = []
        self.forms_seen: set[tuple[str, tuple[str, ...]]] = set()
        self.requests = 0

    def check(self, response: Any, what: str) -> None:
        self.requests += 1
        if response.status_code >= 500:
            self.server_errors.append(f"{response.status_code} {what}")

    def crawl(
        self, client: Any, seeds: list[str], *, depth: int = 2, within: tuple[str, ...] = ("/",)
    ) -> list[tuple[str, dict[str, Any]]]:
        """Pages reachable from the seeds (GET), and the forms on them (page, form)."""
        seen: set[str] = set()
        frontier = list(seeds)
        found: list[tuple[str, dict[str, Any]]] = []
        for _level in range(depth + 1):
            nxt: list[str] = []
            for url in frontier:
                if url in seen:
                    continue
                seen.add(url)
                r = client.get(url)
                self.check(r, f"GET {url}")
                if r.status_code != 200 or "text/html" not in r.get("Content-Type", ""):
                    continue
                page = _parse(r.content.decode())
                for form in page.forms:
                    form["action"] = urljoin(url, form["action"] or url)
                    found.append((url, form))
                for href in page.links:
                    target = urljoin(url, href)
                    parts = urlsplit(target)
                    if parts.netloc or any(s in target for s in SKIP_LINKS) or not parts.path.startswith(within):
                        continue
                    nxt.append(parts.path + (f"?{parts.query}" if parts.query else ""))
            frontier = nxt
        return found

    @staticmethod
    def signature(form: dict[str, Any]) -> tuple[str, tuple[str, ...]]:
        """A form is fuzzed once: its action and its fields' names."""
        return form["action"], tuple(sorted(f["name"] for f in form["fields"] if f["name"] != "csrfmiddlewaretoken"))

    def fuzz_form(self, client: Any, page: str, form: dict[str, Any]) -> None:
        fields = [f for f in form["fields"] if f["name"] != "csrfmiddlewaretoken"]
        if any(s in form["action"] for s in SKIP_FORMS):
            return
        signature = self.signature(form)
        if signature in self.forms_seen:
            return
        self.forms_seen.add(signature)
        base: list[tuple[str, bytes]] = []
        for f in fields:
            value = f["value"] or (PLAUSIBLE.get(f["type"], "") if f["value"] is not None else None)
            if value is not None:
                base.append((f["name"], str(value).encode()))
        # The button that sends the form on (not "back", not "remove"): what a person finishing the step presses.
        buttons = sorted(form.get("buttons") or [("", "")], key=lambda b: b[1] not in ("next", "submit", ""))
        for target in fields:
            if target["type"] in ("file", "hidden") and target["name"] in ("csrfmiddlewaretoken",):
                continue
            # A choice, a box, a date or a hidden id: every non-choice is the same refusal; the three
            # strings that stress the decoding and the database are enough there.
            strings = HOSTILE if target["type"] in TEXT_TYPES else [h for h in HOSTILE if h[0] in CHOICE_STRINGS]
            for label, value in strings:
                pairs = [(k, v) for k, v in base if k != target["name"]] + [(target["name"], value)]
                name, button = buttons[0]
                if name:
                    pairs.append((name, button.encode()))
                what = f"{form['method'].upper()} {form['action']} {target['name']}={label} (from {page})"
                if form["method"] == "post":
                    r = client.generic(
                        "POST",
                        form["action"],
                        _encode(pairs),
                        content_type="application/x-www-form-urlencoded",
                    )
                else:
                    r = client.get(form["action"].split("?")[0] + "?" + _encode(pairs).decode())
                self.check(r, what)
                # Taken (a redirect), or a page without a word about it: silent. A 4xx is a refusal (the
                # form re-rendered with the reason, or the act no longer allowed after an earlier post).
                said = r.status_code >= 400 or (
                    r.status_code < 300 and any(m in r.content.decode(errors="replace") for m in ERROR_MARKS)
                )
                if form["method"] == "post" and target["type"] in TEXT_TYPES and label == "nul" and not said:
                    self.silent.append(f"{r.status_code} {what}")

    def fuzz_path(self, client: Any, template: str) -> None:
        for label, value in HOSTILE:
            url = template.replace("{}", quote_from_bytes(value, safe=""))
            self.check(client.get(url), f"GET {template} {{}}={label}")
            if "{}" in template and not template.endswith((".ics", ".pdf")):
                self.check(client.post(url, {}), f"POST {template} {{}}={label}")

    def fuzz_query(self, client: Any, path: str, params: tuple[str, ...]) -> None:
        for param in params:
            for label, value in HOSTILE:
                url = f"{path}?{quote(param)}={quote_from_bytes(value, safe='')}"
                self.check(client.get(url), f"GET {url[:80]} {param}={label}")


def _report(fuzzer: Fuzzer) -> None:
    assert fuzzer.server_errors == [], "\n".join(fuzzer.server_errors[:40])
    assert fuzzer.silent == [], "\n".join(fuzzer.silent[:40])


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.VENTILA_FILING_RATE = "1000/3600"
    settings.VENTILA_FILING_KEY_RATE = "1000/3600"
    settings.VENTILA_FILING_SUPPLEMENT_RATE = "1000/3600"


def _municipal_steps() -> list[tuple[str, dict[str, Any]]]:
    from factories import make_person

    mayor = make_person("Alcaldesa", "Municipal Ficticia", role="mayor", title="Alcaldesa", municipality="Aibonito")
    return [
        (
            "quien",
            {
                "complainant_name": "Ana Ejemplo Ficticia",
                "complainant_email": "ana@example.org",
                "complainant_kind": "citizen",
            },
        ),
        ("querellado", {"respondent_office": str(mayor.offices.get().pk)}),
        (
            "hechos",
            {
                "facts": "La alcaldesa adjudicó un contrato a su cuñado.",
                "knowledge_date": "2027-02-01",
            },
        ),
        ("evidencia", {"wit_name": "Luis Testigo Ficticio", "wit_address": "Calle Sol 2, Ponce"}),
    ]


@pytest.mark.parametrize("body", ["etica-camara", "querellas-municipales"])
def test_hostile_strings_in_every_public_filing_step_give_no_server_error(world, body):
    """Each step of each body's form, on a draft that reached the last step (a fresh one for each
    step, so that one step's hostile values do not send the next step's submit back to it)."""
    fuzzer = Fuzzer()
    municipal = _municipal_steps() if body == "querellas-municipales" else []
    for step in ("quien", "querellado", "hechos", "evidencia", "juramento"):
        client = Client(raise_request_exception=False)
        walk(client, body, municipal or camara_steps(world)[:-1])  # (the uploads are read once: new ones)
        url = f"/querellas/{body}/{step}/"
        r = client.get(url)
        fuzzer.check(r, f"GET {url}")
        for form in _parse(r.content.decode()).forms:
            form["action"] = urljoin(url, form["action"] or url)
            fuzzer.fuzz_form(client, url, form)
        fuzzer.fuzz_query(client, url, ("revisar",))
    for template in (
        "/querellas/{}/",
        "/querellas/{}/quien/",
        f"/querellas/{body}/{{}}/",
        f"/querellas/{body}/acuse/{{}}/",
        f"/querellas/{body}/acuse/{{}}/acuse.pdf",
    ):
        fuzzer.fuzz_path(client, template)
    assert len(fuzzer.forms_seen) >= 5 and fuzzer.requests > 100, sorted(a for a, _f in fuzzer.forms_seen)
    _report(fuzzer)


def test_hostile_strings_in_the_follow_up_give_no_server_error(world):
    fuzzer = Fuzzer()
    client = Client(raise_request_exception=False)
    r = walk(client, "etica-camara", camara_steps(world))
    page = client.get(r["Location"]).content.decode()
    start = page.index('id="clave">') + len('id="clave">')
    key = page[start : page.index("<", start)].strip()
    anonymous = Client(raise_request_exception=False)
    for url, form in fuzzer.crawl(anonymous, ["/querellas/seguimiento/"], depth=0):
        fuzzer.fuzz_form(anonymous, url, form)
    follower = Client(raise_request_exception=False)
    follower.post("/querellas/seguimiento/", {"key": key})
    number = r["Location"].rstrip("/").rsplit("/", 1)[-1]
    for url, form in fuzzer.crawl(follower, [f"/querellas/seguimiento/{number}/"], depth=0):
        fuzzer.fuzz_form(follower, url, form)
    for template in (
        "/querellas/seguimiento/{}/",
        "/querellas/seguimiento/{}/acuse.pdf",
        "/querellas/expedientes/{}/evidencia/1/",
    ):
        fuzzer.fuzz_path(follower, template)
    assert len(fuzzer.forms_seen) >= 2
    _report(fuzzer)


def test_hostile_strings_at_sign_in_give_no_server_error(world):
    fuzzer = Fuzzer()
    anonymous = Client(raise_request_exception=False)
    for url, form in fuzzer.crawl(anonymous, ["/entrar/"], depth=0):
        fuzzer.fuzz_form(anonymous, url, form)
    fuzzer.fuzz_query(anonymous, "/entrar/", ("next",))
    for template in ("/calendario/{}.ics", "/documentos/enlace/{}/"):
        fuzzer.fuzz_path(anonymous, template)
    assert fuzzer.forms_seen
    _report(fuzzer)


def test_the_fuzzer_finds_forms_and_server_errors():
    """The harness itself: it parses forms and fields, and reports a 500 and a silently accepted NUL."""
    page = _parse(
        '<form method="post" action="/x/"><input name="a" value="1"><select name="s"><option value="">—'
        '<option value="k" selected>K</select><textarea name="t">hola</textarea>'
        '<input type="checkbox" name="c" value="on"><button name="nav" value="next">Go</button></form>'
    )
    form = page.forms[0]
    assert [(f["name"], f["type"], f["value"]) for f in form["fields"]] == [
        ("a", "text", "1"),
        ("s", "select", "k"),
        ("t", "textarea", "hola"),
        ("c", "checkbox", None),
    ]
    assert form["buttons"] == [("nav", "next")]

    class Answer:
        def __init__(self, status: int, content: bytes = b"") -> None:
            self.status_code, self.content = status, content

    class Breaks:  # a server that fails on a NUL
        def generic(self, *args: Any, **kwargs: Any) -> Answer:
            return Answer(500) if b"%00" in args[2] else Answer(422, b'<p class="error-message">No.</p>')

    class Swallows:  # a server that accepts anything
        def generic(self, *args: Any, **kwargs: Any) -> Answer:
            return Answer(302)

    form["action"] = "/x/"
    broken, swallowing = Fuzzer(), Fuzzer()
    broken.fuzz_form(Breaks(), "/x/", form)
    swallowing.fuzz_form(Swallows(), "/x/", form)
    assert [e.split(" (")[0] for e in broken.server_errors] == [f"500 POST /x/ {f}=nul" for f in "astc"]
    assert [e.split(" (")[0] for e in swallowing.silent] == [
        "302 POST /x/ a=nul",
        "302 POST /x/ t=nul",
    ]
    assert swallowing.server_errors == [] and broken.requests == len(HOSTILE) * 2 + len(CHOICE_STRINGS) * 2


@pytest.mark.template_context
def test_a_queue_filter_no_case_can_have_shows_no_case_and_says_which(world):
    file_complaint(world)
    client = Client(raise_request_exception=False)
    client.force_login(world.users["secretaria"])
    assert len(client.get("/expedientes/?stage=filed").context["items"]) == 1
    for query in (
        "stage=filed%00",
        "body=querellas-municipales",
        "status=" + "x" * 10_000,
        "kind=%ED%A0%80",
    ):
        r = client.get(f"/expedientes/?{query}")
        assert r.status_code == 200 and r.context["items"] == [], query
        assert "Ningún expediente cumple el filtro" in r.content.decode(), query


def test_hostile_strings_at_the_check_and_confirmation_steps_give_no_server_error(world, now):
    """The pages reached only by posting a form (issue 15): an act's check-your-answers page (a late
    answer, so with its confirmation box), a correction's, and the confirmation of a closure's removal;
    each of their fields hostile in turn (the hidden ones carry what was typed), sent with each step's
    button (confirm, change, check)."""
    from ventila.cases.actions import do_add_closure

    case = file_complaint(world)
    now.set("2027-03-03 12:00")
    record(world, case, "respondent_notified", "2027-03-03")
    now.set("2027-03-29 09:00")  # the answer term ended on 03-25: the answer is late
    do_add_closure(user=world.users["secretaria"], body=world.camara, day=dt.date(2027, 4, 5), reason="Huracán")
    fuzzer = Fuzzer()
    client = Client(raise_request_exception=False)
    client.force_login(world.users["secretaria"])
    pages = [
        (
            f"/expedientes/{case.number}/actos/answer_filed/",
            {"occurred_date": "2027-03-29", "note": "Nota\r\nBcc: x", "step": "check"},
        ),
        (
            f"/expedientes/{case.number}/anotaciones/2/corregir/",
            {"occurred_date": "2027-03-02", "correction_reason": "Fecha mal anotada", "step": "check"},
        ),
    ]
    checked = 0
    for url, data in pages:
        r = client.post(url, data)
        assert r.status_code == 200 and "Revise antes de anotar" in r.content.decode(), url
        for form in _parse(r.content.decode()).forms:
            if form["method"] != "post" or "/salir/" in form["action"] or "/i18n/" in form["action"]:
                continue
            checked += 1
            for step in ("confirm", "edit", "check"):
                # One signature per step (the harness fuzzes a form once): the step in the query string.
                fuzzer.fuzz_form(client, url, {**form, "action": f"{url}?paso={step}", "buttons": [("step", step)]})
    calendar = [
        (url, form)
        for url, form in fuzzer.crawl(client, ["/cuerpos/etica-camara/calendario/"], depth=1)
        if "/eliminar/" in url
    ]
    assert calendar and checked == 2
    for url, form in calendar:
        fuzzer.fuzz_form(client, url, form)
    _report(fuzzer)


# -- the API (issue 26, finding 7): every operation of its schema, every parameter and field hostile in turn ------

API_PLAUSIBLE = {"integer": 1, "number": 1, "boolean": True, "string": "Texto de prueba"}
API_FORMATS = {"date": "2027-03-01", "date-time": "2027-03-01T10:00:00"}
API_PROBLEM = "application/problem+json"


def _api_value(schema: dict[str, Any], name: str, person: int) -> Any:
    """A plausible value for a field of the schema, so that the other fields are valid."""
    options = schema.get("anyOf") or [schema]
    typed = next((o for o in options if o.get("type") not in (None, "null")), options[0])
    if name == "person_id":
        return person
    if "format" in typed and typed["format"] in API_FORMATS:
        return API_FORMATS[typed["format"]]
    if "examples" in schema:
        return schema["examples"][0]
    return API_PLAUSIBLE.get(typed.get("type", "string"), "x")


def _api_operations() -> list[tuple[str, str]]:
    from ventila.api.api import api

    schema = api.get_openapi_schema()
    return sorted((path, method) for path, ops in schema["paths"].items() for method in ops)


@pytest.mark.parametrize("label", [label for label, _v in HOSTILE])
@pytest.mark.parametrize("path, method", _api_operations(), ids=[f"{m} {p}" for p, m in _api_operations()])
def test_hostile_strings_in_every_api_operation_answer_a_problem_not_a_server_error(world, now, path, method, label):
    """Every operation of /api/v1/ (read from its own OpenAPI schema), with a token of every scope: each path
    parameter, query parameter, header, JSON field and form field gets each hostile string in turn; every answer
    is below 500, and every refusal a problem (application/problem+json), on SQLite and PostgreSQL."""
    import json

    from ventila.api.api import api
    from ventila.api.tokens import SCOPES, do_create_client, do_issue_token

    admin = world.users["secretaria"]
    org = do_create_client(user=admin, name="OEG del recorrido", role="oeg", body=world.camara)
    secret = do_issue_token(user=admin, client=org, label="todo", scopes=list(SCOPES))[1]
    op = api.get_openapi_schema()["paths"][path][method]
    components = api.get_openapi_schema()["components"]["schemas"]
    person = world.respondent.pk
    params = {p["name"]: p for p in op.get("parameters", [])}
    content = op.get("requestBody", {}).get("content", {})
    kind, fields = "none", {}
    for media, spec in content.items():
        ref = spec.get("schema", {}).get("$ref", "")
        body = components[ref.rsplit("/", 1)[-1]] if ref else spec.get("schema", {})
        kind = "form" if media.startswith("multipart/") else "json"
        fields = {n: _api_value(s, n, person) for n, s in body.get("properties", {}).items() if n != "evidence"}
    calls = 0
    server_errors: list[str] = []

    def send(label: str, where: str, name: str, value: bytes) -> None:
        nonlocal calls
        calls += 1
        headers = {"HTTP_AUTHORIZATION": f"Bearer {secret}", "HTTP_IDEMPOTENCY_KEY": f"walk-{calls}"}
        url = path.replace("{number}", "CE-2027-0001")
        data: Any = dict(fields)
        text_value = value.decode("utf-8", "surrogateescape")
        if where == "path":
            url = path.replace("{" + name + "}", quote_from_bytes(value, safe=""))
        elif where == "header":
            prefix = "Bearer " if name == "Authorization" else ""
            headers["HTTP_" + name.upper().replace("-", "_")] = prefix + value.decode("latin-1")
        elif where == "query":
            url += f"?{name}={quote_from_bytes(value, safe='')}"
        else:
            data[name] = text_value
        client = Client()
        if kind == "json":
            raw = json.dumps(data, ensure_ascii=False).encode("utf-8", "surrogateescape")
            r = client.generic(method.upper(), url, raw, "application/json", **headers)
        elif kind == "form":
            pairs = [(k, str(v).encode("utf-8", "surrogateescape")) for k, v in data.items()]
            r = client.generic(method.upper(), url, _encode(pairs), "application/x-www-form-urlencoded", **headers)
        else:
            r = client.generic(method.upper(), url, b"", **headers)
        what = f"{method.upper()} {path} {where}:{name}={label} → {r.status_code}"
        if r.status_code >= 500:
            server_errors.append(what)
        elif r.status_code >= 400 and not r["Content-Type"].startswith(API_PROBLEM):
            server_errors.append(what + f" ({r['Content-Type']})")

    value = dict(HOSTILE)[label]
    send(label, "header", "Authorization", value)  # the token itself
    send(label, "query", "q", value)  # a parameter no operation takes
    for name, p in params.items():
        send(label, p["in"], name, value)
    for name in fields:
        send(label, "field", name, value)
    assert calls and server_errors == [], "\n".join(server_errors[:40])
