#!/bin/sh
# Writes the user list and the settings from the environment, then runs PgBouncer.
set -eu
printf '"%s" "%s"\n' "$DB_USER" "$DB_PASSWORD" > /tmp/userlist.txt
sed -e "s/\${DB_HOST}/${DB_HOST}/" -e "s/\${DB_PORT}/${DB_PORT:-5432}/" \
    -e "s/\${MAX_CLIENT_CONN}/${MAX_CLIENT_CONN:-500}/" \
    -e "s/\${DEFAULT_POOL_SIZE}/${DEFAULT_POOL_SIZE:-20}/" \
    /etc/pgbouncer/pgbouncer.ini > /tmp/pgbouncer.ini
exec pgbouncer /tmp/pgbouncer.ini
