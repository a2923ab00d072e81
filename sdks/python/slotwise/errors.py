"""Answers that are not 2xx, as the RFC 9457 problems they carry (CONTRACT §3)."""
import json
from typing import Any, List, Mapping, Optional


class SlotwiseError(Exception):
    """A refused request: ``status``, the stable ``code``, ``detail``, the field ``errors`` and the ``request_id``."""

    def __init__(self, status: int, problem: Mapping[str, Any], headers: Mapping[str, str]):
        self.status = status
        self.code: str = problem.get("code") if isinstance(problem.get("code"), str) else "unknown"
        self.title: Optional[str] = problem.get("title")
        self.detail: Optional[str] = problem.get("detail")
        self.errors: List[Mapping[str, str]] = list(problem.get("errors") or [])
        self.request_id: Optional[str] = problem.get("requestId") or header(headers, "X-Request-Id")
        self.retry_after: Optional[int] = retry_after_seconds(headers)
        super().__init__(f"{status} {self.code}: {self.detail or self.title or ''}")

    @classmethod
    def from_body(cls, status: int, body: Optional[bytes], headers: Mapping[str, str]) -> "SlotwiseError":
        try:
            problem = json.loads(body or b"{}")
        except ValueError:  # not JSON (a proxy's error page): the status alone
            problem = {}
        return cls(status, problem if isinstance(problem, dict) else {}, headers)


def header(headers: Mapping[str, str], name: str) -> Optional[str]:
    """A header's value by its name in any case."""
    for key, value in headers.items():
        if key.lower() == name.lower():
            return value
    return None


def retry_after_seconds(headers: Mapping[str, str]) -> Optional[int]:
    value = (header(headers, "Retry-After") or "").strip()
    return int(value) if value.isdigit() else None
