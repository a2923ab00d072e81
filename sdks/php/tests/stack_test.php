<?php
// The PHP SDK against the real stack (run by platform/local-stack's SdkIT with SLOTWISE_BASE_URL, SLOTWISE_API_KEY of a
// fresh tenant and SLOTWISE_RECEIVER_URL, a webhook receiver that can be read back).
require __DIR__ . '/../autoload.php';

use Slotwise\OpenApi\Model\CustomerInput;
use Slotwise\OpenApi\Model\Money;
use Slotwise\OpenApi\Model\NewAppointment;
use Slotwise\OpenApi\Model\ServiceInput;
use Slotwise\OpenApi\Model\StaffInput;
use Slotwise\OpenApi\Model\WebhookEndpointInput;
use Slotwise\Slotwise;
use Slotwise\SlotwiseError;
use Slotwise\Webhooks;
use Slotwise\WebhookVerificationError;

$receiver = getenv('SLOTWISE_RECEIVER_URL');
$slotwise = new Slotwise(getenv('SLOTWISE_API_KEY'), getenv('SLOTWISE_BASE_URL'));

function check(bool $condition, string $what): void
{
    if (!$condition) {
        throw new RuntimeException("failed: $what");
    }
}

function raises(string $code, callable $call): SlotwiseError
{
    try {
        $call();
    } catch (SlotwiseError $e) {
        check($e->problemCode === $code, "expected $code, got {$e->problemCode}");
        return $e;
    }
    throw new RuntimeException("expected SlotwiseError $code");
}

function refused(callable $check): void
{
    try {
        $check();
    } catch (WebhookVerificationError) {
        return;
    }
    throw new RuntimeException('verification should have failed');
}

function allCustomers(Slotwise $slotwise): array
{
    $ids = [];
    foreach ($slotwise->list(fn ($cursor) => $slotwise->customers->listCustomers(2, $cursor)) as $customer) {
        $ids[] = $customer->getId();
    }
    return $ids;
}

// customers, and pages of them
$created = [];
for ($i = 0; $i < 5; $i++) {
    $created[] = $slotwise->customers->createCustomer(new CustomerInput(['firstName' => "Page$i"]))->getId();
}
check(count(array_filter($created, fn ($id) => str_starts_with($id, 'cus_'))) === 5, 'customer ids');
$listed = allCustomers($slotwise); // three pages
check($listed === array_reverse($created), 'newest first across pages: ' . json_encode($listed));

// a conflict is a typed error
$customer = $slotwise->customers->createCustomer(new CustomerInput(['firstName' => 'Booker']))->getId();
$service = $slotwise->services->createService(new ServiceInput(['name' => 'Cut', 'durationMinutes' => 30,
    'price' => new Money(['amount' => 3000, 'currency' => 'EUR'])]))->getId();
$staff = $slotwise->staff->createStaffMember(new StaffInput(['name' => 'Ida']))->getId();
$startsAt = (new DateTime('+2 days', new DateTimeZone('UTC')))->setTime(10, 0); // the generated serializer takes \DateTime
$booking = new NewAppointment(['customerId' => $customer, 'serviceId' => $service, 'staffId' => $staff, 'startsAt' => $startsAt]);
check($slotwise->appointments->createAppointment($booking)->getStatus() === 'booked', 'booked');
$conflict = raises('appointment_conflict', fn () => $slotwise->appointments->createAppointment($booking));
check($conflict->status === 409 && $conflict->detail && $conflict->requestId, 'conflict ' . $conflict->getMessage());
$invalid = raises('validation_failed', fn () => $slotwise->customers->createCustomer(new CustomerInput(['firstName' => 'X', 'email' => 'no'])));
check($invalid->status === 422 && in_array('email', array_column($invalid->errors, 'field'), true), json_encode($invalid->errors));

// an idempotent retry creates once
$key = 'php-' . bin2hex(random_bytes(8));
$first = $slotwise->customers->createCustomer(new CustomerInput(['firstName' => 'Once']), $key)->getId();
check($slotwise->customers->createCustomer(new CustomerInput(['firstName' => 'Once']), $key)->getId() === $first, 'replayed');
raises('idempotency_key_reused', fn () => $slotwise->customers->createCustomer(new CustomerInput(['firstName' => 'Other']), $key));
check(count(allCustomers($slotwise)) === count($listed) + 2, 'the booker and one more'); // the booker and this one

// 503, then 429 with Retry-After: 1, then 201: one call, three requests with one Idempotency-Key
$socket = stream_socket_server('tcp://127.0.0.1:0');
$port = (int) substr(strrchr(stream_socket_get_name($socket, false), ':'), 1);
fclose($socket);
$stubLog = tempnam(sys_get_temp_dir(), 'slotwise-stub');
file_put_contents($stubLog, '');
$stub = proc_open([PHP_BINARY, '-S', "127.0.0.1:$port", __DIR__ . '/retry_stub.php'], [1 => ['file', '/dev/null', 'w'],
    2 => ['file', '/dev/null', 'w']], $pipes, null, ['SLOTWISE_STUB_LOG' => $stubLog]);
try {
    for ($tries = 0; @fsockopen('127.0.0.1', $port) === false && $tries < 100; $tries++) {
        usleep(50_000);
    }
    $stubbed = new Slotwise('swk_stub', "http://127.0.0.1:$port", baseDelayMs: 50);
    check($stubbed->customers->createCustomer(new CustomerInput(['firstName' => 'Retry']))->getId() === 'cus_0000000000000000000000000r', 'retried');
    // a wait longer than maxRetryAfterSeconds (an hourly quota spent) is thrown at once, not slept through
    $later = raises('rate_limited', fn () => $stubbed->customers->createCustomer(new CustomerInput(['firstName' => 'Later'])));
    check($later->status === 429 && $later->retryAfter === 3600, 'raised at once');
} finally {
    proc_terminate($stub);
    proc_close($stub);
}
$seen = array_map(fn ($line) => json_decode($line, true), file($stubLog, FILE_IGNORE_NEW_LINES));
check(count($seen) === 4 && count(array_unique(array_column(array_slice($seen, 0, 3), 0))) === 1 && $seen[0][0]
    && $seen[3][0] !== $seen[0][0], 'one key per call: ' . json_encode($seen));
check(array_values(array_unique(array_column($seen, 1))) === ['Bearer swk_stub'], 'bearer token');
check($seen[2][2] - $seen[1][2] >= 0.95, 'Retry-After honoured');

// a delivered webhook verifies
$endpoint = $slotwise->webhooks->createWebhookEndpoint(new WebhookEndpointInput(['url' => "$receiver/hooks/php",
    'events' => ['customer.created']]));
$hooked = $slotwise->customers->createCustomer(new CustomerInput(['firstName' => 'Hooked']))->getId();
$hook = null;
for ($deadline = time() + 60; $hook === null && time() < $deadline; usleep(200_000)) {
    foreach (json_decode(file_get_contents("$receiver/received/php"), true) as $candidate) {
        if (str_contains($candidate['body'], $hooked)) {
            $hook = $candidate;
        }
    }
}
check($hook !== null, "a webhook with $hooked within 60 s");
[$body, $headers, $secret] = [$hook['body'], $hook['headers'], $endpoint->getSecret()];
$event = Webhooks::verify($body, $headers, $secret);
check($event['type'] === 'customer.created' && $event['data']['id'] === $hooked, 'the event');
check(Webhooks::verifySlotwiseSignature($body, $headers['x-slotwise-signature'], $secret)['id'] === $event['id'], 'X-Slotwise-Signature');
$tampered = str_replace('Hooked', 'Hacked', $body);
refused(fn () => Webhooks::verify($tampered, $headers, $secret));
refused(fn () => Webhooks::verifySlotwiseSignature($tampered, $headers['x-slotwise-signature'], $secret));
refused(fn () => Webhooks::verify($body, $headers, 'whsec_' . base64_encode(str_repeat('x', 32))));
// a correctly signed request from ten minutes ago is a replay: refused by the tolerance, accepted with a larger one
$old = time() - 600;
$signed = base64_encode(hash_hmac('sha256', "{$headers['webhook-id']}.$old.$body", base64_decode(substr($secret, 6)), true));
$replayed = array_merge($headers, ['webhook-timestamp' => (string) $old, 'webhook-signature' => "v1,$signed"]);
refused(fn () => Webhooks::verify($body, $replayed, $secret));
check(Webhooks::verify($body, $replayed, $secret, 900)['id'] === $event['id'], 'a larger tolerance');
echo "php SDK: all stack tests passed\n";
