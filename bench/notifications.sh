#!/usr/bin/env bash
# notification-service as a business sees it (CONTRACT §18, issue 38; bench/NotificationBench.java):
#  - a burst of bookings through the gateway: each confirmation's time from the booking's 201 to the SMTP server
#    (target p99 ≤ 30 s);
#  - reminders all due in the same minute: how long until the last arrived, each exactly once (target ≤ 2 min).
#
#   bench/notifications.sh [bookings, default 2000] [reminders, default 10000]
#
# Starts its own stack (./slotwise up in a temporary data directory) sending to a real SMTP server (GreenMail) that
# the benchmark itself runs on BENCH_SMTP_PORT, so it reads every message as it arrives; stops both at the end.
# The reminder run books its appointments 15 + BENCH_REMINDER_LEAD (default 20) minutes ahead and waits for them: the
# lead must cover making 10,000 staff members and bookings through the gateway (140 s on 2026-11-27; on the slower
# machine of 2026-11-26 bookings ran at about 14/s). 6 minutes was enough on 2026-11-27; a run whose set-up outlasts
# the lead says so and does not count.
set -euo pipefail
cd "$(dirname "$0")/.."
SMTP_PORT="${BENCH_SMTP_PORT:-18425}"
export SLOTWISE_SMTP_HOST=127.0.0.1 SLOTWISE_SMTP_PORT="$SMTP_PORT" SLOTWISE_SMTP_TLS=none
. bench/stack.sh
ADMIN_TOKEN="$(cat "$DATA/secrets/admin-token")"
java -Xmx1g -Dlead="${BENCH_REMINDER_LEAD:-20}" -cp "$(cat platform/local-stack/target/classpath.txt)" \
  bench/NotificationBench.java "$GATEWAY" "$ADMIN_TOKEN" "$SMTP_PORT" "${1:-2000}" "${2:-10000}"
