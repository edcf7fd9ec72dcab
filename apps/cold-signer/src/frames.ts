// QR frames as images: what an air-gapped signer's camera sees and its screen shows. Each UR part becomes one PNG
// (error correction L: the parts carry their own checksums, and a denser code reads faster at a glance), and
// images are read back with jsQR.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';

/** Writes `parts` as `<prefix>-001.png`, `<prefix>-002.png`… in `dir`; the paths in order. */
export async function writeFrames(parts: string[], dir: string, prefix: string): Promise<string[]> {
  const files: string[] = [];
  for (const [i, part] of parts.entries()) {
    const file = join(dir, `${prefix}-${String(i + 1).padStart(3, '0')}.png`);
    await QRCode.toFile(file, part, { type: 'png', errorCorrectionLevel: 'L', margin: 4, scale: 4 });
    files.push(file);
  }
  return files;
}

/** The text of the QR code in each image; an image without a readable code gives an empty string. */
export function readFrames(files: string[]): string[] {
  return files.map((file) => {
    const png = PNG.sync.read(readFileSync(file));
    return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? '';
  });
}
