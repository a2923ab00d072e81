"""Slotwise API client."""
from ._version import __version__
from .client import Slotwise
from .errors import SlotwiseError
from .transport import RetryPolicy
from .webhooks import WebhookVerificationError, verify_slotwise_signature, verify_webhook

__all__ = ["Slotwise", "SlotwiseError", "RetryPolicy", "WebhookVerificationError", "verify_webhook",
           "verify_slotwise_signature", "__version__"]
