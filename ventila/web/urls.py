"""The staff UI's URLs (Spanish paths: the people who use them read Spanish)."""

from django.urls import path

from .views import calendar, cases, pages

app_name = "web"

urlpatterns = [
    path("", pages.home, name="home"),
    path("entrar/", pages.SignInView.as_view(), name="login"),
    path("salir/", pages.SignOutView.as_view(), name="logout"),
    path("expedientes/", cases.queue, name="queue"),
    path("expedientes/nuevo/<slug:body>/<slug:kind>/", cases.file_case, name="file_case"),
    path("expedientes/<str:number>/", cases.case_detail, name="case"),
    path("expedientes/<str:number>/actos/<slug:act>/", cases.record_act, name="act"),
    path("expedientes/<str:number>/anotaciones/<int:seq>/corregir/", cases.correct_entry, name="correct"),
    path("expedientes/<str:number>/anejos/<int:attachment_id>/", cases.attachment, name="attachment"),
    path("expedientes/<str:number>/representacion/", cases.add_counsel, name="counsel"),
    path("cuerpos/<slug:body>/calendario/", calendar.body_calendar, name="calendar"),
    path("cuerpos/<slug:body>/calendario/cierres/<int:closure_id>/eliminar/", calendar.remove_closure,
         name="remove_closure"),
    path("cuerpos/<slug:body>/calendario/elecciones/<int:election_id>/eliminar/", calendar.remove_election,
         name="remove_election"),
]
