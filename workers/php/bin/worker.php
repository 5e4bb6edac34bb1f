<?php
// Bancada's PHP worker: Slim 3 on PHP-FPM behind Apache httpd (mod_proxy_fcgi, event MPM), the
// PHP pairing of the REST-in-seven-languages study (seed 003). This supervisor takes every
// Bancada worker's command line,
//
//   php bin/worker.php --protocol rest [--bind 127.0.0.1] [--port 0] [--delay-us 0]
//                      [--max-message-mib 128] [--version]
//
// writes an httpd.conf and a php-fpm.conf into a fresh temporary directory, starts php-fpm and
// Apache httpd in the foreground (as the calling user; as root, their workers run as www-data),
// waits until GET /v1/info answers, prints the READY line (the pid is this supervisor's) and
// waits. SIGTERM or SIGINT: Apache's graceful stop (SIGWINCH) and php-fpm's (SIGQUIT), both
// bounded by STOP_GRACE_S, then exit 0. Exit 1: cannot listen (a port in use is named) or a
// server failed to start or died; 2: bad arguments.

declare(strict_types=1);

const STOP_GRACE_S = 5;
const READY_TIMEOUT_S = 30;
const FPM_CHILDREN = 16;
const HTTPD_MODULES = '/usr/lib/apache2/modules';

function say(string $message): void
{
    fwrite(STDERR, gmdate('Y-m-d\TH:i:s\Z') . " bancada-worker-php: $message\n");
}

function fail(int $code, string $message): never
{
    fwrite(STDERR, "bancada-worker-php: $message\n");
    exit($code);
}

function integer(string $value, string $flag, int $lo, int $hi): int
{
    if (!ctype_digit($value) || (int) $value < $lo || (int) $value > $hi) {
        fail(2, "$flag must be an integer in $lo..$hi, got $value");
    }
    return (int) $value;
}

function parse_command_line(array $argv): array
{
    $o = ['bind' => '127.0.0.1', 'port' => '0', 'delay-us' => '0', 'max-message-mib' => '128', 'protocol' => null];
    for ($i = 1; $i < count($argv); $i++) {
        $flag = $argv[$i];
        if ($flag === '--version') {
            return ['version' => true];
        }
        $name = substr($flag, 2);
        if (!str_starts_with($flag, '--') || !array_key_exists($name, $o)) {
            fail(2, "unknown argument $flag");
        }
        if (!isset($argv[$i + 1])) {
            fail(2, "$flag needs a value");
        }
        $o[$name] = $argv[++$i];
    }
    if ($o['protocol'] !== 'rest') {
        fail(2, '--protocol must be rest, got ' . json_encode($o['protocol'] ?? ''));
    }
    return ['bind' => $o['bind'], 'port' => integer($o['port'], '--port', 0, 65535),
        'delay_us' => integer($o['delay-us'], '--delay-us', 0, 2 ** 31),
        'max_bytes' => integer($o['max-message-mib'], '--max-message-mib', 1, 2047) << 20, 'version' => false];
}

/** A free port on $bind (port 0), or $port itself when it can be bound; exit 1 naming it when not. */
function choose_port(string $bind, int $port): int
{
    $host = str_contains($bind, ':') ? "[$bind]" : $bind;
    $socket = @stream_socket_server("tcp://$host:$port", $errno, $errstr);
    if ($socket === false) {
        fail(1, $errno === 98 ? "port $port already in use on $bind" : "cannot listen on port $port of $bind: $errstr");
    }
    $name = stream_socket_get_name($socket, false);
    fclose($socket);
    return (int) substr($name, strrpos($name, ':') + 1);
}

function write_configs(string $dir, array $o, int $port, string $root): void
{
    $asRoot = posix_geteuid() === 0;
    $public = "$root/public";
    $sock = "$dir/fpm.sock";
    $pid = getmypid();
    $fpmUser = $asRoot ? "user = www-data\ngroup = www-data\nlisten.owner = www-data\nlisten.group = www-data\n" : '';
    file_put_contents("$dir/php-fpm.conf", <<<FPM
        [global]
        pid = $dir/php-fpm.pid
        error_log = $dir/php-fpm.log
        daemonize = no

        [bancada]
        $fpmUser
        listen = $sock
        listen.mode = 0660
        listen.backlog = 4096
        pm = static
        pm.max_children = FPM_CHILDREN_VALUE
        clear_env = yes
        env[BANCADA_WORKER_PID] = $pid
        env[BANCADA_DELAY_US] = {$o['delay_us']}
        env[BANCADA_MAX_MESSAGE_BYTES] = {$o['max_bytes']}
        php_admin_value[memory_limit] = -1
        php_admin_value[post_max_size] = 0
        php_admin_flag[enable_post_data_reading] = off
        php_admin_value[max_execution_time] = 0
        php_admin_value[include_path] = .:/usr/share/php
        php_admin_flag[display_errors] = off
        php_admin_flag[opcache.enable] = on

        FPM);
    $fpmConf = str_replace('FPM_CHILDREN_VALUE', (string) FPM_CHILDREN, file_get_contents("$dir/php-fpm.conf"));
    file_put_contents("$dir/php-fpm.conf", $fpmConf);
    $host = str_contains($o['bind'], ':') ? "[{$o['bind']}]" : $o['bind'];
    $user = $asRoot ? "User www-data\nGroup www-data\n" : '';
    $m = HTTPD_MODULES;
    file_put_contents("$dir/httpd.conf", <<<HTTPD
        ServerRoot "$dir"
        DefaultRuntimeDir "$dir"
        PidFile "$dir/httpd.pid"
        ErrorLog "$dir/httpd-error.log"
        LogLevel warn
        Mutex posixsem
        $user
        LoadModule mpm_event_module $m/mod_mpm_event.so
        LoadModule authz_core_module $m/mod_authz_core.so
        LoadModule proxy_module $m/mod_proxy.so
        LoadModule proxy_fcgi_module $m/mod_proxy_fcgi.so
        Listen $host:$port
        ListenBacklog 4096
        ServerName localhost
        ServerTokens Prod
        DocumentRoot "$public"
        KeepAlive On
        KeepAliveTimeout 75
        MaxKeepAliveRequests 0
        LimitRequestBody 0
        Timeout 300
        GracefulShutdownTimeout STOP_GRACE_S_VALUE
        # Two processes of 1024 threads, both started at once and never stopped while serving
        # (workers/README.md, "php-rest's limits"): the event MPM closes a process's idle
        # keep-alive connections when all of its workers are busy, and with 64 threads per process
        # 200 keep-alive clients met closed connections (EOF). 1024 covers seed 003's 1000 clients.
        StartServers 2
        ServerLimit 2
        ThreadLimit 1024
        ThreadsPerChild 1024
        MaxRequestWorkers 2048
        MinSpareThreads 64
        MaxSpareThreads 2048
        <Directory />
            Require all granted
        </Directory>
        ProxyPassMatch "^/(.*)$" "unix:$sock|fcgi://localhost$public/index.php" timeout=300
        # Every path is the front controller's: Slim routes on the whole request path.
        ProxyFCGISetEnvIf "true" SCRIPT_NAME "/index.php"

        HTTPD);
    $httpdConf = str_replace('STOP_GRACE_S_VALUE', (string) STOP_GRACE_S, file_get_contents("$dir/httpd.conf"));
    file_put_contents("$dir/httpd.conf", $httpdConf);
    if ($asRoot) {
        chmod($dir, 0755); // www-data reaches the FPM socket
    }
}

function start(array $argv, string $dir, string $name)
{
    $proc = proc_open($argv, [0 => ['file', '/dev/null', 'r'], 1 => ['file', "$dir/$name.out", 'a'],
        2 => ['file', "$dir/$name.out", 'a']], $pipes);
    if ($proc === false) {
        fail(1, "cannot start $name ({$argv[0]})");
    }
    return $proc;
}

function tail_of(string $dir): string
{
    $text = '';
    foreach (['httpd.out', 'httpd-error.log', 'php-fpm.out', 'php-fpm.log'] as $f) {
        if (is_file("$dir/$f") && filesize("$dir/$f") > 0) {
            $text .= "$f: " . trim(substr(file_get_contents("$dir/$f"), -600)) . "\n";
        }
    }
    return $text;
}

function answers_info(string $bind, int $port): bool
{
    $host = str_contains($bind, ':') ? "[$bind]" : $bind;
    $context = stream_context_create(['http' => ['timeout' => 1, 'ignore_errors' => true]]);
    $body = @file_get_contents("http://$host:$port/v1/info", false, $context);
    return $body !== false && str_contains($body, '"implementation"');
}

function running($proc): bool
{
    return proc_get_status($proc)['running'];
}

function stop_all(array $procs): void
{
    $signals = ['httpd' => SIGWINCH, 'php-fpm' => SIGQUIT]; // the graceful stops
    foreach ($procs as $name => $proc) {
        if (running($proc)) {
            proc_terminate($proc, $signals[$name]);
        }
    }
    $deadline = microtime(true) + STOP_GRACE_S + 1;
    while (microtime(true) < $deadline && array_filter($procs, 'running')) {
        usleep(50_000);
    }
    foreach ($procs as $proc) {
        if (running($proc)) {
            proc_terminate($proc, SIGKILL);
        }
    }
}

function remove_tree(string $dir): void
{
    foreach (glob("$dir/*") ?: [] as $f) {
        is_dir($f) && !is_link($f) ? remove_tree($f) : @unlink($f);
    }
    @rmdir($dir);
}

/**
 * The folder PHP-FPM serves the code from: this worker's own, or (as root, when PHP-FPM's children
 * run as www-data) a copy of public/ and src/ in $dir, since the worker's folder may sit where
 * www-data cannot read, as under root's home on an SSH host (/root is mode 700).
 */
function code_root(string $dir, string $root): string
{
    if (posix_geteuid() !== 0) {
        return $root;
    }
    foreach (['public', 'src'] as $sub) {
        mkdir("$dir/app/$sub", 0755, true);
        foreach (glob("$root/$sub/*.php") ?: [] as $f) {
            copy($f, "$dir/app/$sub/" . basename($f));
            chmod("$dir/app/$sub/" . basename($f), 0644);
        }
    }
    chmod("$dir/app", 0755);
    return "$dir/app";
}

function main(array $argv): int
{
    $o = parse_command_line($argv);
    if ($o['version']) {
        echo 'bancada-worker-php 0.1.0 (PHP ' . PHP_VERSION . ")\n";
        return 0;
    }
    $port = choose_port($o['bind'], $o['port']);
    $dir = rtrim(sys_get_temp_dir(), '/') . '/bancada-php-' . getmypid() . '-' . bin2hex(random_bytes(4));
    mkdir($dir, 0700);
    write_configs($dir, $o, $port, code_root($dir, dirname(__DIR__)));
    $stop = false;
    pcntl_async_signals(true);
    pcntl_signal(SIGTERM, function () use (&$stop) { $stop = true; });
    pcntl_signal(SIGINT, function () use (&$stop) { $stop = true; });
    $fpm = trim((string) shell_exec('command -v php-fpm8.2 || command -v php-fpm')) ?: '/usr/sbin/php-fpm8.2';
    $procs = [
        'php-fpm' => start([$fpm, '--nodaemonize', '--fpm-config', "$dir/php-fpm.conf"], $dir, 'php-fpm'),
        'httpd' => start(['/usr/sbin/apache2', '-d', $dir, '-f', "$dir/httpd.conf", '-DFOREGROUND'], $dir, 'httpd'),
    ];
    $deadline = microtime(true) + READY_TIMEOUT_S;
    while (!answers_info($o['bind'], $port)) {
        $dead = array_keys(array_filter($procs, fn ($p) => !running($p)));
        if ($dead || $stop || microtime(true) > $deadline) {
            $why = $dead ? implode(' and ', $dead) . ' exited' : ($stop ? 'stopped' : 'not answering in time');
            stop_all($procs);
            $log = tail_of($dir);
            remove_tree($dir);
            $inUse = str_contains($log, 'Address already in use');
            fail(1, $inUse ? "port $port already in use on {$o['bind']}" : "could not start on port $port ($why): $log");
        }
        usleep(50_000);
    }
    $ready = ['implementation' => 'php-rest', 'protocol' => 'rest', 'bind' => $o['bind'], 'port' => $port, 'pid' => getmypid()];
    echo 'READY ' . json_encode($ready, JSON_UNESCAPED_SLASHES) . "\n";
    fflush(STDOUT);
    say("php-rest serving on {$o['bind']} port $port (Apache httpd + PHP-FPM, configs in $dir)");
    while (!$stop) {
        $dead = array_keys(array_filter($procs, fn ($p) => !running($p)));
        if ($dead) {
            say(implode(' and ', $dead) . ' exited: ' . tail_of($dir));
            stop_all($procs);
            remove_tree($dir);
            return 1;
        }
        usleep(100_000);
    }
    say('stopping (grace ' . STOP_GRACE_S . ' s)');
    stop_all($procs);
    remove_tree($dir);
    say('stopped');
    return 0;
}

exit(main($argv));
