// `npm run bench -- --fixed-cost`: what each call costs the server's own process, in CPU time per call, next to
// its baseline and the trivial route, all in the bench server's process through `inject` (no HTTP, no load
// generator, no other connection): the product's own cost per call (what issue 17's two criteria weigh against
// each other) apart from HTTP and autocannon. The three sides alternate, so a slower moment weighs on all of them;
// a shared machine's speed still drifts between runs (2026-11-29: the trivial route 297-636 µs in five runs), so
// compare figures of one run, and repeat it.
import type { FastifyInstance } from 'fastify';

export interface FixedCostCall {
  name: string;
  path: string;
  baseline: string;
  body: Record<string, unknown>;
}

export interface FixedCostFigures {
  name: string;
  /** CPU µs per call of the product, of its baseline, and of the trivial route (bare Fastify, `select 1`). */
  served: number;
  baseline: number;
  trivial: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** The process's CPU time (every thread: the event loop, GC helpers, libuv's pool) per call over `n` calls. */
async function cpuPerCall(one: () => Promise<unknown>, n: number): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < n; i++) await one();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / n;
}

/**
 * Batches of `batch` calls of the product, its baseline and the trivial route, one after the other and in turn
 * first, `rounds` times; the median of each. Calls run one at a time: no queueing, only the work of each.
 */
export async function measureFixedCost(
  app: FastifyInstance,
  baseline: FastifyInstance,
  headers: Record<string, string>,
  call: FixedCostCall,
  opts: { rounds: number; batch: number },
): Promise<FixedCostFigures> {
  const sides = {
    served: async () => {
      const res = await app.inject({ method: 'POST', url: call.path, payload: call.body, headers });
      if (res.statusCode !== 200) throw new Error(`${call.name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    },
    baseline: () => baseline.inject({ method: 'POST', url: call.baseline, payload: call.body }),
    trivial: () => baseline.inject({ method: 'POST', url: '/trivial', payload: {} }),
  };
  const names = Object.keys(sides) as (keyof typeof sides)[];
  const figures: Record<keyof typeof sides, number[]> = { served: [], baseline: [], trivial: [] };
  for (const side of names) await cpuPerCall(sides[side], opts.batch); // warm-up: JIT, prepared statements
  for (let round = 0; round < opts.rounds; round++) {
    // Each side goes first in turn, so a slower moment of the machine weighs on all three alike.
    const order = names.map((_, i) => names[(i + round) % names.length]!);
    for (const side of order) figures[side].push(await cpuPerCall(sides[side], opts.batch));
  }
  return {
    name: call.name,
    served: median(figures.served),
    baseline: median(figures.baseline),
    trivial: median(figures.trivial),
  };
}

/** One line per call: the three costs, the product's own (F), and the two ratios they would make on a saturated server thread. */
export function fixedCostLine(f: FixedCostFigures): string {
  const own = f.served - f.baseline;
  return (
    `${f.name.padEnd(28)} served ${f.served.toFixed(0).padStart(5)} µs  baseline ${f.baseline.toFixed(0).padStart(5)} µs` +
    `  own ${own.toFixed(0).padStart(4)} µs  trivial ${f.trivial.toFixed(0).padStart(4)} µs` +
    `  | baseline/served ${(f.baseline / f.served).toFixed(2)}  trivial/baseline ${(f.trivial / f.baseline).toFixed(2)}`
  );
}
