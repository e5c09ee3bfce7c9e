from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CasesConfig(AppConfig):
    name = "ventila.cases"
    label = "cases"
    verbose_name = _("Expedientes")

    # The columns of a case row that the audit chain keeps: what it is and where it stands (status
    # open/closed decides confidentiality). Caches refreshed from the date (next due, allowed acts,
    # evaluated on) are left out: they change daily without anyone acting.
    CASE_STATE = ("id", "body_id", "kind", "number", "year", "sequence", "caption", "respondent_role",
                  "respondent_candidate", "status", "stage", "procedure", "report_referred", "created_at")

    def ready(self) -> None:
        from ventila.audit import state

        state.register("cases.Case", self.CASE_STATE)
        state.register("cases.Party")
