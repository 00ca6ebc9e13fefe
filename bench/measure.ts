/** Shared timing helper for benches: warm up, then time `runs` calls and report percentiles in ms. */
export function measure(fn: () => unknown, runs = 2000, warmup = 200) {
  for (let i = 0; i < warmup; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  return summarise(times);
}

export async function measureAsync(fn: () => Promise<unknown>, runs = 200, warmup = 20) {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  return summarise(times);
}

export function summarise(times: number[]) {
  const s = [...times].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { runs: s.length, median: at(0.5), p95: at(0.95), max: s[s.length - 1] };
}

export const ms = (v: number) => `${v.toFixed(3)} ms`;
