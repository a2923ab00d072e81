"""The generated ApiClient with Slotwise's rules around every request."""
import random
import time
import uuid
from dataclasses import dataclass
from typing import Optional

from slotwise_openapi.api_client import ApiClient

from .errors import SlotwiseError, retry_after_seconds


@dataclass(frozen=True)
class RetryPolicy:
    max_retries: int = 3
    """Retries after the first attempt."""
    max_retry_after: float = 60.0
    """A 429 asking to wait longer than this many seconds is raised at once, not waited for."""
    base_delay: float = 0.5
    """First backoff for a 503 or a 429 without Retry-After, doubled per retry."""

    def delay(self, status: int, headers, attempt: int) -> Optional[float]:
        if status not in (429, 503) or attempt >= self.max_retries:
            return None
        retry_after = retry_after_seconds(headers)
        if retry_after is not None:
            return None if retry_after > self.max_retry_after else float(retry_after)
        backoff = self.base_delay * 2 ** attempt
        return backoff + random.uniform(0, backoff * 0.25)


class SlotwiseApiClient(ApiClient):
    """A POST gets an Idempotency-Key unless it has one (so a retry never creates twice); 429 (after Retry-After) and
    503 (after an exponential backoff with jitter) are retried with the same key; what is still not 2xx is raised as
    SlotwiseError."""

    def __init__(self, configuration, policy: RetryPolicy):
        super().__init__(configuration)
        self.policy = policy

    def call_api(self, method, url, header_params=None, body=None, post_params=None, _request_timeout=None):
        headers = dict(header_params or {})
        if method == "POST" and not any(name.lower() == "idempotency-key" for name in headers):
            headers["Idempotency-Key"] = str(uuid.uuid4())
        attempt = 0
        while True:
            response = self.rest_client.request(method, url, headers=headers, body=body, post_params=post_params,
                                                _request_timeout=_request_timeout)
            if 200 <= response.status < 300:
                return response
            response.read()
            delay = self.policy.delay(response.status, response.headers, attempt)
            if delay is None:
                raise SlotwiseError.from_body(response.status, response.data, response.headers)
            time.sleep(delay)
            attempt += 1
