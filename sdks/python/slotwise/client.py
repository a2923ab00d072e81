"""The entry point: every generated API of the description, authenticated, with Slotwise's rules."""
import re
from typing import Any, Callable, Iterator

import slotwise_openapi.api
from slotwise_openapi.configuration import Configuration

from ._version import __version__
from .transport import RetryPolicy, SlotwiseApiClient


class Slotwise:
    """``Slotwise(api_key)`` has one attribute per tag of the API description (``customers``, ``appointments``,
    ``webhooks``, …), each the generated API class; :meth:`list` pages through any list operation."""

    def __init__(self, api_key: str, base_url: str = "http://localhost:8080", max_retries: int = 3,
                 max_retry_after: float = 60.0, base_delay: float = 0.5):
        configuration = Configuration(host=base_url.rstrip("/"), access_token=api_key)
        self.api_client = SlotwiseApiClient(configuration, RetryPolicy(max_retries, max_retry_after, base_delay))
        self.api_client.user_agent = f"slotwise-python/{__version__}"
        for name in dir(slotwise_openapi.api):
            api = getattr(slotwise_openapi.api, name)
            if name.endswith("Api") and isinstance(api, type):
                setattr(self, re.sub(r"(?<!^)(?=[A-Z])", "_", name[:-3]).lower(), api(self.api_client))

    def list(self, operation: Callable[..., Any], **params: Any) -> Iterator[Any]:
        """Every item of a list operation (``client.list(client.customers.list_customers, limit=50)``), page after
        page, following ``next_cursor``."""
        cursor = None
        while True:
            page = operation(**params, cursor=cursor) if cursor else operation(**params)
            yield from page.data
            cursor = page.next_cursor
            if not cursor:
                return
