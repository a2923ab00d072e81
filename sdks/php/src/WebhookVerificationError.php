<?php
namespace Slotwise;

final class WebhookVerificationError extends \RuntimeException
{
}
