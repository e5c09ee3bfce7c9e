from django.apps import AppConfig


class StatsConfig(AppConfig):
    name = "ventila.stats"
    label = "stats"
    verbose_name = "Estadísticas"

    def ready(self) -> None:
        from ventila.audit import chain

        from . import stored

        stored.connect()

        chain.register_kind(chain.ChainedKind("annual_report", "stats.AnnualReport", "informe anual"))
