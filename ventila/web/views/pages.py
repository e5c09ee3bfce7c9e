"""Public pages: the home page and sign-in/sign-out."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from ventila.cases import access

from ..forms import SignInForm


def home(request: HttpRequest) -> HttpResponse:
    """Visitors: what ventila does. Signed in: a member (or a substitute) with no staff function lands
    on «Mi despacho» (his votes, hearings and cases); a House member who only files her own requests on
    «Mis opiniones consultivas»; everyone else on the work queue."""
    user: Any = request.user
    if user.is_authenticated:
        if user.person_id is not None and not access.staff_body_ids(user):
            if access.house_member_body_ids(user) and not access.visible_bodies(user):
                return redirect("web:my_opinions")  # a House member: her own requests (issue 29)
            return redirect("web:my_work")
        return redirect("web:queue")
    return render(request, "web/home.html")


class SignInView(auth_views.LoginView):
    template_name = "web/sign_in.html"
    authentication_form = SignInForm
    redirect_authenticated_user = True


class SignOutView(auth_views.LogoutView):
    pass
