<?php
namespace Slotwise;

/**
 * Verifying a webhook delivery (CONTRACT §8) by either signature scheme. The Standard Webhooks PHP library is not
 * packaged by Debian, so the scheme is implemented from its specification with PHP's own hash functions.
 */
final class Webhooks
{
    public const DEFAULT_TOLERANCE_SECONDS = 300;

    /**
     * Verifies the Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature): a v1 signature by the
     * endpoint's secret (either one during a rotation) over "id.timestamp.body", and a timestamp within $tolerance
     * seconds of now, which refuses a replayed request. Returns the event as an array.
     *
     * @param array<string, string|string[]> $headers
     */
    public static function verify(string $payload, array $headers, string $secret,
                                  int $tolerance = self::DEFAULT_TOLERANCE_SECONDS, ?int $now = null): array
    {
        $id = self::header($headers, 'webhook-id');
        $timestamp = self::header($headers, 'webhook-timestamp');
        $signatures = self::header($headers, 'webhook-signature');
        if ($id === null || $timestamp === null || $signatures === null) {
            throw new WebhookVerificationError('missing webhook-id, webhook-timestamp or webhook-signature');
        }
        if (!ctype_digit($timestamp)) {
            throw new WebhookVerificationError('webhook-timestamp is not a number');
        }
        if (abs(($now ?? time()) - (int) $timestamp) > $tolerance) {
            throw new WebhookVerificationError('webhook-timestamp is outside the tolerance');
        }
        $key = base64_decode(str_starts_with($secret, 'whsec_') ? substr($secret, 6) : $secret, true);
        $expected = base64_encode(hash_hmac('sha256', "$id.$timestamp.$payload", $key, true));
        foreach (explode(' ', $signatures) as $candidate) {
            [$version, $signature] = array_pad(explode(',', $candidate, 2), 2, '');
            if ($version === 'v1' && hash_equals($expected, $signature)) {
                return json_decode($payload, true, 512, JSON_THROW_ON_ERROR);
            }
        }
        throw new WebhookVerificationError('no webhook-signature matches the body');
    }

    /**
     * Verifies X-Slotwise-Signature ("sha256=<hex HMAC-SHA256 of the raw body, key = the secret's UTF-8 bytes>"). It has
     * no timestamp, so it cannot refuse a replayed request: prefer verify(). Returns the event as an array.
     */
    public static function verifySlotwiseSignature(string $payload, ?string $signatureHeader, string $secret): array
    {
        if (!hash_equals('sha256=' . hash_hmac('sha256', $payload, $secret), $signatureHeader ?? '')) {
            throw new WebhookVerificationError('X-Slotwise-Signature does not match the body');
        }
        return json_decode($payload, true, 512, JSON_THROW_ON_ERROR);
    }

    /** @param array<string, string|string[]> $headers */
    private static function header(array $headers, string $name): ?string
    {
        foreach ($headers as $key => $value) {
            if (strtolower($key) === $name) {
                return is_array($value) ? implode(', ', $value) : $value;
            }
        }
        return null;
    }
}
