"""Documents, service, calendars and signed links (Spanish paths, like the rest of the UI)."""

from django.urls import include, path

from . import views

app_name = "documents"

# A case's documents, nested by what each path names (Django's ``include`` of a list of paths).
DRAFT = [
    path("", views.draft, name="draft"),
    path("pdf/", views.draft_pdf, name="draft_pdf"),
    path("expedir/", views.issue, name="issue"),
    path("descartar/", views.discard, name="discard"),
]
DELIVERY = [
    path("recibo/", views.receipt, name="receipt"),
    path("reintentar/", views.retry, name="retry"),
]
DOCUMENT = [
    path("", views.document, name="document"),
    path("pdf/", views.pdf, name="pdf"),
    path("notificar/", views.deliver, name="deliver"),
    path("notificaciones/<int:delivery_id>/", include(DELIVERY)),
]
CASE = [
    path("anotaciones/<int:seq>/documentos/<slug:template>/", views.new_document, name="new"),
    path("borradores/<int:draft_id>/", include(DRAFT)),
    path("documentos/<int:doc_id>/", include(DOCUMENT)),
    path("vistas/<int:seq>.ics", views.hearing_ics, name="hearing_ics"),
]

urlpatterns = [
    path("expedientes/<case_number:number>/", include(CASE)),
    path("calendario/", views.my_calendar, name="my_calendar"),
    path("calendario/<str:token>.ics", views.feed, name="feed"),
    path("documentos/enlace/<str:token>/", views.signed_link, name="link"),
]
