"""URL map: the staff UI (``ventila.web``), language switching and the administrators' site."""

from django.contrib import admin
from django.urls import include, path

from ventila import ops
from ventila.api.api import api

# The apps' URLs take case numbers with the `case_number` converter, registered by CasesConfig.ready.

urlpatterns = [
    path("", include("ventila.web.urls")),
    path("", include("ventila.documents.urls")),  # documents, service, calendars (issue 4)
    path("", include("ventila.accounts.urls")),  # second factor, account page
    path("querellas/", include("ventila.filing.urls")),  # public e-filing, no account (issue 5)
    path("api/v1/", api.urls),  # the OEG's and the House's API (issue 19, docs/api.md)
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("healthz", ops.healthz, name="healthz"),  # the proxy's checks (ventila/ops.py, docs/deploy.md)
    path("readyz", ops.readyz, name="readyz"),
]

handler404 = "ventila.web.views.errors.not_found"
handler500 = "ventila.web.views.errors.server_error"
handler403 = "ventila.web.views.errors.forbidden"
