// How late the event loop that serves HTTP, sockets and the scheduler runs its timers, over the
// last 10–20 s: the figure that shows a process doing CPU work it should have left to a thread.
import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';

/** Milliseconds between the loop's delay samples; each sample is this long plus the delay. */
const RESOLUTION_MS = 10;
const WINDOW_MS = 10_000;

export type EventLoopDelay = { p50Ms: number; p99Ms: number; maxMs: number };

export type EventLoopMonitor = { read(): EventLoopDelay; stop(): void };

export function startEventLoopMonitor(): EventLoopMonitor {
  // Two histograms taking turns: each window the older one starts afresh, and reads come from the
  // other, which always holds one to two windows of samples (a histogram cannot drop old ones).
  const histograms: [IntervalHistogram, IntervalHistogram] = [
    monitorEventLoopDelay({ resolution: RESOLUTION_MS }),
    monitorEventLoopDelay({ resolution: RESOLUTION_MS }),
  ];
  for (const histogram of histograms) histogram.enable();
  let longest = 0;
  const timer = setInterval(() => {
    histograms[longest]?.reset();
    longest = 1 - longest;
  }, WINDOW_MS);
  timer.unref();
  // Nanoseconds of interval to milliseconds of delay, to a tenth.
  const delayMs = (nanoseconds: number) =>
    Math.round(Math.max(0, nanoseconds / 1e6 - RESOLUTION_MS) * 10) / 10;
  return {
    read() {
      const histogram = histograms[longest] as IntervalHistogram;
      if (histogram.count === 0) return { p50Ms: 0, p99Ms: 0, maxMs: 0 };
      return {
        p50Ms: delayMs(histogram.percentile(50)),
        p99Ms: delayMs(histogram.percentile(99)),
        maxMs: delayMs(histogram.max),
      };
    },
    stop() {
      clearInterval(timer);
      for (const histogram of histograms) histogram.disable();
    },
  };
}
