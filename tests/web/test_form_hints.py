"""Every text a rulebook's form hint can show is marked for the catalogue and has its English
(issue 13, item 2: the hints moved from the web forms into the rulebooks, which import no Django)."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

from ventila.rules import RULEBOOKS, legal_calendar
from ventila.rules.engine import FormContext
from ventila.web.form_hints_i18n import TEXTS

ROOT = Path(__file__).resolve().parents[2]


def _hint_texts() -> set[str]:
    texts: set[str] = set()
    day = dt.date(2027, 3, 1)
    for rb in RULEBOOKS.values():
        settings = rb.resolve_settings({})
        for kind in rb.kinds.values():
            roles = kind.respondent_roles or rb.register_roles or ("",)
            for spec in kind.events.values():
                for d in spec.details.values():
                    texts |= {d.label, d.help, d.required_message}
                if spec.hints is None:
                    continue
                for role in roles:
                    for docket in ((), (spec.type,)):
                        for filing in (False, True):
                            ctx = FormContext(
                                role,
                                day,
                                kind.id,
                                docket,
                                lambda s=settings: (legal_calendar(), s),
                                filing,
                            )
                            for h in spec.hints(ctx).values():
                                texts |= {h.label or "", h.help or "", h.required_message}
                                texts |= {
                                    v
                                    for v in h.params.values()
                                    if v
                                    and not v[0].isdigit()
                                    and "de 20" not in v
                                    and not v[:3].isupper()
                                }
    return texts - {""}


def test_every_form_hint_text_is_marked_for_the_catalogue_and_translated() -> None:
    english = json.loads((ROOT / "locale" / "en_translations.json").read_text(encoding="utf-8"))
    texts = _hint_texts()
    assert "Relación de hechos y determinaciones" in texts  # the walk reaches the hints
    assert texts <= set(TEXTS), sorted(texts - set(TEXTS))
    assert not [t for t in TEXTS if t not in english]
