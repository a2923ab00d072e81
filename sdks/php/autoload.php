<?php
// Without Composer: Guzzle from Debian's php-guzzlehttp-guzzle (on the include path), the SDK by PSR-4 from here.
// With Composer, composer.json's autoload section does the same and this file is not needed.
if (!class_exists(\GuzzleHttp\Client::class)) {
    require_once 'GuzzleHttp/autoload.php';
}
spl_autoload_register(static function (string $class): void {
    foreach (['Slotwise\\OpenApi\\' => __DIR__ . '/generated/', 'Slotwise\\' => __DIR__ . '/src/'] as $prefix => $dir) {
        if (str_starts_with($class, $prefix)) {
            $file = $dir . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
            if (is_file($file)) {
                require $file;
            }
            return;
        }
    }
});
