/**
 * How far a set of scanned UR parts (`ur:type/seq-len/body`, or `ur:type/body` for a message in one code) gets
 * towards its message: the distinct fragments 1..len seen. Fountain parts past len help the decoder too, so this is
 * a lower bound shown to the person scanning; the server decides whether the message is complete.
 */
export function urProgress(parts: readonly string[]): { seen: number; of: number | null } {
  const fragments = new Set<number>();
  let of: number | null = null;
  for (const part of parts) {
    const match = /^ur:[a-z0-9-]+\/(?:(\d+)-(\d+)\/)?[a-z]+$/i.exec(part.trim());
    if (!match) continue;
    if (match[1] === undefined) return { seen: 1, of: 1 };
    const seq = Number(match[1]);
    of = Number(match[2]);
    if (seq >= 1 && seq <= of) fragments.add(seq);
  }
  return { seen: fragments.size, of };
}

/** The distinct, non-empty lines of pasted or scanned text: one UR part each. */
export function partsOf(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/\s+/)
        .map((line) => line.trim())
        .filter(Boolean),
    ),
  ];
}
