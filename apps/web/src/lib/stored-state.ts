/**
 * Small JSON values kept in sessionStorage: they live as long as the tab, survive a reload, and
 * never reach another tab or a later visit. Reads are checked, so a stale or edited value is ignored.
 */
export function readStored<T>(key: string, isValid: (value: unknown) => value is T): T | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(key);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    return isValid(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    globalThis.sessionStorage?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage can be blocked; the flow then asks the user to start again from sign-in.
  }
}

export function removeStored(...keys: string[]): void {
  for (const key of keys) {
    try {
      globalThis.sessionStorage?.removeItem(key);
    } catch {
      // Nothing to clean when storage is blocked.
    }
  }
}

/** True when `value` is an object whose listed keys are all non-empty strings. */
export function hasStrings<K extends string>(value: unknown, ...keys: K[]): value is Record<K, string> {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return keys.every((k) => typeof record[k] === 'string' && record[k] !== '');
}
