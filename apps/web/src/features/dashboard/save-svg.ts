// A chart drawn as SVG, saved as a PNG file the way a browser saves a download.
import { saveBlob } from '../../api/download.ts';

/** Pixels of the PNG per pixel on screen: sharp when printed or shown on a larger screen. */
const SCALE = 2;

/**
 * Draws `svg` on a canvas through an image of its markup (the chart carries its own fonts and colours as attributes,
 * since an image of SVG does not see the page's styles) and downloads the canvas as `fileName`.
 */
export async function saveSvgAsPng(svg: SVGSVGElement, fileName: string) {
  const { width, height } = svg.viewBox.baseVal;
  const markup = new XMLSerializer().serializeToString(svg);
  const source = URL.createObjectURL(new Blob([markup], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = source;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = width * SCALE;
    canvas.height = height * SCALE;
    canvas.getContext('2d')?.drawImage(image, 0, 0, canvas.width, canvas.height);
    const png = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!png) throw new Error('The chart could not be drawn as a PNG');
    saveBlob(png, fileName);
  } finally {
    URL.revokeObjectURL(source);
  }
}
