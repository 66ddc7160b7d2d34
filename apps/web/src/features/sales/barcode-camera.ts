// Reading a barcode from a camera frame: the browser's own BarcodeDetector where it has one (Chrome on
// Android and macOS, Safari), else ZXing compiled to WebAssembly, loaded on first use from this server (its own
// chunk and .wasm asset, precached for offline use; nothing is fetched from elsewhere).

import type { FrameReader } from './frame-reader.ts';

/** What shop goods carry: EAN-13, EAN-8, UPC-A, UPC-E, and Code 128 (our own labels from the SKU). */
const DETECTOR_FORMATS = ['ean_13', 'ean_8', 'upc_a', 'upc_e', 'code_128'];

// The part of the Barcode Detection API used here (not yet in TypeScript's DOM types).
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeReader(): Promise<FrameReader | undefined> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return undefined;
  const supported = await Detector.getSupportedFormats().catch(() => [] as string[]);
  // A detector without all of them (some desktop builds read only QR codes) would miss goods: take ZXing instead.
  if (!DETECTOR_FORMATS.every((format) => supported.includes(format))) return undefined;
  const detector = new Detector({ formats: DETECTOR_FORMATS });
  return async (video) => (await detector.detect(video))[0]?.rawValue || undefined;
}

export async function loadFrameReader(): Promise<FrameReader> {
  return (await nativeReader()) ?? (await import('./zxing-frame-reader.ts')).zxingFrameReader();
}

/** Opens the camera, the back one where there are several (a phone's front camera cannot focus on a label). */
export function openCamera(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) return Promise.reject(new CameraUnavailable());
  return navigator.mediaDevices.getUserMedia({
    audio: false,
    video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
  });
}

/** The browser offers no camera API here: an insecure page (plain HTTP to another computer) or a very old browser. */
class CameraUnavailable extends Error {}

/** What the cashier reads when the camera cannot be used, and what to do instead. */
export function cameraProblem(err: unknown): string {
  const instead = 'Type or scan the code into the Find item box instead.';
  if (err instanceof CameraUnavailable) {
    return window.isSecureContext
      ? `This browser cannot use a camera. ${instead}`
      : `The camera works only when Duka is opened over https or on this computer itself (localhost). ${instead}`;
  }
  const name = err instanceof Error ? err.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return `Permission to use the camera was refused. Allow the camera for this site in the browser's settings, then press Scan again. ${instead}`;
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return `No camera was found on this device. ${instead}`;
  if (name === 'NotReadableError' || name === 'AbortError') {
    return 'The camera could not start: another app may be using it. Close that app and press Scan again.';
  }
  return `The barcode reader could not start (${err instanceof Error ? err.message : String(err)}). ${instead}`;
}
