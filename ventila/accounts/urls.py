"""Second-factor and account pages (Spanish paths)."""

from django.urls import path

from . import views

app_name = "accounts"

urlpatterns = [
    path("entrar/verificar/", views.verify, name="verify"),
    path("entrar/inscribir/", views.enrol, name="enrol"),
    path("cuenta/", views.account, name="account"),
    path("cuenta/contrasena/", views.PasswordChangeView.as_view(), name="password_change"),
]
