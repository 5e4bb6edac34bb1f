#!/bin/sh
# Writes the PHP worker's launcher where make is not at hand: on an SSH host, in the worker's
# folder unpacked by Bancada (deploy = "bundle" in worker.toml). PHP, Slim, PHP-FPM and Apache
# httpd are the host's Debian packages (Composer is not used).
set -e
php -r 'exit(is_file("/usr/share/php/Slim/autoload.php") && extension_loaded("gmp") ? 0 : 1);' && \
  [ -x /usr/sbin/apache2 ] && { [ -x /usr/sbin/php-fpm8.2 ] || command -v php-fpm >/dev/null; } || {
  echo "php worker: needs Debian's php-cli php-fpm php-gmp php-slim apache2 (apt install them)" >&2; exit 1; }
for f in bin/worker.php public/index.php src/*.php; do php -l "$f" >/dev/null; done
mkdir -p dist
printf '%s\n' '#!/bin/sh' "# Bancada's PHP worker: Slim on PHP-FPM behind Apache httpd (written by remote-setup.sh)." \
  'exec php "$(dirname "$0")/../bin/worker.php" "$@"' > dist/bancada-worker-php.tmp
chmod 755 dist/bancada-worker-php.tmp && mv dist/bancada-worker-php.tmp dist/bancada-worker-php
