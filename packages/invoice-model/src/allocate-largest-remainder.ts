import { CalculationError } from './invoice-errors.ts';

/**
 * Splits `total` minor units over `weights` in proportion, by largest remainder (D1 steps 4 and 6):
 * each share is floor(total × w / Σw), then the leftover units go one each to the largest remainders,
 * ties to the earlier index. Exact integer arithmetic, so the shares always sum to `total`.
 */
export function allocateLargestRemainder(total: bigint, weights: readonly bigint[]): bigint[] {
  if (total < 0n) throw new CalculationError('body', 'invalid', 'cannot allocate a negative amount');
  let sum = 0n;
  for (const w of weights) {
    if (w < 0n) throw new CalculationError('body', 'invalid', 'cannot allocate over a negative weight');
    sum += w;
  }
  if (sum === 0n) {
    if (total === 0n) return weights.map(() => 0n);
    throw new CalculationError('body', 'invalid', 'cannot allocate a non-zero amount over zero weights');
  }
  const shares: bigint[] = new Array(weights.length);
  const remainders: bigint[] = new Array(weights.length);
  let given = 0n;
  for (let i = 0; i < weights.length; i++) {
    const product = total * weights[i];
    shares[i] = product / sum;
    remainders[i] = product % sum;
    given += shares[i];
  }
  const leftover = Number(total - given); // < weights.length by construction
  if (leftover > 0) {
    const order = weights.map((_, i) => i);
    order.sort((a, b) => (remainders[a] === remainders[b] ? a - b : remainders[a] > remainders[b] ? -1 : 1));
    for (let k = 0; k < leftover; k++) shares[order[k]] += 1n;
  }
  return shares;
}
