<?php
namespace Slotwise;

use GuzzleHttp\Client;
use GuzzleHttp\HandlerStack;
use GuzzleHttp\Middleware;
use GuzzleHttp\Utils;
use Psr\Http\Message\RequestInterface;
use Psr\Http\Message\ResponseInterface;

/**
 * The Guzzle client every generated API sends with: a POST gets an Idempotency-Key unless it has one (so a retry never
 * creates twice), 429 (after Retry-After) and 503 (after an exponential backoff with jitter) are retried with the same
 * key, and an answer that is still not 2xx is thrown as SlotwiseError.
 */
final class Transport
{
    public static function client(int $maxRetries, int $maxRetryAfterSeconds, int $baseDelayMs): Client
    {
        // the first pushed is the outermost: problems see the final answer, the key is set once before the retries,
        // and every retry goes through prepare_body again
        $stack = new HandlerStack(Utils::chooseHandler());
        $stack->push(static fn (callable $next) => static fn (RequestInterface $request, array $options) =>
            $next($request, $options)->then(static function (ResponseInterface $response) {
                if ($response->getStatusCode() >= 300) {
                    throw SlotwiseError::fromResponse($response);
                }
                return $response;
            }), 'problems');
        $stack->push(Middleware::mapRequest(static fn (RequestInterface $request) =>
            $request->getMethod() === 'POST' && !$request->hasHeader('Idempotency-Key')
                ? $request->withHeader('Idempotency-Key', self::uuid4()) : $request), 'idempotency_key');
        $stack->push(Middleware::retry(
            static fn (int $retries, RequestInterface $request, ?ResponseInterface $response = null) =>
                $response !== null && self::delayMs($response, $retries, $maxRetries, $maxRetryAfterSeconds, $baseDelayMs) !== null,
            static fn (int $retries, ?ResponseInterface $response = null) =>
                $response === null ? 0 : self::delayMs($response, $retries - 1, $maxRetries, $maxRetryAfterSeconds, $baseDelayMs) ?? 0,
        ), 'retry');
        $stack->push(Middleware::prepareBody(), 'prepare_body');
        return new Client(['handler' => $stack, 'http_errors' => false]);
    }

    /** Milliseconds to wait before retry number $attempt + 1, or null when the answer is not retried. */
    private static function delayMs(ResponseInterface $response, int $attempt, int $maxRetries, int $maxRetryAfterSeconds,
                                    int $baseDelayMs): ?int
    {
        $status = $response->getStatusCode();
        if (($status !== 429 && $status !== 503) || $attempt >= $maxRetries) {
            return null;
        }
        $retryAfter = SlotwiseError::retryAfterSeconds($response);
        if ($retryAfter !== null) {
            return $retryAfter > $maxRetryAfterSeconds ? null : $retryAfter * 1000;
        }
        $backoff = $baseDelayMs * 2 ** $attempt;
        return $backoff + random_int(0, intdiv($backoff, 4));
    }

    private static function uuid4(): string
    {
        $bytes = random_bytes(16);
        $bytes[6] = chr(ord($bytes[6]) & 0x0f | 0x40);
        $bytes[8] = chr(ord($bytes[8]) & 0x3f | 0x80);
        return vsprintf('%s%s-%s-%s-%s-%s%s%s', str_split(bin2hex($bytes), 4));
    }
}
