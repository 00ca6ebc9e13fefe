import Decimal from 'decimal.js';

export type RoundingMode = 'none' | 'nearest' | 'up' | 'down';

/**
 * D1 step 8: `nearest`, `up` and `down` round the pre-rounding total to a whole currency unit
 * (half-up, towards +∞, towards −∞); `none` leaves it. The adjustment is grand_total − pre_rounding.
 */
export function applyRounding(
  preRounding: Decimal,
  mode: RoundingMode,
): { grand_total: Decimal; rounding_adjustment: Decimal } {
  let grand: Decimal;
  switch (mode) {
    case 'none':
      grand = preRounding;
      break;
    case 'nearest':
      grand = preRounding.toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
      break;
    case 'up':
      grand = preRounding.toDecimalPlaces(0, Decimal.ROUND_CEIL);
      break;
    case 'down':
      grand = preRounding.toDecimalPlaces(0, Decimal.ROUND_FLOOR);
      break;
  }
  return { grand_total: grand, rounding_adjustment: grand.minus(preRounding) };
}
