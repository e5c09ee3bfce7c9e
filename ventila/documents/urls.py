"""Documents, service, calendars and signed links (Spanish paths, like the rest of the UI).

A case's drafts and documents are grouped under their prefix with ``include()``; the names stay the app's.
"""

from django.urls import include, path

from . import views

app_name = "documents"

draft_patterns = [
    path("", views.draft, name="draft"),
    path("pdf/", views.draft_pdf, name="draft_pdf"),
    path("expedir/", views.issue, name="issue"),
    path("descartar/", views.discard, name="discard"),
]

document_patterns = [
    path("", views.document, name="document"),
    path("pdf/", views.pdf, name="pdf"),
    path("notificar/", views.deliver, name="deliver"),
    path("notificaciones/<int:delivery_id>/recibo/", views.receipt, name="receipt"),
    path("notificaciones/<int:delivery_id>/reintentar/", views.retry, name="retry"),
]

case_patterns = [
    path("anotaciones/<int:seq>/documentos/<slug:template>/", views.new_document, name="new"),
    path("borradores/<int:draft_id>/", include(draft_patterns)),
    path("documentos/<int:doc_id>/", include(document_patterns)),
    path("vistas/<int:seq>.ics", views.hearing_ics, name="hearing_ics"),
]

urlpatterns = [
    path("expedientes/<case_number:number>/", include(case_patterns)),
    path("calendario/", views.my_calendar, name="my_calendar"),
    path("calendario/<str:token>.ics", views.feed, name="feed"),
    path("documentos/enlace/<str:token>/", views.signed_link, name="link"),
]
