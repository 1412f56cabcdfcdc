// Draws the still layers a scene is composed from, as uncompressed PPM/PAM images that ffmpeg
// reads in one go: the palette gradient, the soft light shapes, the caption box, the title backdrop.
// Node paints them once per scene; ffmpeg then only moves them, which keeps rendering cheap.
import type { Palette, Rgb } from './scene-style';

type Point = { x: number; y: number };

function ppm(width: number, height: number, rgb: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`P6\n${width} ${height}\n255\n`, 'latin1'), rgb]);
}

function pam(width: number, height: number, rgba: Buffer): Buffer {
  const header = `P7\nWIDTH ${width}\nHEIGHT ${height}\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n`;
  return Buffer.concat([Buffer.from(header, 'latin1'), rgba]);
}

/** Separable Gaussian profile along one axis: blob weight = rows[y] * columns[x]. */
function gaussianProfile(length: number, centre: number, radius: number): Float32Array {
  const profile = new Float32Array(length);
  for (let index = 0; index < length; index++) {
    const distance = (index - centre) / radius;
    profile[index] = Math.exp(-distance * distance);
  }
  return profile;
}

/**
 * A mesh-like gradient: the dark base colour, a diagonal wash, and large soft blobs of the palette
 * at seeded places. Painted small (it has no detail) and scaled up once by ffmpeg.
 */
export function gradientImage(
  width: number,
  height: number,
  palette: Palette,
  random: () => number,
): Buffer {
  // One blob per quadrant (shuffled by the seed), so the colours spread over the whole image.
  const quadrants = [
    { x: 0.25, y: 0.25 },
    { x: 0.75, y: 0.25 },
    { x: 0.25, y: 0.75 },
    { x: 0.75, y: 0.75 },
  ];
  for (let index = quadrants.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [quadrants[index], quadrants[other]] = [quadrants[other], quadrants[index]] as [Point, Point];
  }
  const [main, companion, deep] = palette.blobs;
  const blobs = [
    { colour: main, strength: 0.95 },
    { colour: companion, strength: 0.85 },
    { colour: deep, strength: 0.6 },
    { colour: main, strength: 0.7 },
  ].map(({ colour, strength }, index) => {
    const place = quadrants[index] ?? { x: 0.5, y: 0.5 };
    const radius = Math.min(width, height) * (0.3 + random() * 0.2);
    return {
      colour,
      strength,
      rows: gaussianProfile(height, (place.y + (random() - 0.5) * 0.3) * height, radius),
      columns: gaussianProfile(width, (place.x + (random() - 0.5) * 0.3) * width, radius * 1.4),
    };
  });
  const [washRed, washGreen, washBlue] = main;
  const [baseRed, baseGreen, baseBlue] = palette.base;
  const washFromTopLeft = random() < 0.5;

  const rgb = new Uint8ClampedArray(width * height * 3);
  let offset = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const across = washFromTopLeft ? x / width : 1 - x / width;
      const wash = ((across + y / height) / 2) * 0.35;
      let red = baseRed + (washRed - baseRed) * wash;
      let green = baseGreen + (washGreen - baseGreen) * wash;
      let blue = baseBlue + (washBlue - baseBlue) * wash;
      for (const blob of blobs) {
        const weight = blob.strength * (blob.rows[y] ?? 0) * (blob.columns[x] ?? 0);
        red += (blob.colour[0] - red) * weight;
        green += (blob.colour[1] - green) * weight;
        blue += (blob.colour[2] - blue) * weight;
      }
      rgb[offset++] = red;
      rgb[offset++] = green;
      rgb[offset++] = blue;
    }
  }
  return ppm(width, height, Buffer.from(rgb.buffer));
}

/**
 * A round light: the glow colour with an alpha that falls smoothly to zero at the edge. Smooth
 * enough to paint small and let ffmpeg scale up once.
 */
export function glowImage(size: number, colour: Rgb, peakOpacity: number): Buffer {
  const rgba = Buffer.alloc(size * size * 4);
  const radius = size / 2;
  let offset = 0;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const distance = Math.hypot(x + 0.5 - radius, y + 0.5 - radius) / radius;
      const falloff = Math.max(0, 1 - distance * distance);
      rgba[offset++] = colour[0];
      rgba[offset++] = colour[1];
      rgba[offset++] = colour[2];
      rgba[offset++] = Math.round(255 * peakOpacity * falloff * falloff);
    }
  }
  return pam(size, size, rgba);
}

/** Coverage (0..1) of a pixel by a rounded rectangle, anti-aliased over about one pixel. */
function roundedRectCoverage(
  x: number,
  y: number,
  rect: { left: number; top: number; width: number; height: number; radius: number },
): number {
  const halfWidth = rect.width / 2;
  const halfHeight = rect.height / 2;
  const dx = Math.abs(x + 0.5 - (rect.left + halfWidth)) - (halfWidth - rect.radius);
  const dy = Math.abs(y + 0.5 - (rect.top + halfHeight)) - (halfHeight - rect.radius);
  const outside = Math.hypot(Math.max(dx, 0), Math.max(dy, 0)) + Math.min(Math.max(dx, dy), 0);
  return Math.min(1, Math.max(0, rect.radius - outside + 0.5));
}

/** A translucent box with rounded corners (the caption's and the scene tag's background). */
export function roundedBoxImage(
  width: number,
  height: number,
  radius: number,
  colour: Rgb,
  opacity: number,
): Buffer {
  const rgba = Buffer.alloc(width * height * 4);
  const rect = { left: 0, top: 0, width, height, radius };
  let offset = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      rgba[offset++] = colour[0];
      rgba[offset++] = colour[1];
      rgba[offset++] = colour[2];
      rgba[offset++] = Math.round(255 * opacity * roundedRectCoverage(x, y, rect));
    }
  }
  return pam(width, height, rgba);
}

/** Behind the title: a soft dark ellipse, so white type reads on any photo or gradient. */
export function titleBackdropImage(width: number, height: number): Buffer {
  const rgba = Buffer.alloc(width * height * 4);
  let offset = 3;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const dx = (x + 0.5 - width / 2) / (width / 2);
      const dy = (y + 0.5 - height / 2) / (height / 2);
      const falloff = Math.max(0, 1 - (dx * dx + dy * dy));
      rgba[offset] = Math.round(255 * 0.42 * falloff * falloff);
      offset += 4;
    }
  }
  return pam(width, height, rgba);
}

/** A fully transparent canvas, for text that has no box of its own (the watermark). */
export function transparentImage(width: number, height: number): Buffer {
  return pam(width, height, Buffer.alloc(width * height * 4));
}

/** A band that darkens towards the bottom (the caption's ground), eased so it has no visible top. */
export function scrimImage(width: number, height: number, peakOpacity: number): Buffer {
  const rgba = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    const depth = (y + 0.5) / height;
    // Smoothstep: no edge where the band begins.
    const eased = depth * depth * (3 - 2 * depth);
    const alpha = Math.round(255 * peakOpacity * eased);
    for (let x = 0; x < width; x++) rgba[(y * width + x) * 4 + 3] = alpha;
  }
  return pam(width, height, rgba);
}

/** The brand's gradient, violet to orange, which edges the wipe between scenes. */
const BRAND_FROM: Rgb = [124, 58, 237];
const BRAND_TO: Rgb = [249, 115, 22];
/** The wipe panel's own colour: a deep night violet, close to the app's dark background. */
const PANEL: Rgb = [16, 12, 30];

/**
 * The wipe panel: opaque, with a band of the brand's gradient along the edge that leads the way
 * and a soft glow just inside it.
 */
export function wipePanelImage(
  width: number,
  height: number,
  edge: 'left' | 'right' | 'top' | 'bottom',
): Buffer {
  const rgb = Buffer.alloc(width * height * 4);
  const vertical = edge === 'left' || edge === 'right';
  const depth = vertical ? width : height;
  const length = vertical ? height : width;
  const band = Math.max(1, Math.round(Math.min(width, height) * 0.012));
  let offset = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // Distance from the leading edge, and position along it (for the gradient).
      const inward =
        edge === 'left'
          ? x
          : edge === 'right'
            ? width - 1 - x
            : edge === 'top'
              ? y
              : height - 1 - y;
      const along = (vertical ? y : x) / Math.max(1, length - 1);
      const brand: Rgb = [
        BRAND_FROM[0] + (BRAND_TO[0] - BRAND_FROM[0]) * along,
        BRAND_FROM[1] + (BRAND_TO[1] - BRAND_FROM[1]) * along,
        BRAND_FROM[2] + (BRAND_TO[2] - BRAND_FROM[2]) * along,
      ];
      let mix = 0;
      if (inward < band) mix = 1;
      else mix = 0.35 * Math.exp(-(inward - band) / (depth * 0.03));
      rgb[offset++] = PANEL[0] + (brand[0] - PANEL[0]) * mix;
      rgb[offset++] = PANEL[1] + (brand[1] - PANEL[1]) * mix;
      rgb[offset++] = PANEL[2] + (brand[2] - PANEL[2]) * mix;
      rgb[offset++] = 255;
    }
  }
  return pam(width, height, rgb);
}
