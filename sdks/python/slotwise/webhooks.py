"""Verifying a webhook delivery (CONTRACT §8) by either signature scheme. Python has no Standard Webhooks package
installable here, so the scheme is implemented from its specification with the standard library."""
import base64
import hashlib
import hmac
import json
import time
from typing import Any, Dict, Mapping, Optional, Union

from .errors import header as _header

DEFAULT_TOLERANCE_SECONDS = 300


class WebhookVerificationError(Exception):
    pass


def _bytes(payload: Union[bytes, str]) -> bytes:
    return payload.encode("utf-8") if isinstance(payload, str) else payload


def verify_webhook(payload: Union[bytes, str], headers: Mapping[str, str], secret: str,
                   tolerance: int = DEFAULT_TOLERANCE_SECONDS, now: Optional[float] = None) -> Dict[str, Any]:
    """Verifies the Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature): a ``v1`` signature by
    the endpoint's secret (either one during a rotation) over ``id.timestamp.body``, and a timestamp within
    ``tolerance`` seconds of now, which refuses a replayed request. Returns the event."""
    msg_id = _header(headers, "webhook-id")
    timestamp = _header(headers, "webhook-timestamp")
    signatures = _header(headers, "webhook-signature")
    if not msg_id or not timestamp or not signatures:
        raise WebhookVerificationError("missing webhook-id, webhook-timestamp or webhook-signature")
    try:
        sent_at = int(timestamp)
    except ValueError:
        raise WebhookVerificationError("webhook-timestamp is not a number") from None
    current = time.time() if now is None else now
    if abs(current - sent_at) > tolerance:
        raise WebhookVerificationError("webhook-timestamp is outside the tolerance")
    key = base64.b64decode(secret[len("whsec_"):] if secret.startswith("whsec_") else secret)
    body = _bytes(payload)
    expected = base64.b64encode(hmac.new(key, f"{msg_id}.{sent_at}.".encode() + body, hashlib.sha256).digest())
    for candidate in signatures.split(" "):
        version, _, signature = candidate.partition(",")
        if version == "v1" and hmac.compare_digest(signature.encode(), expected):
            return json.loads(body)
    raise WebhookVerificationError("no webhook-signature matches the body")


def verify_slotwise_signature(payload: Union[bytes, str], signature_header: Optional[str], secret: str) -> Dict[str, Any]:
    """Verifies X-Slotwise-Signature (``sha256=<hex HMAC-SHA256 of the raw body, key = the secret's UTF-8 bytes>``).
    It has no timestamp, so it cannot refuse a replayed request: prefer verify_webhook. Returns the event."""
    body = _bytes(payload)
    expected = "sha256=" + hmac.new(secret.encode("utf-8"), body, hashlib.sha256).hexdigest()
    if not hmac.compare_digest((signature_header or "").encode(), expected.encode()):
        raise WebhookVerificationError("X-Slotwise-Signature does not match the body")
    return json.loads(body)
