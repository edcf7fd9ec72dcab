// One autocannon measurement of one POST call. Percentiles are computed from every response's own latency
// (autocannon's summary only publishes p97.5, not p95).
import autocannon from 'autocannon';
import type { Call } from './scenarios.js';

export interface Figures {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  errors: number;
  firstError?: string;
}

export interface Measured extends Call {
  served: Figures;
  bare: Figures;
  /** The call's answer kept whole in one row, read by its key (a list's or total's; baseline.ts /kept-answer). */
  kept?: Figures;
}

interface Target {
  url: string;
  body: unknown;
  headers?: Record<string, string>;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN;

interface Sample {
  latencies: number[];
  seconds: number;
  errors: number;
  firstError?: string;
}

async function sample(target: Target, opts: { seconds: number; connections: number }): Promise<Sample> {
  const headers = { 'content-type': 'application/json', ...target.headers };
  const body = JSON.stringify(target.body);
  // One request first: a call that answers an error is reported as such, not timed as if it worked.
  const probe = await fetch(target.url, { method: 'POST', headers, body });
  if (!probe.ok) {
    const firstError = `${probe.status} ${(await probe.text()).slice(0, 120)}`;
    return { latencies: [], seconds: opts.seconds, errors: 1, firstError };
  }
  // Warm-up: plans cached, connections open, JIT settled.
  await autocannon({ url: target.url, method: 'POST', headers, body, connections: opts.connections, duration: 2 });

  const latencies: number[] = [];
  let errors = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: target.url, method: 'POST', headers, body, connections: opts.connections, duration: opts.seconds },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      latencies.push(ms);
      if (status < 200 || status >= 300) errors++;
    });
  });
  return { latencies, seconds: opts.seconds, errors: errors + result.errors + result.timeouts };
}

function figures(samples: Sample[]): Figures {
  const failed = samples.find((s) => s.firstError);
  if (failed) {
    const nan = Number.NaN;
    return { rps: 0, p50: nan, p95: nan, p99: nan, requests: 0, errors: failed.errors, firstError: failed.firstError! };
  }
  const latencies = samples.flatMap((s) => s.latencies).sort((a, b) => a - b);
  const seconds = samples.reduce((sum, s) => sum + s.seconds, 0);
  return {
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    requests: latencies.length,
    errors: samples.reduce((sum, s) => sum + s.errors, 0),
  };
}

export async function measure(target: Target, opts: { seconds: number; connections: number }): Promise<Figures> {
  return figures([await sample(target, opts)]);
}

/**
 * A call and its baseline in the order A B B A, each for half the time: the machine is shared, and a load that
 * rises or falls during the pair weighs on both alike, so their ratio holds where two back-to-back runs would not.
 */
export async function measurePair(
  served: Target,
  bare: Target,
  opts: { seconds: number; connections: number },
): Promise<{ served: Figures; bare: Figures }> {
  const half = { ...opts, seconds: opts.seconds / 2 };
  const a1 = await sample(served, half);
  const b1 = await sample(bare, half);
  const b2 = await sample(bare, half);
  const a2 = await sample(served, half);
  return { served: figures([a1, a2]), bare: figures([b1, b2]) };
}
