// Reading and writing one field of the request by the model's path notation (`items[2].unit_price`,
// `global_taxes[0].rate`), and turning what a control holds into the value the request carries.

export type Json = Record<string, unknown>;

/** `items[2].unit_price` → ['items', 2, 'unit_price']. */
function splitPath(path: string): (string | number)[] {
  const out: (string | number)[] = [];
  for (const m of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) out.push(m[2] !== undefined ? Number(m[2]) : m[1]);
  return out;
}

export function getPath(root: unknown, path: string): unknown {
  let v: unknown = root;
  for (const seg of splitPath(path)) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string | number, unknown>)[seg];
  }
  return v;
}

/**
 * Sets (or, for `undefined`, deletes) one field, making the objects on the way; an object left empty
 * by a deletion (`invoice` without its fields) is removed too, so the JSON shows only what was given.
 */
export function setPath(root: Json, path: string, value: unknown): void {
  const segs = splitPath(path);
  const chain: Record<string | number, unknown>[] = [root];
  let node: Record<string | number, unknown> = root;
  for (const [i, seg] of segs.slice(0, -1).entries()) {
    let next = node[seg];
    if (next === null || typeof next !== 'object') {
      if (value === undefined) return;
      next = typeof segs[i + 1] === 'number' ? [] : {};
      node[seg] = next;
    }
    node = next as Record<string | number, unknown>;
    chain.push(node);
  }
  const last = segs[segs.length - 1];
  if (value !== undefined) {
    node[last] = value;
    return;
  }
  delete node[last];
  for (let i = chain.length - 1; i > 0; i--) {
    const empty = Array.isArray(chain[i]) ? false : Object.keys(chain[i]).length === 0;
    if (!empty) break;
    delete chain[i - 1][segs[i - 1]];
  }
}

/** Blank is "not given"; a numeric control's text that reads as a number is that number, else the text as typed. */
export function controlValue(text: string, numeric: boolean): unknown {
  if (text.trim() === '') return undefined;
  if (!numeric) return text;
  const n = Number(text.trim());
  return Number.isFinite(n) && /^-?[\d.]+(e[+-]?\d+)?$/i.test(text.trim()) ? n : text;
}

/** What a control shows for a request value: numbers and strings as they are, anything else blank. */
export function controlText(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'string') return String(value);
  return value === undefined || value === null ? '' : JSON.stringify(value);
}
