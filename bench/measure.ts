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

/**
 * Two renderers timed in turn, call for call (a, b, a, b…), so a busy machine slows both alike and
 * their ratio stays meaningful; also the process CPU time per call (user + system, which waiting for a
 * core does not inflate: the steadier figure on a shared machine).
 */
export async function measurePairAsync(a: () => Promise<unknown>, b: () => Promise<unknown>, runs = 200, warmup = 20) {
  for (let i = 0; i < warmup; i++) {
    await a();
    await b();
  }
  const ta: number[] = [];
  const tb: number[] = [];
  let cpuA = 0;
  let cpuB = 0;
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  for (let i = 0; i < runs; i++) {
    let c0 = cpu();
    let t0 = performance.now();
    await a();
    ta.push(performance.now() - t0);
    cpuA += cpu() - c0;
    c0 = cpu();
    t0 = performance.now();
    await b();
    tb.push(performance.now() - t0);
    cpuB += cpu() - c0;
  }
  return { a: { ...summarise(ta), cpu: cpuA / runs }, b: { ...summarise(tb), cpu: cpuB / runs } };
}
