"""The staff UI's URLs (Spanish paths: the people who use them read Spanish).

The pages of one case (``expedientes/<número>/…``), of one body (``cuerpos/<body>/…``) and of one person in
its register are grouped under their prefix with ``include()``: the names stay the web app's (``web:case``, …).
"""

from django.urls import include, path

from ventila.accounts.views import SignInView

from .views import (
    api_tokens,
    calendar,
    case_page,
    conduct,
    docketing,
    house_member,
    longwork,
    matters,
    members,
    pages,
    procedures,
    public_record,
    publication_review,
    queue,
    register,
    search,
    stats,
    verify,
)

app_name = "web"

# One case's pages: the case, its acts, attachments, votes and the requested report it keeps.
case_patterns = [
    path("", case_page.case_detail, name="case"),
    path("votos/<slug:act>/", members.own_vote, name="own_vote"),
    path("informe-solicitado/", matters.store_requested_report, name="store_report"),
    path("informe-solicitado/<int:report_id>/", matters.requested_report, name="requested_report"),
    path("actos/<slug:act>/", docketing.record_act, name="act"),
    path("anotaciones/<int:seq>/corregir/", docketing.correct_entry, name="correct"),
    path("anejos/<int:attachment_id>/", case_page.attachment, name="attachment"),
    path("representacion/", case_page.add_counsel, name="counsel"),
    path("candidatura/", procedures.mark_candidate, name="candidate"),
    # Financial reports (Secs. 14–16): an OEG referral turned into a case.
    path("referido-oeg/", register.turn_referral, name="turn_referral"),
]

# A person in the register: gifts (Secs. 10(k), 10(n)), court summonses (10(w)) and nepotism checks (10(t)).
person_patterns = [
    path("", register.obligated_person, name="person"),
    path("regalos/", conduct.Gifts.as_view(), name="gifts"),
    path("regalos/<int:gift_id>/corregir/", conduct.GiftCorrection.as_view(), name="gift_correct"),
    path("citaciones/", conduct.Summonses.as_view(), name="summonses"),
    path("citaciones/<int:summons_id>/corregir/", conduct.SummonsCorrection.as_view(), name="summons_correct"),
    path("nepotismo/", conduct.nepotism, name="nepotism"),
]

# One body's pages.
body_patterns = [
    path("informe-anual/", stats.annual_report, name="annual_report"),
    path("informe-anual/<int:report_id>/", stats.annual_report_file, name="annual_report_file"),
    # The binding register of advisory opinions (issue 17, Sec. 19(e)–(f)).
    path("opiniones/", matters.opinion_register, name="opinion_register"),
    path("calendario/", calendar.body_calendar, name="calendar"),
    path("calendario/cierres/<int:closure_id>/eliminar/", calendar.remove_closure, name="remove_closure"),
    path("calendario/elecciones/<int:election_id>/eliminar/", calendar.remove_election, name="remove_election"),
    path("agenda/", calendar.body_month, name="calendar_month"),
    path("agenda/semana/", calendar.body_week, name="calendar_week"),
    path("composicion/", procedures.composition, name="composition"),
    path("dietas/", procedures.per_diem, name="per_diem"),
    # The register of obligated people (Secs. 3, 14) and each person's financial-report duties.
    path("obligados/", register.register_list, name="register"),
    path("obligados/importar/", register.register_import, name="register_import"),
    path("obligados/importar/<str:ticket>/", register.register_mapping, name="register_mapping"),
    path("obligados/<int:person_id>/", include(person_patterns)),
    # Financial reports (Secs. 14–16): the compliance board.
    path("obligados/tablero/", register.board, name="board"),
    path("obligados/tablero/avisos/", register.board_notices, name="board_notices"),
    # Publication of final matters, reviewed by the staff (issue 17, Secs. 5(5), 21(d)).
    path("revision-publicacion/", publication_review.ReviewList.as_view(), name="publication_review"),
    path(
        "revision-publicacion/<case_number:number>/",
        publication_review.review_matter,
        name="publication_review_matter",
    ),
    # The API's tokens (issue 19): the body's secretary issues and revokes them.
    path("api/", api_tokens.Tokens.as_view(), name="api_tokens"),
    path("api/<int:token_id>/revocar/", api_tokens.revoke, name="api_token_revoke"),
]

# The public record after final resolution (issue 17, Secs. 5(5), 21(d)): no account needed.
public_body_patterns = [
    path("", public_record.body_record, name="public_body"),
    path("datos.csv", public_record.open_data_csv, name="public_csv"),
    path("datos.json", public_record.open_data_json, name="public_json"),
    path("<case_number:number>/", public_record.matter, name="public_matter"),
    path("<case_number:number>/documentos/<int:doc_id>.pdf", public_record.document_pdf, name="public_document_pdf"),
]

urlpatterns = [
    path("", pages.home, name="home"),
    path("entrar/", SignInView.as_view(), name="login"),  # throttled; second factor follows
    path("salir/", pages.SignOutView.as_view(), name="logout"),
    path("expedientes/", queue.queue, name="queue"),
    # Issue 30: a long import or export, done by the worker: how far along, and its file.
    path("trabajos/<uuid:work_id>/", longwork.long_work, name="long_work"),
    path("trabajos/<uuid:work_id>/archivo/", longwork.long_work_file, name="long_work_file"),
    # Statistics (issue 18): the staff's dashboard and the public page (small cells suppressed).
    path("estadisticas/", stats.dashboard, name="stats"),
    path("estadisticas/publicas/", stats.public, name="stats_public"),
    path("buscar/", search.search_page, name="search"),  # issue 17: staff search over what the user may see
    path("mi-despacho/", members.my_work, name="my_work"),
    path("expedientes/nuevo/<slug:body>/<slug:kind>/", docketing.file_case, name="file_case"),
    # The Code's preventive matters opened by hand: Secs. 11, 17 and 27 (issue 16).
    path("expedientes/asunto/<slug:body>/<slug:kind>/", matters.open_matter, name="open_matter"),
    # A member of the House: their own advisory-opinion requests (issue 17, Sec. 19(a)–(c)).
    path("mis-opiniones/", house_member.my_requests, name="my_opinions"),
    path("mis-opiniones/<slug:body>/nueva/", house_member.new_request, name="my_opinion_new"),
    path(
        "mis-opiniones/<case_number:number>/documentos/<int:doc_id>.pdf",
        house_member.my_document_pdf,
        name="my_opinion_document",
    ),
    path("expedientes/<case_number:number>/", include(case_patterns)),
    path("cuerpos/<slug:body>/", include(body_patterns)),
    path("registro-publico/", public_record.index, name="public_record"),
    # The audit chain's daily heads, published (issue 32): the page, and the lists `audit verify --heads` reads.
    path("registro-publico/cadena/", public_record.heads, name="public_heads"),
    path("registro-publico/cadena.txt", public_record.heads_txt, name="public_heads_txt"),
    path("registro-publico/cadena.json", public_record.heads_json, name="public_heads_json"),
    path("registro-publico/<slug:body>/", include(public_body_patterns)),
    # Anyone verifies an issued PDF (issue 32): upload it, type its SHA-256, or open the link printed on it.
    path("verificar/", verify.verify, name="verify"),
    path("verificar/<str:code>/", verify.verify_code, name="verify_code"),
]
