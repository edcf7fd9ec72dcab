/** A user's search text as an ILIKE pattern that matches it anywhere, its own % and _ taken literally. */
export function containsPattern(search: string): string {
  return `%${escapeLike(search)}%`;
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
