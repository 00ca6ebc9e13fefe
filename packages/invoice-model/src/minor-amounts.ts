import type Decimal from 'decimal.js';
import { CalculationError } from './invoice-errors.ts';
import { Money, ZERO } from './money.ts';

/**
 * Exact integer views of money (minor units) and rates (millionths of a percent), so that
 * allocation and group rounding never depend on division precision.
 */
const POW10 = [1, 10, 100, 1000, 10000, 100000, 1000000].map((n) => new Money(n));

export const RATE_SCALE = 1_000_000n;

function toScaledBigInt(value: Decimal, places: number, what: string): bigint {
  const scaled = value.times(POW10[places]);
  if (!scaled.isInteger()) throw new CalculationError(what, 'decimal_places', `has more than ${places} decimal places`);
  return BigInt(scaled.toFixed(0));
}

const BIG_POW10: bigint[] = Array.from({ length: 41 }, (_, i) => 10n ** BigInt(i));

export function pow10(n: number): bigint {
  return BIG_POW10[n] ?? 10n ** BigInt(n);
}

/**
 * A JSON number as an exact integer count of 10^-places, read from its shortest decimal form (the
 * digits the client sent; what decimal.js would read too), without building a Decimal.
 * Throws CalculationError when the number has more decimals than `places`.
 */
export function numberToScaled(n: number, places: number, what = 'body'): bigint {
  if (Number.isInteger(n) && Math.abs(n) <= Number.MAX_SAFE_INTEGER) return BigInt(n) * pow10(places);
  if (!Number.isFinite(n)) throw new CalculationError(what, 'type', 'is not a finite number');
  const s = String(n);
  const e = s.indexOf('e');
  let mantissa = e < 0 ? s : s.slice(0, e);
  let exponent = e < 0 ? 0 : Number(s.slice(e + 1));
  const negative = mantissa.startsWith('-');
  if (negative) mantissa = mantissa.slice(1);
  const dot = mantissa.indexOf('.');
  if (dot >= 0) {
    exponent -= mantissa.length - dot - 1;
    mantissa = mantissa.slice(0, dot) + mantissa.slice(dot + 1);
  }
  const shift = places + exponent;
  let value: bigint;
  if (shift >= 0) value = BigInt(mantissa) * pow10(shift);
  else {
    const digits = BigInt(mantissa);
    if (digits % pow10(-shift) !== 0n)
      throw new CalculationError(what, 'decimal_places', `has more than ${places} decimal places`);
    value = digits / pow10(-shift);
  }
  return negative ? -value : value;
}

/** An integer count of 10^-places as a Decimal (one string parse, no arithmetic). */
const INV_POW10 = Array.from({ length: 41 }, (_, i) => new Money(`1e-${i}`));
const SMALL = 10_000_000n; // decimal.js builds integers below 1e7 without parsing a string

export function scaledToDecimal(units: bigint, places: number): Decimal {
  if (units === 0n) return ZERO;
  if (units < SMALL && units > -SMALL) {
    const whole = new Money(Number(units));
    return places === 0 ? whole : whole.times(INV_POW10[places]);
  }
  return places === 0 ? new Money(units.toString()) : new Money(`${units}e-${places}`);
}

/** Integer minor units (cents, or yen) → money with `mu` decimals. */
export function fromMinorUnits(units: bigint, mu: number): Decimal {
  return scaledToDecimal(units, mu);
}

/** A percentage with at most 6 decimals (D1 input rule) → millionths of a percent. */
export function rateToScaled(rate: Decimal): bigint {
  return toScaledBigInt(rate, 6, 'tax_rate');
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
