// Reading QR codes in the browser: from uploaded images and from camera frames, with jsQR (fetched on first use, so
// no screen pays for it until a code is read). The text of each code is returned as it is; what it means (a UR part
// of a signed transaction or an account key) is the server's to judge.

type JsQr = typeof import('jsqr').default;
let decoder: Promise<JsQr> | undefined;
const jsQr = () => {
  decoder ??= import('jsqr').then((m) => m.default);
  return decoder;
};

/** The text of the QR code in an image's pixels, or null when none is found. */
async function readPixels(source: CanvasImageSource, width: number, height: number): Promise<string | null> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context || width === 0 || height === 0) return null;
  context.drawImage(source, 0, 0, width, height);
  const pixels = context.getImageData(0, 0, width, height);
  const found = (await jsQr())(pixels.data, width, height, { inversionAttempts: 'attemptBoth' });
  return found?.data || null;
}

/** The QR code's text in an uploaded image file; null when the image holds none or cannot be read. */
export async function readQrImage(file: Blob): Promise<string | null> {
  try {
    const bitmap = await createImageBitmap(file);
    try {
      return await readPixels(bitmap, bitmap.width, bitmap.height);
    } finally {
      bitmap.close();
    }
  } catch {
    return null;
  }
}

/** The QR code's text in the video's current frame, or null. */
export function readQrFrame(video: HTMLVideoElement): Promise<string | null> {
  return readPixels(video, video.videoWidth, video.videoHeight);
}
