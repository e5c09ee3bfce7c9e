"""axe-core (bundled with axe-playwright-python) on a page: WCAG 2.0/2.1/2.2 A and AA rules."""

from __future__ import annotations

from typing import Any

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
# Every rule axe runs by default, of any impact: the WCAG rules and axe's best practices (heading-order,
# landmark-one-main, region, page-has-heading-one, landmark-unique, …) — issue 29's «0 violations of any impact».
EVERY_RULE = [*TAGS, "best-practice"]


SETTLED = """() => document.readyState === "complete"
    && [...document.querySelectorAll('link[rel="stylesheet"]')].every((link) => link.sheet !== null)"""
FRAMES = (
    "() => document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))"
)


def settle(page: Any) -> None:
    """The page at rest, the same on every run: loaded, its stylesheets applied, its fonts ready and
    laid out (two animation frames), with reduced motion. The scan never sees a page half-arrived."""
    page.emulate_media(reduced_motion="reduce")
    page.wait_for_load_state("load")
    page.wait_for_function(SETTLED)
    page.evaluate(FRAMES)


def serious_violations(page: Any) -> list[str]:
    """Every serious or critical violation on the page, one readable line each."""
    from axe_playwright_python.sync_playwright import Axe

    settle(page)
    results = Axe().run(page, options={"runOnly": {"type": "tag", "values": TAGS}})
    out = []
    for v in results.response["violations"]:
        if v.get("impact") in ("serious", "critical"):
            targets = [" ".join(map(str, n.get("target", []))) for n in v.get("nodes", [])][:5]
            out.append(f"{page.url}: {v['id']} ({v['impact']}): {v['help']} → {targets}")
    return out


def all_violations(page: Any, tags: list[str] = TAGS) -> list[str]:
    """Every violation on the page of the rules ``tags`` select (the WCAG ones unless told; :data:`EVERY_RULE`
    adds the best practices), of any impact (minor and moderate too), one readable line each. Only the
    violations come back (``resultTypes``); axe is injected unless the page has it already (:func:`axe_everywhere`)."""
    import json

    from axe_playwright_python.sync_playwright import Axe

    settle(page)
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.evaluate(Axe().axe_script)
    options = {"runOnly": {"type": "tag", "values": tags}, "resultTypes": ["violations"]}
    violations = page.evaluate(f"axe.run(document, {json.dumps(options)}).then(r => r.violations)")
    out = []
    for v in violations:
        targets = [" ".join(map(str, n.get("target", []))) for n in v.get("nodes", [])][:5]
        out.append(f"{page.url}: {v['id']} ({v.get('impact')}): {v['help']} → {targets}")
    return out


def axe_everywhere(context: Any) -> None:
    """axe-core in every page the context opens, before the page's own scripts (not sent again for each scan)."""
    from axe_playwright_python.sync_playwright import Axe

    context.add_init_script(script=Axe().axe_script)
