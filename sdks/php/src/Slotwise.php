<?php
namespace Slotwise;

use GuzzleHttp\Client;
use Slotwise\OpenApi\Configuration;

/**
 * The entry point: one property per tag of the API description ($slotwise->customers, ->appointments, ->webhooks, …),
 * each the generated API class, authenticated and sending through Transport; list() pages through any list operation.
 */
final class Slotwise
{
    public readonly Configuration $config;
    private readonly Client $client;
    /** @var array<string, object> */
    private array $apis = [];

    public function __construct(string $apiKey, string $baseUrl = 'http://localhost:8080', int $maxRetries = 3,
                                int $maxRetryAfterSeconds = 60, int $baseDelayMs = 500)
    {
        $this->config = (new Configuration())->setHost(rtrim($baseUrl, '/'))->setAccessToken($apiKey)
            ->setUserAgent('slotwise-php/' . Version::VERSION);
        $this->client = Transport::client($maxRetries, $maxRetryAfterSeconds, $baseDelayMs);
    }

    public function __get(string $name): object
    {
        $class = 'Slotwise\\OpenApi\\Api\\' . ucfirst($name) . 'Api';
        if (!class_exists($class)) {
            throw new \InvalidArgumentException("no API named $name");
        }
        return $this->apis[$name] ??= new $class($this->client, $this->config);
    }

    /**
     * Every item of a list, page after page: $fetch(?string $cursor) returns one page (with getData() and
     * getNextCursor()), e.g. fn ($cursor) => $slotwise->customers->listCustomers(50, $cursor).
     */
    public function list(callable $fetch): \Generator
    {
        $cursor = null;
        do {
            $page = $fetch($cursor);
            foreach ($page->getData() as $item) {
                yield $item;
            }
            $cursor = $page->getNextCursor();
        } while ($cursor !== null && $cursor !== '');
    }
}
