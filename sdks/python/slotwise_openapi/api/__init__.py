# flake8: noqa

# import apis into api package
from slotwise_openapi.api.appointments_api import AppointmentsApi
from slotwise_openapi.api.campaigns_api import CampaignsApi
from slotwise_openapi.api.customers_api import CustomersApi
from slotwise_openapi.api.inventory_api import InventoryApi
from slotwise_openapi.api.notifications_api import NotificationsApi
from slotwise_openapi.api.o_auth_api import OAuthApi
from slotwise_openapi.api.payments_api import PaymentsApi
from slotwise_openapi.api.reviews_api import ReviewsApi
from slotwise_openapi.api.services_api import ServicesApi
from slotwise_openapi.api.settings_api import SettingsApi
from slotwise_openapi.api.staff_api import StaffApi
from slotwise_openapi.api.transactions_api import TransactionsApi
from slotwise_openapi.api.webhooks_api import WebhooksApi

