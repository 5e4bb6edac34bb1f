<?php
// The Slim 3 application (Debian's php-slim), run by PHP-FPM behind Apache httpd:
//
//   GET  /v1/ping    -> {}
//   POST /v1/select  {"values": [..], "k": 3, "seed": 0} -> {"values": [..], "positions": [..]}
//   POST /v1/echo    {"int64s"|"doubles"|"strings"|"records": [..], "echo": false} -> {"count": N[, ..]}
//   GET  /v1/info    -> {"implementation", "language", "runtime", "version", "protocol", "pid"}
//   GET  /json       -> {"Ola": "Mundo!"}
//
// Every answer, errors included, carries Server-Timing: app;dur=<ms> from the moment the whole
// body is in memory to the moment the answer's object is ready. Malformed input is 400, a body
// above the limit (BANCADA_MAX_MESSAGE_BYTES) 413, an unknown route 404 and a wrong method 405,
// all as {"error": "..."}. The supervisor (bin/worker.php) sets the BANCADA_* variables.

declare(strict_types=1);

require_once 'Slim/autoload.php';
require_once __DIR__ . '/../src/Contract.php';

use Bancada\Contract;
use Bancada\InvalidArgument;
use Psr\Http\Message\ResponseInterface as Response;
use Psr\Http\Message\ServerRequestInterface as Request;

const JSON_FLAGS = JSON_PRESERVE_ZERO_FRACTION | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE;
ini_set('serialize_precision', '-1');

function answer(Response $response, int $status, int $startNs, $obj): Response
{
    $timing = sprintf('app;dur=%.6f', (hrtime(true) - $startNs) / 1e6);
    $response->getBody()->write(json_encode($obj, JSON_FLAGS));
    return $response->withStatus($status)->withHeader('Content-Type', 'application/json')
        ->withHeader('Server-Timing', $timing);
}

function pause(): void
{
    $delayUs = (int) (getenv('BANCADA_DELAY_US') ?: 0);
    if ($delayUs > 0) {
        usleep($delayUs);
    }
}

function withBody(Request $request, Response $response, callable $handle): Response
{
    $limit = (int) (getenv('BANCADA_MAX_MESSAGE_BYTES') ?: 128 << 20);
    $stream = $request->getBody();
    $size = $stream->getSize();
    $body = $size !== null && $size > $limit ? null : (string) $stream;
    $startNs = hrtime(true);
    if ($body === null) {
        return answer($response, 413, $startNs, ['error' => "request body above the limit of $limit bytes"]);
    }
    try {
        return answer($response, 200, $startNs, $handle($body));
    } catch (InvalidArgument $e) {
        return answer($response, 400, $startNs, ['error' => $e->getMessage()]);
    }
}

$container = new \Slim\Container(['settings' => ['displayErrorDetails' => false, 'addContentLengthHeader' => true]]);
$container['notFoundHandler'] = fn () => fn (Request $req, Response $res) => answer(
    $res, 404, hrtime(true), ['error' => 'no route ' . $req->getUri()->getPath()]);
$container['notAllowedHandler'] = fn () => fn (Request $req, Response $res, array $methods) => answer(
    $res->withHeader('Allow', implode(', ', $methods)), 405, hrtime(true),
    ['error' => 'method ' . $req->getMethod() . ' not allowed on ' . $req->getUri()->getPath()]);
$failure = fn () => fn (Request $req, Response $res, \Throwable $e) => answer(
    $res, 500, hrtime(true), ['error' => $e->getMessage()]);
$container['errorHandler'] = $failure;
$container['phpErrorHandler'] = $failure;

$app = new \Slim\App($container);
$app->get('/v1/ping', function (Request $req, Response $res) {
    $startNs = hrtime(true);
    pause();
    return answer($res, 200, $startNs, new stdClass());
});
$app->get('/v1/info', fn (Request $req, Response $res) => answer($res, 200, hrtime(true), [
    'implementation' => Contract::NAME . '-rest', 'language' => Contract::LANGUAGE,
    'runtime' => 'PHP ' . PHP_VERSION . ' (' . PHP_SAPI . '), Slim ' . \Slim\App::VERSION . ', ' . ($_SERVER['SERVER_SOFTWARE'] ?? 'Apache httpd'),
    'version' => Contract::VERSION, 'protocol' => 'rest', 'pid' => (int) getenv('BANCADA_WORKER_PID'),
]));
$app->get('/json', fn (Request $req, Response $res) => answer($res, 200, hrtime(true), ['Ola' => 'Mundo!']));
$app->post('/v1/select', fn (Request $req, Response $res) => withBody($req, $res, function (string $body) {
    $out = Contract::select($body);
    pause();
    return $out;
}));
$app->post('/v1/echo', fn (Request $req, Response $res) => withBody($req, $res, function (string $body) {
    $out = Contract::echo($body);
    pause();
    return $out;
}));
$app->run();
