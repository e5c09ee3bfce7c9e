"""A staff member's page checked as a browser test goes: what every walk through the staff pages did with its own
``found`` list and ``check`` function, written once."""

from __future__ import annotations

from typing import Any

from .axe import serious_violations
from .conftest import shot, signed_in_context
from .test_accessibility import sideways


def open_from_the_queue(page: Any, link: str) -> None:
    """The queue's «Anotar…» menu, which holds the opening acts (issue 29), and its ``link``, followed."""
    page.goto("/expedientes/")
    page.get_by_text("Anotar…").click()
    page.get_by_role("link", name=link).click()
    page.wait_for_load_state("load")


class Checked:
    """A new page in a context signed in as ``user`` (``page``), at ``size`` when given. ``check(name)`` adds the
    page's serious or critical axe-core violations and any sideways scrolling at 320 or 1,366 px to ``found``, and
    with a ``name`` saves its screenshot (at ``widths``); ``done()`` closes the context and asserts nothing was
    found."""

    def __init__(
        self,
        browser: Any,
        live_server: Any,
        user: Any,
        *,
        size: tuple[int, int] | None = None,
        widths: tuple[int, ...] = (1366, 320),
    ) -> None:
        self.context = signed_in_context(browser, live_server, user)
        self.page = self.context.new_page()
        if size:
            self.page.set_viewport_size({"width": size[0], "height": size[1]})
        self.widths = widths
        self.found: list[str] = []

    def __call__(self, name: str = "") -> None:
        self.found.extend(serious_violations(self.page))
        self.found.extend(sideways(self.page))
        if name:
            shot(self.page, name, widths=self.widths)

    def done(self) -> None:
        self.context.close()
        assert self.found == [], "\n".join(self.found)
