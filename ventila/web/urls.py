"""The staff UI's URLs (Spanish paths: the people who use them read Spanish)."""

from django.urls import path

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
    path("cuerpos/<slug:body>/informe-anual/", stats.annual_report, name="annual_report"),
    path("cuerpos/<slug:body>/informe-anual/<int:report_id>/", stats.annual_report_file, name="annual_report_file"),
    path("buscar/", search.search_page, name="search"),  # issue 17: staff search over what the user may see
    path("mi-despacho/", members.my_work, name="my_work"),
    path("expedientes/<case_number:number>/votos/<slug:act>/", members.own_vote, name="own_vote"),
    path("expedientes/nuevo/<slug:body>/<slug:kind>/", docketing.file_case, name="file_case"),
    # The Code's preventive matters opened by hand: Secs. 11, 17 and 27 (issue 16).
    path("expedientes/asunto/<slug:body>/<slug:kind>/", matters.open_matter, name="open_matter"),
    # The binding register of advisory opinions (issue 17, Sec. 19(e)–(f)).
    path("cuerpos/<slug:body>/opiniones/", matters.opinion_register, name="opinion_register"),
    # A member of the House: their own advisory-opinion requests (issue 17, Sec. 19(a)–(c)).
    path("mis-opiniones/", house_member.my_requests, name="my_opinions"),
    path("mis-opiniones/<slug:body>/nueva/", house_member.new_request, name="my_opinion_new"),
    path(
        "mis-opiniones/<case_number:number>/documentos/<int:doc_id>.pdf",
        house_member.my_document_pdf,
        name="my_opinion_document",
    ),
    path("expedientes/<case_number:number>/informe-solicitado/", matters.store_requested_report, name="store_report"),
    path(
        "expedientes/<case_number:number>/informe-solicitado/<int:report_id>/",
        matters.requested_report,
        name="requested_report",
    ),
    path("expedientes/<case_number:number>/", case_page.case_detail, name="case"),
    path("expedientes/<case_number:number>/actos/<slug:act>/", docketing.record_act, name="act"),
    path("expedientes/<case_number:number>/anotaciones/<int:seq>/corregir/", docketing.correct_entry, name="correct"),
    path("expedientes/<case_number:number>/anejos/<int:attachment_id>/", case_page.attachment, name="attachment"),
    path("expedientes/<case_number:number>/representacion/", case_page.add_counsel, name="counsel"),
    path("expedientes/<case_number:number>/candidatura/", procedures.mark_candidate, name="candidate"),
    path("cuerpos/<slug:body>/calendario/", calendar.body_calendar, name="calendar"),
    path("cuerpos/<slug:body>/agenda/", calendar.body_month, name="calendar_month"),
    path("cuerpos/<slug:body>/agenda/semana/", calendar.body_week, name="calendar_week"),
    path("cuerpos/<slug:body>/composicion/", procedures.composition, name="composition"),
    path("cuerpos/<slug:body>/dietas/", procedures.per_diem, name="per_diem"),
    # The register of obligated people (Secs. 3, 14) and each person's financial-report duties.
    path("cuerpos/<slug:body>/obligados/", register.register_list, name="register"),
    path("cuerpos/<slug:body>/obligados/importar/", register.register_import, name="register_import"),
    path("cuerpos/<slug:body>/obligados/importar/<str:ticket>/", register.register_mapping, name="register_mapping"),
    path("cuerpos/<slug:body>/obligados/<int:person_id>/", register.obligated_person, name="person"),
    # A person's gifts (Secs. 10(k), 10(n)), court summonses (10(w)) and nepotism checks (10(t)).
    path("cuerpos/<slug:body>/obligados/<int:person_id>/regalos/", conduct.Gifts.as_view(), name="gifts"),
    path(
        "cuerpos/<slug:body>/obligados/<int:person_id>/regalos/<int:gift_id>/corregir/",
        conduct.GiftCorrection.as_view(),
        name="gift_correct",
    ),
    path("cuerpos/<slug:body>/obligados/<int:person_id>/citaciones/", conduct.Summonses.as_view(), name="summonses"),
    path(
        "cuerpos/<slug:body>/obligados/<int:person_id>/citaciones/<int:summons_id>/corregir/",
        conduct.SummonsCorrection.as_view(),
        name="summons_correct",
    ),
    path("cuerpos/<slug:body>/obligados/<int:person_id>/nepotismo/", conduct.nepotism, name="nepotism"),
    # Financial reports (Secs. 14–16): the compliance board and an OEG referral turned into a case.
    path("cuerpos/<slug:body>/obligados/tablero/", register.board, name="board"),
    path("cuerpos/<slug:body>/obligados/tablero/avisos/", register.board_notices, name="board_notices"),
    path("expedientes/<case_number:number>/referido-oeg/", register.turn_referral, name="turn_referral"),
    # The public record after final resolution (issue 17, Secs. 5(5), 21(d)): no account needed.
    path(
        "cuerpos/<slug:body>/revision-publicacion/", publication_review.ReviewList.as_view(), name="publication_review"
    ),
    path(
        "cuerpos/<slug:body>/revision-publicacion/<case_number:number>/",
        publication_review.review_matter,
        name="publication_review_matter",
    ),
    path("registro-publico/", public_record.index, name="public_record"),
    # The audit chain's daily heads, published (issue 32): the page, and the lists `audit verify --heads` reads.
    path("registro-publico/cadena/", public_record.heads, name="public_heads"),
    path("registro-publico/cadena.txt", public_record.heads_txt, name="public_heads_txt"),
    path("registro-publico/cadena.json", public_record.heads_json, name="public_heads_json"),
    path("registro-publico/<slug:body>/", public_record.body_record, name="public_body"),
    path("registro-publico/<slug:body>/datos.csv", public_record.open_data_csv, name="public_csv"),
    path("registro-publico/<slug:body>/datos.json", public_record.open_data_json, name="public_json"),
    path("registro-publico/<slug:body>/<case_number:number>/", public_record.matter, name="public_matter"),
    path(
        "registro-publico/<slug:body>/<case_number:number>/documentos/<int:doc_id>.pdf",
        public_record.document_pdf,
        name="public_document_pdf",
    ),
    # Anyone verifies an issued PDF (issue 32): upload it, type its SHA-256, or open the link printed on it.
    path("verificar/", verify.verify, name="verify"),
    path("verificar/<str:code>/", verify.verify_code, name="verify_code"),
    path(
        "cuerpos/<slug:body>/calendario/cierres/<int:closure_id>/eliminar/",
        calendar.remove_closure,
        name="remove_closure",
    ),
    path(
        "cuerpos/<slug:body>/calendario/elecciones/<int:election_id>/eliminar/",
        calendar.remove_election,
        name="remove_election",
    ),
    # The API's tokens (issue 19): the body's secretary issues and revokes them.
    path("cuerpos/<slug:body>/api/", api_tokens.Tokens.as_view(), name="api_tokens"),
    path("cuerpos/<slug:body>/api/<int:token_id>/revocar/", api_tokens.revoke, name="api_token_revoke"),
]
