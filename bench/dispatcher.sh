#!/usr/bin/env bash
# The webhook dispatcher as a tenant sees it, through a running stack (bench/DispatcherBench.java):
#  - latency: customers created through the API at a steady rate, time from the API's 201 to the customer.created
#    webhook at a fast local receiver (p50, p99);
#  - throughput: a burst of events fanned out to many endpoints, deliveries per second while the backlog lasts.
#
#   bench/dispatcher.sh [events/s, default 200] [seconds, default 30] [endpoints, default 20] [burst events, default 1000]
#
# Needs only the JDK. Starts its own stack with ./slotwise up in a temporary data directory and stops it at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
# without Java 17's code-cache sweeper, which kept the JIT recompiling hot methods under this steady load
BENCH_JVM_OPTIONS="-Xms256m -Xmx512m -XX:+UseParallelGC -XX:-UseCodeCacheFlushing"
. bench/stack.sh

# a fresh stack's JIT has not settled after one short run on two shared cores: two runs before the measured one
echo "warming up: twice 30 s at the same rate"
for _ in 1 2; do java bench/DispatcherBench.java "$GATEWAY" "$KEY" "${1:-200}" 30 4 400 >/dev/null; done
java bench/DispatcherBench.java "$GATEWAY" "$KEY" "${1:-200}" "${2:-30}" "${3:-20}" "${4:-1000}"
