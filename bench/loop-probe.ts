import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * Preloaded into the server by `npm run bench:load` (`node --import ./bench/loop-probe.ts`), never
 * in production: measures the server's own event-loop delay (perf_hooks, 10 ms resolution) and RSS,
 * and appends one JSON line every 5 s to BENCH_PROBE_FILE. SIGUSR2 starts a new measurement (the
 * bench sends it when the load begins, so start-up and funding are left out).
 */
const file = process.env.BENCH_PROBE_FILE;
if (file) {
  const run = monitorEventLoopDelay({ resolution: 10 });
  const interval = monitorEventLoopDelay({ resolution: 10 });
  run.enable();
  interval.enable();
  const ms = (ns: number) => Math.round(ns / 1e5) / 10;
  const timer = setInterval(() => {
    appendFileSync(
      file,
      `${JSON.stringify({
        t: Date.now(),
        rss: process.memoryUsage().rss,
        p99: ms(run.percentile(99)),
        max: ms(run.max),
        intervalP99: ms(interval.percentile(99)),
      })}\n`,
    );
    interval.reset();
  }, 5_000);
  timer.unref();
  process.on('SIGUSR2', () => {
    run.reset();
    appendFileSync(
      file,
      `${JSON.stringify({ t: Date.now(), reset: true, rss: process.memoryUsage().rss })}\n`,
    );
  });
}
