// Shared by the cold exchange's tests only.
import { ColdQrError } from './qr-parts.js';

/** The catalogue code `run` is refused with; undefined when it is not refused. */
export function qrRefusalCode(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof ColdQrError) return error.code;
    throw error;
  }
  return undefined;
}
