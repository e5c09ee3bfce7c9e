from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ComplianceConfig(AppConfig):
    name = "ventila.compliance"
    label = "compliance"
    verbose_name = _("Cumplimiento: registro de personas obligadas e informes financieros")

    def ready(self) -> None:
        from ventila.audit import state
        from ventila.bodies.hooks import register_office_change
        from ventila.documents.term_sources import register as register_term_source

        from .conduct import open_summons_terms
        from .tenures import sync_after_office_change

        # An office changed in the administration site opens or updates the person's financial-report
        # cases in the same transaction (the import and the daily sweep do the same).
        register_office_change(sync_after_office_change)
        # A court summons' 10(w) notice is a term like a case's: in the reminders and the calendar feeds.
        register_term_source(open_summons_terms)

        # A financial report received and each import of the register are recorded once, as chained
        # versions: ``ventila audit verify`` catches one changed, added or removed behind the app.
        state.register("compliance.FinancialReport")
        state.register("compliance.RegisterImport")
        # Gifts, court summonses and nepotism checks (Sec. 10): a correction is a new version with its reason.
        state.register("compliance.GiftRecord")
        state.register("compliance.CourtSummons")
        state.register("compliance.NepotismCheck")
        # Which case is a tenure's, and which referral case an OEG referral became (Secs. 14–16).
        state.register("compliance.TenureCase")
        state.register("compliance.FinancialReferral")
