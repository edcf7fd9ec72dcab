import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/**
 * The process-wide metrics: node's own (memory, event loop, GC) and the custody engine's jobs. They live apart from
 * the server's plugin because the engine records into them whether it runs inside the server or on its own, and
 * because there is one process however many apps a test builds (registering a metric twice throws).
 */
export const processRegistry = new Registry();
collectDefaultMetrics({ register: processRegistry, prefix: 'vaultline_' });

/** Seconds a job's handler took, by queue and outcome; its `_count` is the job count. */
const engineJobSeconds = new Histogram({
  name: 'vaultline_engine_job_duration_seconds',
  help: 'Custody engine jobs handled by this process: handler time in seconds, by queue and outcome',
  labelNames: ['queue', 'outcome'] as const,
  // Jobs sign and broadcast, or export files: from milliseconds to minutes.
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
  registers: [processRegistry],
});

/**
 * Wraps an engine queue's handler so each job is timed. A failure is counted and rethrown untouched: pg-boss
 * decides the retry from it.
 */
export function timedJob<A extends unknown[]>(
  queue: string,
  handler: (...args: A) => Promise<void>,
): (...args: A) => Promise<void> {
  return async (...args) => {
    const stop = engineJobSeconds.startTimer({ queue });
    try {
      await handler(...args);
      stop({ outcome: 'completed' });
    } catch (err) {
      stop({ outcome: 'failed' });
      throw err;
    }
  };
}
