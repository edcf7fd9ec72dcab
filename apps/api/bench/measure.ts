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
}

interface Target {
  url: string;
  body: unknown;
  headers?: Record<string, string>;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN;

export async function measure(target: Target, opts: { seconds: number; connections: number }): Promise<Figures> {
  const headers = { 'content-type': 'application/json', ...target.headers };
  const body = JSON.stringify(target.body);
  // One request first: a call that answers an error is reported as such, not timed as if it worked.
  const probe = await fetch(target.url, { method: 'POST', headers, body });
  if (!probe.ok) {
    const firstError = `${probe.status} ${(await probe.text()).slice(0, 120)}`;
    return { rps: 0, p50: Number.NaN, p95: Number.NaN, p99: Number.NaN, requests: 0, errors: 1, firstError };
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
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / opts.seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    requests: latencies.length,
    errors: errors + result.errors + result.timeouts,
  };
}
