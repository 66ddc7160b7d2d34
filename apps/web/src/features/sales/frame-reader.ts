// What both camera readers return (barcode-camera.ts's own and the ZXing fallback, zxing-frame-reader.ts): a file
// of its own, so that neither reader's file imports the other's.

/** Reads one video frame: the code it shows, or undefined when there is none (yet). */
export type FrameReader = (video: HTMLVideoElement) => Promise<string | undefined>;
