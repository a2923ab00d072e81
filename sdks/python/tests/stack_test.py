"""The Python SDK against the real stack (run by platform/local-stack's SdkIT with SLOTWISE_BASE_URL, SLOTWISE_API_KEY
of a fresh tenant and SLOTWISE_RECEIVER_URL, a webhook receiver that can be read back)."""
import base64
import hashlib
import hmac
import json
import os
import sys
import threading
import time
import urllib.request
from datetime import datetime, timedelta, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from slotwise import Slotwise, SlotwiseError, WebhookVerificationError, verify_slotwise_signature, verify_webhook  # noqa: E402
from slotwise_openapi.models import (NewAppointment, CustomerInput, Money, ServiceInput, StaffInput,  # noqa: E402
                                     WebhookEndpointInput)

BASE_URL = os.environ["SLOTWISE_BASE_URL"]
RECEIVER = os.environ["SLOTWISE_RECEIVER_URL"]
slotwise = Slotwise(os.environ["SLOTWISE_API_KEY"], base_url=BASE_URL)


def raises(code, call):
    try:
        call()
    except SlotwiseError as e:
        assert e.code == code, f"expected {code}, got {e.code}"
        return e
    raise AssertionError(f"expected SlotwiseError {code}")


def customers_and_pages():
    created = [slotwise.customers.create_customer(CustomerInput(first_name=f"Page{i}")).id for i in range(5)]
    assert all(c.startswith("cus_") for c in created)
    listed = [c.id for c in slotwise.list(slotwise.customers.list_customers, limit=2)]  # three pages
    assert listed == list(reversed(created)), f"newest first across pages: {listed} vs {created}"
    return len(listed)


def a_conflict_is_a_typed_error():
    customer = slotwise.customers.create_customer(CustomerInput(first_name="Booker")).id
    service = slotwise.services.create_service(ServiceInput(name="Cut", duration_minutes=30,
                                                            price=Money(amount=3000, currency="EUR"))).id
    staff = slotwise.staff.create_staff_member(StaffInput(name="Ida")).id
    starts = (datetime.now(timezone.utc) + timedelta(days=2)).replace(hour=10, minute=0, second=0, microsecond=0)
    booking = NewAppointment(customer_id=customer, service_id=service, staff_id=staff, starts_at=starts)
    first = slotwise.appointments.create_appointment(booking)
    assert first.status == "booked" and first.id.startswith("appt_")
    e = raises("appointment_conflict", lambda: slotwise.appointments.create_appointment(booking))
    assert e.status == 409 and e.detail and e.request_id, vars(e)
    e = raises("validation_failed", lambda: slotwise.customers.create_customer(CustomerInput(first_name="X", email="no")))
    assert e.status == 422 and any(err["field"] == "email" for err in e.errors), e.errors


def an_idempotent_retry_creates_once(customers_before):
    key = "py-" + os.urandom(8).hex()
    first = slotwise.customers.create_customer(CustomerInput(first_name="Once"), idempotency_key=key)
    again = slotwise.customers.create_customer(CustomerInput(first_name="Once"), idempotency_key=key)
    assert first.id == again.id
    raises("idempotency_key_reused",
           lambda: slotwise.customers.create_customer(CustomerInput(first_name="Other"), idempotency_key=key))
    count = sum(1 for _ in slotwise.list(slotwise.customers.list_customers, limit=100))
    assert count == customers_before + 2, count  # the booker and this one


def retries_keep_the_key():
    """503, then 429 with Retry-After: 1, then 201: one call, three requests with one Idempotency-Key."""
    seen = []
    answers = [(503, {}), (429, {"Retry-After": "1"})]

    class Stub(BaseHTTPRequestHandler):
        def do_POST(self):
            self.rfile.read(int(self.headers["Content-Length"]))
            seen.append((self.headers["Idempotency-Key"], self.headers["Authorization"], time.monotonic()))
            status, headers = answers.pop(0) if answers else (201, {})
            codes = {503: "upstream_unavailable", 429: "rate_limited"}
            body = json.dumps({"code": codes[status]} if status != 201 else customer_json()).encode()
            self.send_response(status)
            for name, value in headers.items():
                self.send_header(name, value)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Stub)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        stubbed = Slotwise("swk_stub", base_url=f"http://127.0.0.1:{server.server_address[1]}", base_delay=0.05)
        assert stubbed.customers.create_customer(CustomerInput(first_name="Retry")).id == "cus_0000000000000000000000000r"
        # a wait longer than max_retry_after (an hourly quota spent) is raised at once, not slept through
        answers.append((429, {"Retry-After": "3600"}))
        e = raises("rate_limited", lambda: stubbed.customers.create_customer(CustomerInput(first_name="Later")))
        assert e.status == 429 and e.retry_after == 3600 and len(seen) == 4, (vars(e), seen)
    finally:
        server.shutdown()
    assert len({key for key, _, _ in seen[:3]}) == 1 and seen[0][0] and seen[3][0] != seen[0][0], seen
    assert all(auth == "Bearer swk_stub" for _, auth, _ in seen)
    assert seen[2][2] - seen[1][2] >= 0.95, "Retry-After honoured"


def customer_json():
    return {"id": "cus_0000000000000000000000000r", "firstName": "Retry", "lastName": None, "email": None, "phone": None, "notes": None,
            "marketingConsent": False, "notificationsOptOut": False, "metadata": {}, "createdAt": "2026-11-26T00:00:00Z", "updatedAt": "2026-11-26T00:00:00Z"}


def a_delivered_webhook_verifies():
    endpoint = slotwise.webhooks.create_webhook_endpoint(WebhookEndpointInput(url=f"{RECEIVER}/hooks/python",
                                                                              events=["customer.created"]))
    customer = slotwise.customers.create_customer(CustomerInput(first_name="Hooked")).id
    hook = await_hook("python", customer)
    body, headers, secret = hook["body"], hook["headers"], endpoint.secret
    event = verify_webhook(body, headers, secret)
    assert event["type"] == "customer.created" and event["data"]["id"] == customer, event
    assert verify_slotwise_signature(body, headers["x-slotwise-signature"], secret)["id"] == event["id"]
    tampered = body.replace("Hooked", "Hacked")
    for check in (lambda: verify_webhook(tampered, headers, secret),
                  lambda: verify_slotwise_signature(tampered, headers["x-slotwise-signature"], secret),
                  lambda: verify_webhook(body, headers, "whsec_" + base64.b64encode(b"x" * 32).decode())):
        refused(check)
    # a correctly signed request from ten minutes ago is a replay: refused by the tolerance, accepted with a larger one
    old = int(time.time()) - 600
    key = base64.b64decode(secret[len("whsec_"):])
    signed = base64.b64encode(hmac.new(key, f"{headers['webhook-id']}.{old}.{body}".encode(), hashlib.sha256).digest())
    replayed = dict(headers, **{"webhook-timestamp": str(old), "webhook-signature": "v1," + signed.decode()})
    refused(lambda: verify_webhook(body, replayed, secret))
    assert verify_webhook(body, replayed, secret, tolerance=900)["id"] == event["id"]


def refused(check):
    try:
        check()
    except WebhookVerificationError:
        return
    raise AssertionError("verification should have failed")


def await_hook(name, needle):
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        with urllib.request.urlopen(f"{RECEIVER}/received/{name}") as answer:
            for hook in json.load(answer):
                if needle in hook["body"]:
                    return hook
        time.sleep(0.2)
    raise AssertionError(f"no webhook with {needle} within 60 s")


if __name__ == "__main__":
    count = customers_and_pages()
    a_conflict_is_a_typed_error()
    an_idempotent_retry_creates_once(count)
    retries_keep_the_key()
    a_delivered_webhook_verifies()
    print("python SDK: all stack tests passed")
