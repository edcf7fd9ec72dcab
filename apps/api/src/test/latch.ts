/**
 * A promise opened from outside: how a race test holds one transaction open at a chosen line while another runs.
 * (Promise.withResolvers arrives in Node 22; this is Node 20.)
 */
export interface Latch {
  /** Resolves once `open` is called. */
  readonly opened: Promise<void>;
  open(): void;
}

export function latch(): Latch {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** Resolves for everyone once `n` callers have arrived: each side holds its first row before any asks for another. */
export function meeting(n: number): () => Promise<void> {
  const all = latch();
  let arrived = 0;
  return () => {
    arrived += 1;
    if (arrived === n) all.open();
    return all.opened;
  };
}
