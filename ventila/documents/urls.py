"""Documents, service, calendars and signed links (Spanish paths, like the rest of the UI)."""

from django.urls import path

from . import views

app_name = "documents"

urlpatterns = [
    path(
        "expedientes/<case_number:number>/anotaciones/<int:seq>/documentos/<slug:template>/",
        views.new_document,
        name="new",
    ),
    path("expedientes/<case_number:number>/borradores/<int:draft_id>/", views.draft, name="draft"),
    path("expedientes/<case_number:number>/borradores/<int:draft_id>/pdf/", views.draft_pdf, name="draft_pdf"),
    path("expedientes/<case_number:number>/borradores/<int:draft_id>/expedir/", views.issue, name="issue"),
    path("expedientes/<case_number:number>/borradores/<int:draft_id>/descartar/", views.discard, name="discard"),
    path("expedientes/<case_number:number>/documentos/<int:doc_id>/", views.document, name="document"),
    path("expedientes/<case_number:number>/documentos/<int:doc_id>/pdf/", views.pdf, name="pdf"),
    path("expedientes/<case_number:number>/documentos/<int:doc_id>/notificar/", views.deliver, name="deliver"),
    path(
        "expedientes/<case_number:number>/documentos/<int:doc_id>/notificaciones/<int:delivery_id>/recibo/",
        views.receipt,
        name="receipt",
    ),
    path(
        "expedientes/<case_number:number>/documentos/<int:doc_id>/notificaciones/<int:delivery_id>/reintentar/",
        views.retry,
        name="retry",
    ),
    path("expedientes/<case_number:number>/vistas/<int:seq>.ics", views.hearing_ics, name="hearing_ics"),
    path("calendario/", views.my_calendar, name="my_calendar"),
    path("calendario/<str:token>.ics", views.feed, name="feed"),
    path("documentos/enlace/<str:token>/", views.signed_link, name="link"),
]
