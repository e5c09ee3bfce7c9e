"""The URL converter for a case number (``<case_number:number>``).

A case number is at most 30 characters (``Case.number``) and never holds a slash or a control
character; a path whose "number" does not fit is not a case page (404 from the resolver), so no
view, no lookup and no access-log entry ever receives a NUL byte, which PostgreSQL refuses in text.
"""

from __future__ import annotations


class CaseNumberConverter:
    regex = r"[^/\x00-\x1f\x7f]{1,30}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return str(value)
