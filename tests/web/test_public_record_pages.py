"""The public record by the page (issue 30): the list, its search and the open data read the stored public
rows (``search.PublishedMatter``), so they cost the same number of statements at 10 matters as at 100; the
list is keyset-paginated and stable while matters are published between two pages; the open data is
streamed with an ETag and answers 304 while nothing changed; nothing of a confidential party is in any of
it (CAM-21D-01, CAM-05-02)."""

from __future__ import annotations

import copy
import csv
import io
import json
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from ventila.cases.models import Case
from ventila.search import public
from ventila.search.models import PublishedMatter
from web.test_public_record import COMPLAINANT, HOUSE, SECRET_NOTE, _dismissed

pytestmark = pytest.mark.django_db

SECRETS = (
    COMPLAINANT["name"],
    "Ejemplo Ficticia",
    COMPLAINANT["email"],
    COMPLAINANT["phone"],
    "Calle Ficticia",
    SECRET_NOTE,
)


def _more(case: Case, n: int, start: int = 1000) -> list[str]:
    """``n`` more published matters: copies of ``case`` and of its public row (the list reads the rows)."""
    row = PublishedMatter.objects.get(case=case)
    clones = []
    for i in range(n):
        c = copy.copy(case)
        c.pk, c.number, c.sequence = None, f"CE-{case.year}-{start + i:04d}", start + i
        clones.append(c)
    Case.objects.bulk_create(clones)
    rows = []
    for c in clones:
        r = copy.copy(row)
        r.case, r.number = c, c.number
        r.record = {**row.record, "number": c.number, "url": row.record["url"].replace(case.number, c.number)}
        rows.append(r)
    PublishedMatter.objects.bulk_create(rows)
    public.changed(case.body_id)  # as public.refresh does for each row it writes
    return [c.number for c in clones]


def _statements(client, url: str) -> int:
    with CaptureQueriesContext(connection) as ctx:
        r = client.get(url)
        assert r.status_code == 200
        r.getvalue()  # a streamed body runs its queries as it is read
    return len(ctx.captured_queries)


def test_cam_21d_01_the_public_pages_cost_the_same_statements_at_10_and_100_matters(
    client, world, now, django_assert_max_num_queries
):
    case = _dismissed(world, now)
    urls = [HOUSE, f"{HOUSE}?q=desestimacion", f"{HOUSE}?q={case.number}", f"{HOUSE}datos.csv", f"{HOUSE}datos.json"]
    _more(case, 9)
    at_10 = [_statements(client, u) for u in urls]
    _more(case, 90, start=2000)
    for url in urls:
        with django_assert_max_num_queries(20):
            r = client.get(url)
            r.getvalue()
    # The same (the first page, cached under the publication stamp since the loop above, fewer).
    assert all(n <= m for n, m in zip([_statements(client, u) for u in urls], at_10, strict=True))
    assert [_statements(client, u) for u in urls[1:]] == at_10[1:]
    assert len(json.loads(client.get(f"{HOUSE}datos.json").getvalue())["matters"]) == 100
    rows = list(csv.reader(io.StringIO(client.get(f"{HOUSE}datos.csv").getvalue().decode("utf-8-sig"))))
    assert len(rows) == 101


def test_cam_21d_01_pages_are_stable_while_matters_are_published_between_them(client, world, now):
    case = _dismissed(world, now)
    _more(case, 2 * public.PAGE + 5)
    expected = list(
        PublishedMatter.objects.filter(body=world.camara).order_by("-year", "-case_id").values_list("number", flat=True)
    )
    seen: list[str] = []
    url = HOUSE
    while url:
        page = client.get(url).content.decode()
        seen += re.findall(r'<a href="/registro-publico/etica-camara/([^/"]+)/">', page)
        if len(seen) == public.PAGE:  # a matter published meanwhile goes first, not into the next page
            _more(case, 1, start=9000)
        found = re.search(r'href="\?desde=([\d.]+)" rel="next"', page)
        url = f"{HOUSE}?desde={found.group(1)}" if found else ""
    assert seen == expected
    assert client.get(HOUSE, {"desde": "no-es-un-cursor"}).status_code == 200  # read as the first page


def test_cam_05_02_the_public_search_reads_published_redacted_text_only(client, world, now):
    case = _dismissed(world, now)
    stored = PublishedMatter.objects.get(case=case)
    for secret in SECRETS:
        assert secret not in stored.text and secret not in json.dumps(stored.record, ensure_ascii=False)
    for q in ("Ejemplo", "represalias", "ana@example.org"):
        assert case.number not in client.get(HOUSE, {"q": q}).content.decode(), q
    assert case.number in client.get(HOUSE, {"q": "Quiñones desestimación"}).content.decode()
    assert case.number in client.get(HOUSE, {"q": case.number}).content.decode()  # by its index
    for url in (HOUSE, f"{HOUSE}datos.csv", f"{HOUSE}datos.json"):
        text = client.get(url).getvalue().decode("utf-8-sig")
        for secret in SECRETS:
            assert secret not in text, (url, secret)


def test_cam_21d_01_open_data_answers_304_until_a_matter_is_published(client, world, now):
    case = _dismissed(world, now)
    for url in (f"{HOUSE}datos.csv", f"{HOUSE}datos.json"):
        r = client.get(url)
        etag = r["ETag"]
        assert etag and client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
        assert client.get(url).getvalue() == r.getvalue()  # the same file while nothing changed
    _more(case, 1)
    r = client.get(f"{HOUSE}datos.json", HTTP_IF_NONE_MATCH=etag)
    assert r.status_code == 200 and r["ETag"] != etag


def test_publicar_rewrites_the_rows_and_drops_those_no_longer_public(world, now):
    case = _dismissed(world, now)
    PublishedMatter.objects.all().delete()
    assert public.rebuild() == 1
    assert PublishedMatter.objects.get().number == case.number
    Case.objects.filter(pk=case.pk).update(stage="determination")  # as if re-opened behind the signals' back
    assert public.rebuild() == 0 and not PublishedMatter.objects.exists()


def _main(r) -> bytes:
    found = re.search(rb"<main.*</main>", r.content, re.S)
    assert found is not None
    return found.group()


@pytest.mark.template_context
def test_cam_21d_01_the_first_page_is_cached_until_a_matter_is_published(client, world, now):
    case = _dismissed(world, now)
    first = client.get(HOUSE)
    assert not first.context.get("cached")
    with CaptureQueriesContext(connection) as ctx:
        again = client.get(HOUSE)
    assert again.context["cached"] and _main(again) == _main(first)
    assert not any("search_publishedmatter" in q["sql"] for q in ctx.captured_queries)
    (added,) = _more(case, 1, start=7000)  # published: a new stamp, the page built again
    after = client.get(HOUSE)
    assert not after.context.get("cached") and added in after.content.decode()
    assert client.get(HOUSE).context["cached"]
    # Rebuilt by `ventila publicar`: a new stamp too.
    public.rebuild()
    assert not client.get(HOUSE).context.get("cached")
    # The page is cached without the language form's token: each visitor's page carries its own.
    token = re.compile(rb'name="csrfmiddlewaretoken" value="([^"]+)"')
    assert len({token.search(client.get(HOUSE).content).group(1) for _ in range(2)}) == 2  # type: ignore[union-attr]


def test_open_data_is_sent_compressed_and_the_html_pages_are_not(client, world, now):
    import gzip

    _dismissed(world, now)
    for url in (f"{HOUSE}datos.csv", f"{HOUSE}datos.json"):
        r = client.get(url, HTTP_ACCEPT_ENCODING="gzip")
        assert r["Content-Encoding"] == "gzip" and "Accept-Encoding" in r["Vary"], url
        data = gzip.decompress(r.getvalue())
        assert data == client.get(url).getvalue()  # the same file, uncompressed for a client that asks so
        assert b"csrfmiddlewaretoken" not in data and not r.cookies, url  # no secret in what is compressed
        etag = r["ETag"]  # weak once compressed: still answered 304
        assert client.get(url, HTTP_ACCEPT_ENCODING="gzip", HTTP_IF_NONE_MATCH=etag).status_code == 304
    # The HTML pages carry the language form's token and echo the search: not compressed (BREACH).
    for url in (HOUSE, f"{HOUSE}?q=desestimacion"):
        assert not client.get(url, HTTP_ACCEPT_ENCODING="gzip").has_header("Content-Encoding")
