"""Second-factor and account pages (Spanish paths)."""

from django.urls import path

from . import proposal_views, views

app_name = "accounts"

urlpatterns = [
    path("entrar/verificar/", views.verify, name="verify"),
    path("entrar/inscribir/", views.enrol, name="enrol"),
    path("cuenta/", views.account, name="account"),
    path("cuenta/contrasena/", views.PasswordChangeView.as_view(), name="password_change"),
    path("administracion/propuestas/", proposal_views.proposals, name="proposals"),
    path("administracion/propuestas/<int:pk>/aprobar/", proposal_views.approve, name="proposal_approve"),
    path("administracion/propuestas/<int:pk>/rechazar/", proposal_views.reject, name="proposal_reject"),
]
