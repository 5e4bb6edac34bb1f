<?php
// The Bench contract's checks and the Select pick for Bancada's PHP worker.
//
// The pick is the contract's SplitMix64 + partial Fisher-Yates (bench.proto, message
// SelectRequest), so one seed gives one answer in every language. PHP integers are signed
// 64-bit and overflow into floats, so SplitMix64's unsigned wrap-around arithmetic runs on GMP.
// Bodies are decoded with JSON_BIGINT_AS_STRING: an integer beyond int64 arrives as a string of
// digits (accepted only as a seed, up to 2^64-1) and never as a rounded float.

declare(strict_types=1);

namespace Bancada;

final class InvalidArgument extends \InvalidArgumentException
{
}

final class Contract
{
    public const NAME = 'php';
    public const LANGUAGE = 'php';
    public const VERSION = '0.1.0';
    public const DEFAULT_K = 3;
    public const UINT32_MAX = 4294967295;
    public const UINT64_MAX = '18446744073709551615';
    public const ECHO_KINDS = ['int64s', 'doubles', 'strings', 'records'];

    /** The JSON value of $body; InvalidArgument naming $what when it is not JSON. */
    public static function decode(string $body, string $what)
    {
        try {
            return json_decode($body, true, 512, JSON_BIGINT_AS_STRING | JSON_THROW_ON_ERROR);
        } catch (\JsonException $e) {
            throw new InvalidArgument("malformed $what request: " . $e->getMessage());
        }
    }

    /** k distinct positions of [0, n): j = i + next() mod (n - i), the permutation kept sparse. */
    public static function pickPositions(int $n, int $k, \GMP $seed): array
    {
        $mask = gmp_sub(gmp_pow(2, 64), 1);
        $golden = gmp_init('9E3779B97F4A7C15', 16);
        $m1 = gmp_init('BF58476D1CE4E5B9', 16);
        $m2 = gmp_init('94D049BB133111EB', 16);
        $state = gmp_and($seed, $mask);
        $swapped = [];
        $out = [];
        for ($i = 0; $i < $k; $i++) {
            $state = gmp_and(gmp_add($state, $golden), $mask);
            $z = $state;
            $z = gmp_and(gmp_mul(gmp_xor($z, gmp_div_q($z, gmp_pow(2, 30))), $m1), $mask);
            $z = gmp_and(gmp_mul(gmp_xor($z, gmp_div_q($z, gmp_pow(2, 27))), $m2), $mask);
            $z = gmp_xor($z, gmp_div_q($z, gmp_pow(2, 31)));
            $j = $i + gmp_intval(gmp_mod($z, $n - $i));
            $pi = $swapped[$i] ?? $i;
            $pj = $swapped[$j] ?? $j;
            $swapped[$i] = $pj;
            $swapped[$j] = $pi;
            $out[] = $pj;
        }
        return $out;
    }

    private static function int64s($v, string $where): array
    {
        if (!is_array($v) || !array_is_list($v)) {
            throw new InvalidArgument("$where must be an array of int64");
        }
        foreach ($v as $i => $x) {
            if (!is_int($x)) {
                throw new InvalidArgument("{$where}[$i] is not an int64: " . json_encode($x));
            }
        }
        return $v;
    }

    private static function doubles($v, string $where): array
    {
        if (!is_array($v) || !array_is_list($v)) {
            throw new InvalidArgument("$where must be an array of numbers");
        }
        foreach ($v as $i => $x) {
            if (!is_int($x) && !is_float($x)) {
                throw new InvalidArgument("{$where}[$i] is not a number");
            }
            $v[$i] = (float) $x;
        }
        return $v;
    }

    private static function strings($v, string $where): array
    {
        if (!is_array($v) || !array_is_list($v)) {
            throw new InvalidArgument("$where must be an array of strings");
        }
        foreach ($v as $x) {
            if (!is_string($x)) {
                throw new InvalidArgument("$where must be an array of strings");
            }
        }
        return $v;
    }

    private static function records($v, string $where): array
    {
        if (!is_array($v) || !array_is_list($v)) {
            throw new InvalidArgument("$where must be an array of records");
        }
        $out = [];
        foreach ($v as $i => $r) {
            $at = "{$where}[$i]";
            if (!is_array($r) || (array_is_list($r) && $r !== [])) {
                throw new InvalidArgument("$at is not a record object");
            }
            $id = $r['id'] ?? 0;
            $value = $r['value'] ?? 0.0;
            $name = $r['name'] ?? '';
            if (!is_int($id)) {
                throw new InvalidArgument("$at.id is not an int64");
            }
            if (!is_int($value) && !is_float($value)) {
                throw new InvalidArgument("$at.value is not a number");
            }
            if (!is_string($name)) {
                throw new InvalidArgument("$at.name is not a string");
            }
            $out[] = ['id' => $id, 'value' => (float) $value, 'name' => $name,
                'tags' => self::int64s($r['tags'] ?? [], "$at.tags")];
        }
        return $out;
    }

    private static function isObject($v): bool
    {
        return is_array($v) && (!array_is_list($v) || $v === []);
    }

    /** {"values": [int64..], "k": uint32, "seed": uint64} -> {"values": [..], "positions": [..]} */
    public static function select(string $body): array
    {
        $req = self::decode($body, 'select');
        if (!self::isObject($req)) {
            throw new InvalidArgument('a select request is a JSON object');
        }
        $k = $req['k'] ?? 0;
        if (!is_int($k) || $k < 0 || $k > self::UINT32_MAX) {
            throw new InvalidArgument('k must be an integer in 0..' . self::UINT32_MAX);
        }
        $seed = $req['seed'] ?? null;
        if ($seed !== null) {
            $digits = is_string($seed) && ctype_digit($seed)
                && (strlen($seed) < 20 || (strlen($seed) === 20 && strcmp($seed, self::UINT64_MAX) <= 0));
            if (!(is_int($seed) && $seed >= 0) && !$digits) {
                throw new InvalidArgument('seed must be an integer in 0..2^64-1');
            }
        }
        $values = self::int64s($req['values'] ?? [], 'values');
        $n = count($values);
        if ($n === 0) {
            throw new InvalidArgument('values is empty');
        }
        $k = $k ?: self::DEFAULT_K;
        if ($k > $n) {
            throw new InvalidArgument("k=$k exceeds the $n values");
        }
        $s = $seed === null ? gmp_import(random_bytes(8)) : gmp_init((string) $seed, 10);
        $positions = self::pickPositions($n, $k, $s);
        return ['values' => array_map(fn ($p) => $values[$p], $positions), 'positions' => $positions];
    }

    /** Exactly one of the kinds (a JSON array) and "echo": bool -> {"count": N[, kind: payload]} */
    public static function echo(string $body): array
    {
        $req = self::decode($body, 'echo');
        if (!self::isObject($req)) {
            throw new InvalidArgument('an echo request is a JSON object');
        }
        $present = array_values(array_filter(self::ECHO_KINDS, fn ($kind) => isset($req[$kind])));
        if (count($present) !== 1) {
            throw new InvalidArgument('echo needs exactly one of "int64s", "doubles", "strings", "records" (a JSON array)');
        }
        $echo = $req['echo'] ?? false;
        if (!is_bool($echo)) {
            throw new InvalidArgument('echo must be true or false');
        }
        $kind = $present[0];
        $payload = self::$kind($req[$kind], $kind);
        return $echo ? ['count' => count($payload), $kind => $payload] : ['count' => count($payload)];
    }
}
