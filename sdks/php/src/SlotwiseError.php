<?php
namespace Slotwise;

use Psr\Http\Message\ResponseInterface;

/** An answer that is not 2xx, as the RFC 9457 problem it carries (CONTRACT §3). */
final class SlotwiseError extends \RuntimeException
{
    /** @param list<array{field: string, message: string}> $errors */
    public function __construct(
        public readonly int $status,
        public readonly string $problemCode,
        public readonly ?string $title,
        public readonly ?string $detail,
        public readonly array $errors,
        public readonly ?string $requestId,
        public readonly ?int $retryAfter,
    ) {
        parent::__construct("$status $problemCode: " . ($detail ?? $title ?? ''), $status);
    }

    public static function fromResponse(ResponseInterface $response): self
    {
        $problem = json_decode((string) $response->getBody(), true);
        $problem = is_array($problem) ? $problem : [];
        return new self(
            $response->getStatusCode(),
            is_string($problem['code'] ?? null) ? $problem['code'] : 'unknown',
            $problem['title'] ?? null,
            $problem['detail'] ?? null,
            is_array($problem['errors'] ?? null) ? $problem['errors'] : [],
            $problem['requestId'] ?? ($response->getHeaderLine('X-Request-Id') ?: null),
            self::retryAfterSeconds($response),
        );
    }

    public static function retryAfterSeconds(ResponseInterface $response): ?int
    {
        $value = trim($response->getHeaderLine('Retry-After'));
        return ctype_digit($value) ? (int) $value : null;
    }
}
