// Rasterises a chosen picture's SVG into a square PNG with transparency, for a scene to lay over
// its background.
import sharp from 'sharp';

/** A picture is a few kilobytes of SVG; anything slower than this is stuck, not busy. */
const SHARP_TIMEOUT = { seconds: 30 };

/** The largest side of the SVG's viewBox (or its width and height), in its own units. */
function svgUnits(svg: string): number {
  const viewBox = /viewBox\s*=\s*["']\s*[-\d.e]+[\s,]+[-\d.e]+[\s,]+([\d.e]+)[\s,]+([\d.e]+)/i.exec(
    svg,
  );
  const width = Number(viewBox?.[1] ?? /\swidth\s*=\s*["']([\d.]+)/i.exec(svg)?.[1]);
  const height = Number(viewBox?.[2] ?? /\sheight\s*=\s*["']([\d.]+)/i.exec(svg)?.[1]);
  const units = Math.max(width || 0, height || 0);
  return units > 0 ? units : 32;
}

/**
 * Draws the SVG as a `sizePx` × `sizePx` PNG with alpha, the picture centred and whole. The SVG is
 * rendered at the density that makes its larger side `sizePx` pixels: librsvg's default 72 dpi
 * would draw a 32-unit icon at 32 px and leave the resize to blur it up.
 */
export async function renderPicture(
  svg: string,
  sizePx: number,
  outputFile: string,
): Promise<void> {
  if (!Number.isInteger(sizePx) || sizePx < 1) {
    throw new RangeError(`A picture's size must be a whole number of pixels, not ${sizePx}.`);
  }
  // sharp takes densities of 1 to 100 000 dpi.
  const density = Math.min(100_000, Math.max(1, (72 * sizePx) / svgUnits(svg)));
  await sharp(Buffer.from(svg), { density })
    .resize(sizePx, sizePx, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .ensureAlpha()
    .png()
    .timeout(SHARP_TIMEOUT)
    .toFile(outputFile);
}
