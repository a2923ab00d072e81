import os
from slotwise import Slotwise, SlotwiseError
from slotwise_openapi.models import CustomerInput

slotwise = Slotwise(os.environ["SLOTWISE_API_KEY"], base_url=os.environ.get("SLOTWISE_BASE_URL", "http://localhost:8080"))
ada = slotwise.customers.create_customer(CustomerInput(first_name="Ada", email="ada@example.com"))
print("created", ada.id)
for customer in slotwise.list(slotwise.customers.list_customers, limit=50):  # every page, newest first
    print(customer.id, customer.first_name)
try:
    slotwise.customers.create_customer(CustomerInput(first_name="Ada", email="ada@example.com"))
except SlotwiseError as e:
    print(e.status, e.code, e.detail, e.request_id)  # 409 customer_email_taken …
