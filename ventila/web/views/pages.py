"""Public pages: the home page and sign-in/sign-out."""

from __future__ import annotations

from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from ..forms import SignInForm


def home(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("web:queue")
    return render(request, "web/home.html")


class SignInView(auth_views.LoginView):
    template_name = "web/sign_in.html"
    authentication_form = SignInForm
    redirect_authenticated_user = True


class SignOutView(auth_views.LogoutView):
    pass
