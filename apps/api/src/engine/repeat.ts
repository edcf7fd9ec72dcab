import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `tick` every `everyMs` after the previous run ended (never two at once), logging a failed run and going on;
 * `stop()` waits for a run in progress. `everyMs` 0: never started (tests drive the ticks themselves).
 */
export function repeatEvery(
  everyMs: number,
  tick: () => Promise<unknown>,
  log: FastifyBaseLogger,
  failure: string,
): { start(): void; stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  return {
    start() {
      if (everyMs === 0 || timer || stopped) return;
      const loop = () => {
        running = tick()
          .catch((err: unknown) => log.error({ err }, failure))
          .finally(() => {
            running = undefined;
            if (!stopped) timer = setTimeout(loop, everyMs);
          });
      };
      timer = setTimeout(loop, everyMs);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
