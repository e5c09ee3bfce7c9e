"""Nothing scrolls sideways: the staff pages reflow at 320 px (WCAG 1.4.10) and fit 1,366 px, even when
what the clerk typed holds a long unbroken string (a fingerprint, an address, a file name)."""

from __future__ import annotations

import dataclasses
from typing import Any

from factories import complaint_act
from web.helpers import file_house_complaint

from .conftest import signed_in_context

LONG = "SHA-256:" + "9f" * 80  # 168 characters without a break, as a fingerprint quoted in a note


def test_the_queue_and_a_case_page_with_long_unbroken_strings_do_not_scroll_sideways(
    e2e_world: Any, browser: Any, live_server: Any
) -> None:
    world = e2e_world
    act = complaint_act()
    act = dataclasses.replace(act, details={**act.details, "facts": f"Recibo {LONG} del documento."}, note=LONG)
    case = file_house_complaint(world, act)
    context = signed_in_context(browser, live_server, world.users["secretaria"])
    page = context.new_page()
    for width in (320, 1366):
        page.set_viewport_size({"width": width, "height": 900})
        for url in ("/expedientes/", f"/expedientes/{case.number}/"):
            page.goto(url)
            assert page.url == live_server.url + url
            assert LONG in page.content() or url == "/expedientes/"
            wide = page.evaluate("document.documentElement.scrollWidth")
            assert wide <= width, f"{url} at {width} px is {wide} px wide"
    context.close()
