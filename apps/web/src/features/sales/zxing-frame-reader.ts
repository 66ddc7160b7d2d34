// The camera scan's fallback reader (barcode-camera.ts): ZXing-C++ as WebAssembly, imported only when a browser
// without BarcodeDetector opens the camera, so it stays out of the POS's own bundle. The library would fetch its
// .wasm from a public CDN by default; locateFile points it at the copy Vite bundles and this server serves.

import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { FrameReader } from './frame-reader.ts';

export async function zxingFrameReader(): Promise<FrameReader> {
  await prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
    fireImmediately: true,
  });
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('no 2D canvas in this browser');
  return async (video) => {
    const { videoWidth: width, videoHeight: height } = video;
    if (!width || !height) return undefined;
    canvas.width = width;
    canvas.height = height;
    context.drawImage(video, 0, 0, width, height);
    const [hit] = await readBarcodes(context.getImageData(0, 0, width, height), {
      formats: ['EAN13', 'EAN8', 'UPCA', 'UPCE', 'Code128'],
      tryHarder: true,
      maxNumberOfSymbols: 1,
    });
    return hit?.text || undefined;
  };
}
