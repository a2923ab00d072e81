<?php
require __DIR__ . '/../autoload.php'; // or Composer's vendor/autoload.php
use Slotwise\OpenApi\Model\CustomerInput;

$slotwise = new Slotwise\Slotwise(getenv('SLOTWISE_API_KEY'), getenv('SLOTWISE_BASE_URL') ?: 'http://localhost:8080');
$ada = $slotwise->customers->createCustomer(new CustomerInput(['firstName' => 'Ada', 'email' => 'ada@example.com']));
echo "created {$ada->getId()}\n";
foreach ($slotwise->list(fn ($cursor) => $slotwise->customers->listCustomers(50, $cursor)) as $customer) { // every page
    echo $customer->getId(), ' ', $customer->getFirstName(), "\n";
}
try {
    $slotwise->customers->createCustomer(new CustomerInput(['firstName' => 'Ada', 'email' => 'ada@example.com']));
} catch (Slotwise\SlotwiseError $e) {
    echo "$e->status $e->problemCode $e->detail $e->requestId\n"; // 409 customer_email_taken …
}
