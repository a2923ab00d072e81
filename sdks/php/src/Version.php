<?php
namespace Slotwise;

final class Version
{
    public const VERSION = '1.0.0';
}
