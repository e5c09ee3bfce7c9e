from django.apps import AppConfig


class SearchConfig(AppConfig):
    name = "ventila.search"
    label = "search"

    def ready(self) -> None:
        # The index follows every write of what it holds, in the writer's transaction (signals: the
        # apps below this one do not know it exists).
        from . import index, public

        index.connect()
        public.connect()
