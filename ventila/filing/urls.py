"""Public URLs (no account): the form, the receipt, the follow-up with the key."""

from django.urls import path

from . import views

app_name = "filing"

urlpatterns = [
    path("", views.start, name="start"),
    path("seguimiento/", views.followup, name="followup"),
    path("seguimiento/<case_number:number>/", views.followup_case, name="followup_case"),
    path("seguimiento/<case_number:number>/acuse.pdf", views.followup_pdf, name="followup_pdf"),
    # Staff only (the case's own access rules): a file the complainant added with the key.
    path("expedientes/<case_number:number>/evidencia/<int:pk>/", views.supplement_file, name="supplement_file"),
    path("<slug:body>/", views.body_start, name="body"),
    path("<slug:body>/acuse/<case_number:number>/", views.receipt, name="receipt"),
    path("<slug:body>/acuse/<case_number:number>/acuse.pdf", views.receipt_pdf_view, name="receipt_pdf"),
    path("<slug:body>/<slug:step>/", views.step, name="step"),
]
