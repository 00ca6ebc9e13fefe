// Small PNGs drawn in code for the gallery and image tests: a logo mark and a handwritten-looking signature.
import { PNG } from 'pngjs';

type Rgba = [number, number, number, number];

function canvas(w: number, h: number, fill: Rgba) {
  const png = new PNG({ width: w, height: h });
  for (let i = 0; i < w * h; i++) png.data.set(fill, i * 4);
  const dot = (x: number, y: number, r: number, c: Rgba) => {
    for (let dy = -r; dy <= r; dy++)
      for (let dx = -r; dx <= r; dx++) {
        const px = Math.round(x + dx);
        const py = Math.round(y + dy);
        if (dx * dx + dy * dy <= r * r && px >= 0 && py >= 0 && px < w && py < h) png.data.set(c, (py * w + px) * 4);
      }
  };
  return { png, dot, bytes: () => new Uint8Array(PNG.sync.write(png)) };
}

/**
 * Each image drawn and PNG-encoded once (about 17 ms each); every call gets a copy of its own, a new array as
 * before, so nothing the renderer keeps by an array's identity (image-header.ts) is shared between calls.
 */
const drawn = new Map<string, Uint8Array>();
function once(name: string, draw: () => Uint8Array): Uint8Array {
  if (!drawn.has(name)) drawn.set(name, draw());
  return drawn.get(name)!.slice();
}

/** A 360×120 logo: a teal ring with a bar beside it, on white. */
export function sampleLogoPng(): Uint8Array {
  return once('logo', drawLogo);
}

/** A 300×100 signature: a blue pen stroke on a transparent background. */
export function sampleSignaturePng(): Uint8Array {
  return once('signature', drawSignature);
}

function drawLogo(): Uint8Array {
  const { dot, bytes } = canvas(360, 120, [255, 255, 255, 255]);
  const teal: Rgba = [15, 118, 110, 255];
  for (let a = 0; a < 360; a += 1)
    dot(60 + 42 * Math.cos((a * Math.PI) / 180), 60 + 42 * Math.sin((a * Math.PI) / 180), 9, teal);
  for (let x = 130; x < 340; x += 2) {
    dot(x, 48, 8, [30, 41, 59, 255]);
    if (x < 280) dot(x, 80, 5, teal);
  }
  return bytes();
}

function drawSignature(): Uint8Array {
  const { dot, bytes } = canvas(300, 100, [255, 255, 255, 0]);
  const ink: Rgba = [25, 45, 130, 255];
  for (let t = 0; t <= 1; t += 0.0008) {
    const x = 15 + 270 * t;
    const y = 55 + 22 * Math.sin(t * 19) * (1 - t * 0.6) - 10 * Math.sin(t * 5);
    dot(x, y, 2, ink);
  }
  for (let x = 40; x < 260; x += 1) dot(x, 85 + 2 * Math.sin(x / 20), 1, ink);
  return bytes();
}
