"""Long work off the request (issue 30, item 6): above ``VENTILA_LONG_WORK_ROWS`` rows the register's import and
the XLSX exports of the work queue and the compliance board are jobs of the worker. The request sends the user
to a page that says how far along the work is (and refreshes itself); the worker (:func:`run_ready`, the same
loop as ``ventila worker``) does the work on the real database; the file is offered to the user who asked and
the staff of the body only."""

from __future__ import annotations

import datetime as dt
import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from factories import file_complaint
from openpyxl import load_workbook

from ventila import files
from ventila.bodies.models import Person
from ventila.jobs.queue import run_ready
from ventila.jobs.tasks import prune
from ventila.web.longwork import progress
from ventila.web.models import LongWork
from web.test_register import _guessed_post

pytestmark = pytest.mark.django_db

IMPORT = "/cuerpos/etica-camara/obligados/importar/"
CSV = "Núm. de empleado;Nombre;Apellidos;Categoría;Puesto;Fecha de toma de posesión\r\n" + "".join(
    f"L-{i:03d};Nombre{i};Apellido{i} Ficticio;Funcionario;Director;04/01/2027\r\n" for i in range(6)
)


def _client(world, name: str) -> Client:
    c = Client()
    c.force_login(world.users[name])
    return c


def _uploaded(world):
    """The secretary signed in, the HR file uploaded: her client, the mapping page's URL and its guessed form."""
    secretaria = _client(world, "secretaria")
    upload = secretaria.post(IMPORT, {"file": SimpleUploadedFile("rrhh.csv", CSV.encode(), content_type="text/csv")})
    mapping = upload["Location"]
    return secretaria, mapping, _guessed_post(secretaria.get(mapping).content.decode())


def _work_url(response) -> str:
    assert response.status_code == 302 and response["Location"].startswith("/trabajos/"), response.status_code
    return response["Location"]


def test_a_large_import_is_a_job_whose_page_says_how_far_along_it_is(world, now, settings):
    settings.VENTILA_LONG_WORK_ROWS = 5
    settings.VENTILA_IMPORT_BATCH_ROWS = 2
    secretaria, mapping, form = _uploaded(world)
    url = _work_url(secretaria.post(mapping, {**form, "action": "import"}))
    assert not Person.objects.filter(hr_number__startswith="L-").exists()  # nothing written in the request
    waiting = secretaria.get(url).content.decode()
    assert "En espera" in waiting and '<meta http-equiv="refresh" content="3">' in waiting
    assert '<a href="/expedientes/">Cola de trabajo</a> › <a href="/cuerpos/etica-camara/obligados/">' in waiting
    work = LongWork.objects.get()
    assert work.kind == LongWork.Kind.REGISTER_IMPORT and work.total == 6
    progress(work)(4, 6)  # what a batch of the worker writes
    LongWork.objects.filter(pk=work.pk).update(status=LongWork.Status.RUNNING)
    running = secretaria.get(url).content.decode()
    assert "Procesando: 4 de 6 filas." in running and '<progress max="6" value="4">' in running
    assert run_ready() == 1  # the worker's loop: the job enqueued by the request
    done = secretaria.get(url).content.decode()
    work.refresh_from_db()
    assert work.status == LongWork.Status.DONE and (work.done, work.total) == (6, 6)
    assert "Terminado." in done and "6 personas nuevas" in done and 'http-equiv="refresh"' not in done
    assert Person.objects.filter(hr_number__startswith="L-").count() == 6
    assert work.params == {}  # the rows (names, e-mails) are not kept once imported
    # The page is the clerk's and the body's staff's; anyone else is told it does not exist.
    assert _client(world, "personal").get(url).status_code == 200
    assert _client(world, "secretaria_municipal").get(url).status_code == 404
    assert _client(world, "ajeno").get(url).status_code == 404


def test_a_large_import_with_a_bad_row_is_refused_before_any_job(world, now, settings):
    settings.VENTILA_LONG_WORK_ROWS = 5
    secretaria = _client(world, "secretaria")
    bad = CSV.replace("L-003;Nombre3;Apellido3 Ficticio;Funcionario;Director;04/01/2027", "L-003;;;;;31/02/2027")
    upload = secretaria.post(IMPORT, {"file": SimpleUploadedFile("rrhh.csv", bad.encode(), content_type="text/csv")})
    mapping = upload["Location"]
    form = _guessed_post(secretaria.get(mapping).content.decode())
    refused = secretaria.post(mapping, {**form, "action": "import"})
    assert refused.status_code == 400 and "Fila 5" in refused.content.decode()
    assert not LongWork.objects.exists() and not Person.objects.filter(hr_number__startswith="L-").exists()


def test_a_large_queue_export_is_a_job_and_only_its_owner_and_the_body_staff_download_it(world, now, settings):
    settings.VENTILA_LONG_WORK_ROWS = 2
    numbers = sorted(file_complaint(world).number for _i in range(3))
    secretaria = _client(world, "secretaria")
    small = secretaria.get("/expedientes/?formato=csv")  # a CSV is streamed in the request, whatever its size
    assert small.status_code == 200 and small.streaming
    url = _work_url(secretaria.get("/expedientes/?formato=xlsx"))
    work = LongWork.objects.get()
    assert work.kind == LongWork.Kind.QUEUE_EXPORT and work.body is None
    assert secretaria.get(url + "archivo/").status_code == 404  # not made yet
    assert run_ready() == 1
    page = secretaria.get(url).content.decode()
    assert "Terminado." in page and url + "archivo/" in page
    assert '<a href="/expedientes/">Cola de trabajo</a> › Exportación de la cola de trabajo</nav>' in page
    download = secretaria.get(url + "archivo/")
    assert download.status_code == 200 and download["Content-Disposition"].endswith('"cola-de-trabajo.xlsx"')
    sheet = load_workbook(io.BytesIO(download.content), read_only=True).active
    assert sorted(row[0] for row in sheet.iter_rows(min_row=2, values_only=True)) == numbers
    # A queue export belongs to no body: only who asked may have it.
    assert _client(world, "personal").get(url + "archivo/").status_code == 404
    assert _client(world, "ajeno").get(url + "archivo/").status_code == 404
    # The daily prune takes the work and its file once they are a month old.
    stored_as = LongWork.objects.get().stored_as
    assert files.read(stored_as) == download.content
    now.set("2027-04-15 12:00")
    prune.call()
    assert not LongWork.objects.exists() and files.read(stored_as) is None


def test_a_small_queue_export_stays_in_the_request(world, now, settings):
    settings.VENTILA_LONG_WORK_ROWS = 500
    file_complaint(world)
    answer = _client(world, "secretaria").get("/expedientes/?formato=xlsx")
    assert answer.status_code == 200 and answer.content[:2] == b"PK" and not LongWork.objects.exists()


def test_a_large_board_export_is_a_job_the_body_staff_may_download(world, now, settings):
    """CAM-14D-01: six people who took office on Mon 4 Jan 2027 owe their initial report 90 days later (Sun 4 Apr
    → Mon 5 Apr 2027): six rows on April's board, made into a workbook by the worker."""
    settings.VENTILA_LONG_WORK_ROWS = 5
    settings.VENTILA_IMPORT_BATCH_ROWS = 1000
    secretaria, mapping, form = _uploaded(world)
    secretaria.post(mapping, {**form, "action": "import"})
    assert run_ready() == 1
    url = _work_url(secretaria.get("/cuerpos/etica-camara/obligados/tablero/?mes=2027-04&formato=xlsx"))
    work = LongWork.objects.get(kind=LongWork.Kind.BOARD_EXPORT)
    assert work.total == 6 and work.body == world.camara
    assert run_ready() == 1
    download = _client(world, "personal").get(url + "archivo/")  # the body's staff, not who asked
    assert download.status_code == 200 and download["Content-Disposition"].endswith(
        '"informes-financieros-2027-04.xlsx"'
    )
    sheet = load_workbook(io.BytesIO(download.content), read_only=True).active
    rows = list(sheet.iter_rows(min_row=2, values_only=True))
    assert len(rows) == 6 and {r[4].date() for r in rows} == {dt.date(2027, 4, 5)}
    assert _client(world, "secretaria_municipal").get(url + "archivo/").status_code == 404
