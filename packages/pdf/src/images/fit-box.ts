/** A placed rectangle in points. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Scales an image of `width`×`height` to fit inside `box` keeping its aspect ratio, aligned
 * to the box's top and to its start side (`align`), as logos and signatures sit in their corner.
 */
export function fitInBox(width: number, height: number, box: Box, align: 'left' | 'right' | 'center' = 'left'): Box {
  if (width <= 0 || height <= 0) return { ...box, width: 0, height: 0 };
  const scale = Math.min(box.width / width, box.height / height);
  const w = width * scale;
  const h = height * scale;
  const x = align === 'left' ? box.x : align === 'right' ? box.x + box.width - w : box.x + (box.width - w) / 2;
  return { x, y: box.y, width: w, height: h };
}
