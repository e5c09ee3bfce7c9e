"""Access, proven (docs/permissions.md): every role against a case in each state — confidential
(open), resolved (closed), with a recused member, with a substitute appointed — asserting exactly
who gets in; no way to guess another case's URL or file; and every URL of the app goes through the
one door, :mod:`ventila.cases.access` (or is on the short, reasoned list of pages that show no case)."""

from __future__ import annotations

import inspect
import re

import pytest
from django.conf import settings
from django.test import Client
from django.urls import URLResolver, get_resolver
from factories import file_complaint, make_person, make_user, record
from web.helpers import WALKED_ROLES, clients_for, dismiss, recuse, summon_witness

from ventila.cases.models import Attachment

pytestmark = pytest.mark.django_db

# The walk's roles but the case's respondent and the House member, who have pages of their own to reach.
ROLES = [r for r in WALKED_ROLES if r not in ("miembro_querellado", "miembro_camara")]
BODY_SEES = {"secretaria", "personal", "presidente", "comisionado", "inhibido"}


def expected(state: str, role: str) -> int:
    if role == "anonymous":
        return 302
    sees = set(BODY_SEES)
    if state in ("recused", "substituted"):
        sees.discard("inhibido")  # Sec. 9: the recused member no longer sees the case
    if state == "substituted":
        sees.add("sustituto")  # the substitute pro tempore sees this case (and only this one)
    return 200 if role in sees else 404


@pytest.fixture
def states(world, now, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    inhibido = world.members[3]
    outsider = make_person("Sustituta", "Pro Tempore Ficticia", title="Representante del Distrito 20")
    world.users["inhibido"] = make_user("inhibido", person=inhibido)
    world.users["sustituto"] = make_user("sustituto", person=outsider)
    cases = {s: file_complaint(world) for s in ("confidential", "resolved", "recused", "substituted")}
    files = {}
    for s, case in cases.items():
        entry = summon_witness(world, case, now, file=(f"{s}.txt", f"contenido {s}".encode()))
        files[s] = Attachment.objects.get(entry=entry)
    now.set("2027-03-20 12:00")
    for s in ("recused", "substituted"):
        recuse(world, cases[s], inhibido)
    record(
        world,
        cases["substituted"],
        "substitute_appointed",
        "2027-03-02",
        member=str(inhibido.pk),
        substitute=str(outsider.pk),
    )
    # Resolved: dismissed by the Commission (Sec. 21(c)(2)) and closed.
    resolved = cases["resolved"]
    record(world, resolved, "respondent_notified", "2027-03-03")
    record(world, resolved, "answer_filed", "2027-03-10")
    dismiss(world, resolved, grounds="lack_of_interest")
    record(world, resolved, "case_closed", "2027-03-16")
    for case in cases.values():
        case.refresh_from_db()
    assert cases["resolved"].status == "closed" and cases["confidential"].status == "open"
    return cases, files, clients_for(world, ROLES)


@pytest.mark.parametrize("state", ["confidential", "resolved", "recused", "substituted"])
def test_who_gets_in_by_case_state(states, state):
    cases, files, clients = states
    case = cases[state]
    urls = [f"/expedientes/{case.number}/"]
    urls.append(f"/expedientes/{case.number}/anejos/{files[state].pk}/")
    wrong = []
    for url in urls:
        for role in ROLES:
            got = clients[role].get(url).status_code
            if got != expected(state, role):
                wrong.append(f"{state} {role} {url}: {got} (expected {expected(state, role)})")
    assert wrong == []
    # Recording acts: only the body's secretary and staff, whatever the state.
    for role in ("presidente", "comisionado", "sustituto"):
        r = clients[role].post(
            f"/expedientes/{case.number}/actos/respondent_notified/", {"occurred_date": "2027-03-02"}
        )
        assert r.status_code == (403 if expected(state, role) == 200 else 404), (state, role)


def test_the_substitute_sees_only_the_case_of_the_appointment(states):
    cases, _files, clients = states
    listed = clients["sustituto"].get("/expedientes/?status=all").content.decode()
    assert cases["substituted"].number in listed
    assert all(cases[s].number not in listed for s in ("confidential", "resolved", "recused"))


def test_urls_and_files_cannot_be_guessed(states):
    cases, files, clients = states
    secretaria, ajeno = clients["secretaria"], clients["ajeno"]
    # Another case's attachment, asked for under a case one may see: 404, exactly like a wrong id.
    other = files["substituted"]
    assert secretaria.get(f"/expedientes/{cases['confidential'].number}/anejos/{other.pk}/").status_code == 404
    # A hidden case and a case that does not exist answer the same bytes: nothing to learn by trying numbers.
    hidden = ajeno.get(f"/expedientes/{cases['confidential'].number}/")
    missing = ajeno.get("/expedientes/CE-2027-9999/")
    assert hidden.status_code == missing.status_code == 404

    def page(r, number):  # the per-request CSRF token and the number typed aside, the pages are identical
        return re.sub(rb'name="csrfmiddlewaretoken" value="[^"]+"', b"", r.content).replace(number.encode(), b"N")

    assert page(hidden, cases["confidential"].number) == page(missing, "CE-2027-9999")
    # Stored files are outside the web root, named by their SHA-256, and no URL serves the media directory.
    att = files["confidential"]
    assert att.file.name == f"attachments/{att.sha256[:2]}/{att.sha256}"
    assert not str(settings.MEDIA_ROOT).startswith(str(settings.STATIC_ROOT))
    for client in (secretaria, ajeno, Client()):
        assert client.get(f"/media/{att.file.name}").status_code in (302, 404)
        assert client.get(f"/static/{att.file.name}").status_code == 404


# -- every URL goes through the door --------------------------------------------------------------

# Views that show no case, each with the reason (docs/permissions.md, "Pages without a case").
NO_CASE_VIEWS = {
    "ventila.web.views.pages.home": "home page; signed-in users go to the queue (members: to «Mi despacho»)",
    "ventila.web.views.pages.SignOutView": "sign-out",
    "ventila.accounts.views.SignInView": "sign-in (throttled)",
    "ventila.accounts.views.verify": "second factor of the signed-in user",
    "ventila.accounts.views.enrol": "second-factor enrolment of the signed-in user",
    "ventila.accounts.views.account": "the user's own sign-in history",
    "ventila.accounts.views.PasswordChangeView": "the user's own password",
    "django.views.i18n.set_language": "language choice",
    "ventila.documents.views.my_calendar": "the user's own calendar address; the feed lists access_cases_for_user",
    "ventila.documents.views.feed": "calendar feed by secret token; lists access.access_cases_for_user(user)",
    "ventila.documents.views.signed_link": "a recipient's expiring signed link to a document served on them",
    "ventila.web.views.public_record.index": "the public record's list of bodies (issue 17); each body's page "
    "reads only access.public_cases",
    "ventila.web.views.stats.public": "the public statistics (issue 18): aggregate counts per body, every cell "
    "under 3 shown as «menos de 3»; no case, no name",
    "ventila.web.views.public_record.heads": "the audit chain's published heads (issue 32): link numbers and "
    "hashes, no case",
    "ventila.web.views.public_record.heads_txt": "the published heads as text (issue 32); no case",
    "ventila.web.views.public_record.heads_json": "the published heads as JSON (issue 32); no case",
    # Issue 30: the public record read from its stored rows, written only for a case access.is_public admits.
    "ventila.web.views.public_record.body_record": "a body's public record: the stored rows of search.PublishedMatter, "
    "each written only for a case access.is_public admits (search.public.row_of), redacted",
    "ventila.web.views.public_record.open_data_csv": "the public record's open data (CSV), from the same stored rows",
    "ventila.web.views.public_record.open_data_json": "the public record's open data (JSON), from the same stored rows",
    # Issue 31: the proxy's checks.
    "ventila.ops.healthz": "the process answers; no case",
    "ventila.ops.readyz": "database, storage and cache answer; no case",
    # Issue 26: the administrators' proposals (bodies, functions, API organisations); 404 to anyone else.
    "ventila.accounts.proposal_views.proposals": "administrators' proposals: bodies, functions; no case",
    "ventila.accounts.proposal_views.approve": "approve a proposal (password and code); no case",
    "ventila.accounts.proposal_views.reject": "reject a proposal; no case",
}
PUBLIC_PREFIXES = ("ventila.filing.",)  # public e-filing: no account; a case is reached only by its follow-up key
# /api/v1/ (django-ninja: its views are partials of the router): every endpoint but the schema and its docs
# page takes a token, and reads cases only through ``visible_cases`` (ventila/api/common.py) on
# ventila.cases.access.access_cases_for_user, for the organisation's own account (issue 19).
API_PREFIX = "api/"


def _walk(resolver, prefix=""):
    for p in resolver.url_patterns:
        if isinstance(p, URLResolver):
            if str(p.pattern).startswith("admin/"):
                continue  # Django's admin: superusers only, behind the second factor; no case models registered
            yield from _walk(p, prefix + str(p.pattern))
        else:
            yield prefix + str(p.pattern), p.callback


def _door_names(module) -> list[str]:
    """Names under which a module reaches ventila.cases.access (the module or its functions)."""
    import types

    import ventila.cases.access as door

    def is_door(mod) -> bool:  # the door itself, or an app's access module built on it (documents)
        return mod is door or (mod.__name__.endswith(".access") and any(v is door for v in vars(mod).values()))

    names = []
    for name, value in vars(module).items():
        if isinstance(value, types.ModuleType) and is_door(value):
            names.append(rf"\b{name}\.")
        elif callable(value) and getattr(value, "__module__", "") in (door.__name__,):
            names.append(rf"\b{name}\(")
    return names


def _goes_through_access(func) -> bool:
    module = inspect.getmodule(func)
    pattern = "|".join(_door_names(module)) or r"(?!)"
    src = inspect.getsource(func)
    if re.search(pattern, src):
        return True
    for name in set(re.findall(r"\b(_\w+)\(", src)):
        helper = getattr(module, name, None)
        if callable(helper) and re.search(pattern, inspect.getsource(helper)):
            return True
    return False


def test_every_view_goes_through_the_door():
    unguarded = []
    for url, callback in _walk(get_resolver()):
        if url.startswith(API_PREFIX):
            continue  # the API's door is its token's organisation and scope: tests/api/test_api.py walks them
        view = getattr(callback, "view_class", callback)
        name = f"{view.__module__}.{view.__qualname__}"
        if name in NO_CASE_VIEWS or name.startswith(PUBLIC_PREFIXES):
            continue
        if not _goes_through_access(view):
            unguarded.append(f"{url} → {name}")
    assert unguarded == []
