<?php
// A gateway stand-in for the retry test, run by `php -S`: 503, then 429 with Retry-After: 1, then 201; each request's
// (then 429 with Retry-After: 3600); each request's Idempotency-Key, Authorization and arrival time are appended to the file in SLOTWISE_STUB_LOG.
$log = getenv('SLOTWISE_STUB_LOG');
file_put_contents($log, json_encode([$_SERVER['HTTP_IDEMPOTENCY_KEY'] ?? null, $_SERVER['HTTP_AUTHORIZATION'] ?? null,
    microtime(true)]) . "\n", FILE_APPEND | LOCK_EX);
$seen = count(file($log));
header('Content-Type: application/json');
if ($seen === 1) {
    http_response_code(503);
    echo '{"code":"upstream_unavailable"}';
} elseif ($seen === 2 || $seen === 4) { // the 4th: a wait longer than the SDK waits for
    http_response_code(429);
    header('Retry-After: ' . ($seen === 2 ? '1' : '3600'));
    echo '{"code":"rate_limited"}';
} else {
    http_response_code(201);
    echo json_encode(['id' => 'cus_0000000000000000000000000r', 'firstName' => 'Retry', 'lastName' => null, 'email' => null, 'phone' => null,
        'notes' => null, 'marketingConsent' => false, 'notificationsOptOut' => false, 'metadata' => new stdClass(),
        'createdAt' => '2026-11-26T00:00:00Z', 'updatedAt' => '2026-11-26T00:00:00Z']);
}
