import type Decimal from 'decimal.js';
import { Money } from './money.ts';
import { CalculationError } from './invoice-errors.ts';

/**
 * Exact integer views of money (minor units) and rates (millionths of a percent), so that
 * allocation and group rounding never depend on division precision.
 */
const POW10 = [1, 10, 100, 1000, 10000, 100000, 1000000].map((n) => new Money(n));

export const RATE_SCALE = 1_000_000n;

function toScaledBigInt(value: Decimal, places: number, what: string): bigint {
  const scaled = value.times(POW10[places]);
  if (!scaled.isInteger()) throw new CalculationError(`${what} has more than ${places} decimal places`);
  return BigInt(scaled.toFixed(0));
}

/** Money already rounded to `mu` decimals → integer minor units. */
export function toMinorUnits(value: Decimal, mu: number): bigint {
  return toScaledBigInt(value, mu, 'an amount');
}

export function fromMinorUnits(units: bigint, mu: number): Decimal {
  return mu === 0 ? new Money(units.toString()) : new Money(`${units}e-${mu}`);
}

/** A percentage with at most 6 decimals (D1 input rule) → millionths of a percent. */
export function rateToScaled(rate: Decimal): bigint {
  return toScaledBigInt(rate, 6, 'a tax rate');
}

/** Half-up division of non-negative integers. */
export function divRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator);
}

export function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/** Largest count of minor units whose JSON number is still exact: 15 significant digits. */
export const MAX_EXACT_MINOR_UNITS = 999_999_999_999_999n;
