import { z } from 'zod';
import { isCountryCode } from './country-codes.ts';
import { ruleParams } from './issue-rules.ts';

/** Limits of D1 and D5, named so messages and docs can cite them. */
export const LIMITS = {
  maxItems: 100,
  maxQuantity: 1e9,
  maxUnitPrice: 1e12,
  maxAmount: 1e15,
  maxDecimals: 6,
  maxShortText: 500,
  maxLongText: 5000,
  maxQrText: 1000,
  maxImageBytes: 2.5 * 1024 * 1024,
} as const;

/**
 * Decimal places of a JSON number as written in its shortest form (what decimal.js reads too),
 * without building a Decimal: this check runs on every numeric field of every request.
 */
export function decimalPlaces(n: number): number {
  if (Number.isInteger(n) || !Number.isFinite(n)) return 0;
  const s = String(n);
  const e = s.indexOf('e');
  const mantissa = e < 0 ? s : s.slice(0, e);
  const dot = mantissa.indexOf('.');
  const fraction = dot < 0 ? 0 : mantissa.length - dot - 1;
  return Math.max(0, fraction - (e < 0 ? 0 : Number(s.slice(e + 1))));
}

/** A finite JSON number within [min, max] with at most six decimal places (D1). Strings are refused. */
export function boundedNumber(min: number, max: number) {
  return z
    .number({
      error: (iss) => (iss.input === undefined ? 'is required' : 'must be a number (numeric strings are not accepted)'),
    })
    .min(min, { message: `must be at least ${min}` })
    .max(max, { message: `must be at most ${max}` })
    .refine((n) => decimalPlaces(n) <= LIMITS.maxDecimals, {
      message: `must have at most ${LIMITS.maxDecimals} decimal places`,
      ...ruleParams('decimal_places'),
    });
}

export const percentRate = () => boundedNumber(0, 100);
export const moneyAmount = () => boundedNumber(0, LIMITS.maxAmount);

/** 'is required' when absent, else the type rule: messages name the rule (D4). */
const stringError = (iss: { input?: unknown }) => (iss.input === undefined ? 'is required' : 'must be a string');

export const shortText = () =>
  z
    .string({ error: stringError })
    .max(LIMITS.maxShortText, { message: `must be at most ${LIMITS.maxShortText} characters` });
export const longText = () =>
  z
    .string({ error: stringError })
    .max(LIMITS.maxLongText, { message: `must be at most ${LIMITS.maxLongText} characters` });
/** An ISO 3166-1 alpha-2 country code, trimmed and upper-cased (`nl` → `NL`); the empty string counts as not given. */
export const countryCode = () =>
  z
    .string({ error: stringError })
    .trim()
    .toUpperCase()
    .refine((s) => s === '' || isCountryCode(s), {
      message: 'must be an ISO 3166-1 alpha-2 country code',
      ...ruleParams('format'),
    });
export const requiredName = () =>
  shortText().refine((s) => s.trim().length > 0, {
    message: 'is required and must not be empty',
    ...ruleParams('not_empty'),
  });

function isCalendarDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const dt = new Date(Date.UTC(y, mo - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === mo - 1 && dt.getUTCDate() === d;
}

/** A YYYY-MM-DD calendar date (D13). */
export const calendarDate = () =>
  z
    .string({ error: 'must be a date string' })
    .refine(isCalendarDate, { message: 'must be a calendar date in the form YYYY-MM-DD', ...ruleParams('format') });

/** An image as a data: URI (png or jpeg) or an https URL; bytes are checked when the image is loaded (D5). */
export const imageSource = () =>
  z
    .string({ error: 'must be a string' })
    .max(4_000_000, { message: 'must be at most 2.5 MB of image data' })
    .refine((s) => /^data:image\/(png|jpe?g);base64,/i.test(s) || /^https:\/\/[^\s]+$/i.test(s), {
      message: 'must be an https URL or a data:image/png or data:image/jpeg base64 URI',
      ...ruleParams('format'),
    });
