import type Decimal from 'decimal.js';
import { allocateLargestRemainder } from './allocate-largest-remainder.ts';
import type { LineTax, TaxLine } from './calculated-invoice.ts';
import { divRoundHalfUp, fromMinorUnits, gcd, RATE_SCALE } from './minor-amounts.ts';
import type { LineTaxResolution } from './resolve-line-taxes.ts';

/** What tax grouping needs of a line: its taxable base (after its global-discount share) and its components. */
export interface TaxableLine {
  baseMinor: bigint;
  taxes: LineTaxResolution;
}

interface GroupMember {
  line: number;
  multiplicity: bigint;
  /** 100 % (exclusive) or 100 % + R (inclusive), in millionths of a percent: the divisor of this line's tax. */
  divisor: bigint;
}

const HUNDRED_PERCENT = 100n * RATE_SCALE;

/**
 * D1 steps 5–6 (and the tax-inclusive variant) in exact integer arithmetic.
 * A line's unrounded tax in a group, in minor units, is base × m × rate / divisor. Over a group every
 * term is brought to the common denominator L (lcm of the divisors) so that
 *   group amount = roundHalfUp(rate × Σw / L), w = base × m × (L / divisor),
 * is rounded once, and the weights w (proportional to each line's unrounded tax) drive the
 * largest-remainder allocation back to the lines.
 */
export interface TaxAllocation {
  taxLines: TaxLine[];
  lineTaxes: LineTax[][];
  /** Per line, Σ of its allocations, in minor units. */
  lineTaxMinor: bigint[];
  /** Σ group amounts, in minor units. */
  totalTaxMinor: bigint;
}

export function allocateTaxGroups(lines: readonly TaxableLine[], inclusive: boolean, mu: number): TaxAllocation {
  const groups: { key: string; name: string; rate: Decimal; scaledRate: bigint; members: GroupMember[] }[] = [];
  const groupIndex = new Map<string, number>();
  lines.forEach((line, i) => {
    const divisor = inclusive ? HUNDRED_PERCENT + line.taxes.scaledRateSum : HUNDRED_PERCENT;
    for (const c of line.taxes.components) {
      let g = groupIndex.get(c.key);
      if (g === undefined) {
        g = groups.length;
        groupIndex.set(c.key, g);
        groups.push({ key: c.key, name: c.name, rate: c.rate, scaledRate: c.scaledRate, members: [] });
      }
      groups[g].members.push({ line: i, multiplicity: c.multiplicity, divisor });
    }
  });

  const lineTaxes: LineTax[][] = lines.map(() => []);
  const lineTaxMinor: bigint[] = lines.map(() => 0n);
  let totalTaxMinor = 0n;
  const taxLines: TaxLine[] = groups.map((group, g) => {
    let common = group.members[0].divisor;
    for (const m of group.members) if (m.divisor !== common) common = (common / gcd(common, m.divisor)) * m.divisor;
    const weights = group.members.map((m) => lines[m.line].baseMinor * m.multiplicity * (common / m.divisor));
    let weightSum = 0n;
    for (const w of weights) weightSum += w;
    const amountMinor = divRoundHalfUp(group.scaledRate * weightSum, common);
    const shares = allocateLargestRemainder(amountMinor, weights);
    let baseMinor = 0n;
    group.members.forEach((m, k) => {
      baseMinor += lines[m.line].baseMinor;
      lineTaxes[m.line].push({ name: group.name, rate: group.rate, amount: fromMinorUnits(shares[k], mu), group: g });
      lineTaxMinor[m.line] += shares[k];
    });
    totalTaxMinor += amountMinor;
    return {
      name: group.name,
      rate: group.rate,
      taxable_base: fromMinorUnits(baseMinor, mu),
      amount: fromMinorUnits(amountMinor, mu),
    };
  });
  // Groups are filled in first-appearance order (D1's tax_lines order); each line lists its own
  // components in the order its request gave them.
  lines.forEach((line, i) => {
    if (lineTaxes[i].length < 2) return;
    const position = (t: LineTax) => line.taxes.components.findIndex((c) => c.key === groups[t.group].key);
    lineTaxes[i].sort((a, b) => position(a) - position(b));
  });
  return { taxLines, lineTaxes, lineTaxMinor, totalTaxMinor };
}
