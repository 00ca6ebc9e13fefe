import type Decimal from 'decimal.js';
import type { InvoiceRequest, LineItem, TaxComponent } from './invoice-request-schema.ts';
import { rateToScaled } from './minor-amounts.ts';
import { money } from './money.ts';

/** One tax component of a line, identified by its group key (D1 step 5: distinct name and rate). */
export interface ResolvedTaxComponent {
  name: string;
  rate: Decimal;
  /** The rate in millionths of a percent. */
  scaledRate: bigint;
  /** `name` + NUL + the rate's canonical decimal text: one tax group per distinct key. */
  key: string;
  /** How often the line lists this exact component (normally 1; duplicates add up). */
  multiplicity: bigint;
}

export type TaxSource = 'line_taxes' | 'line_rate' | 'global_taxes' | 'global_rate' | 'none';

export interface LineTaxResolution {
  source: TaxSource;
  components: ResolvedTaxComponent[];
  /** Σ rate × multiplicity, in millionths of a percent (the R of tax-inclusive pricing). */
  scaledRateSum: bigint;
  /** The single rate that applied (own tax_rate or global_tax), for display. */
  singleRate?: Decimal;
}

/** Default component name for a single rate: `Tax 20%`, `Tax 7.5%` (no trailing zeros). */
export function defaultTaxName(rate: Decimal): string {
  return `Tax ${rate.toString()}%`;
}

/** Rates repeat across lines and requests: their Decimal, scaled form and default name are computed once. */
const rateCache = new Map<number, { rate: Decimal; scaledRate: bigint; defaultName: string; text: string }>();

function rateInfo(value: number) {
  let info = rateCache.get(value);
  if (!info) {
    const rate = money(value);
    info = { rate, scaledRate: rateToScaled(rate), defaultName: defaultTaxName(rate), text: rate.toString() };
    if (rateCache.size < 512) rateCache.set(value, info);
  }
  return info;
}

function resolveComponents(list: readonly { name?: string; rate: number }[]): ResolvedTaxComponent[] {
  if (list.length === 1) {
    const c = list[0];
    const info = rateInfo(c.rate);
    const name = c.name !== undefined && c.name.trim() !== '' ? c.name : info.defaultName;
    return [{ name, rate: info.rate, scaledRate: info.scaledRate, key: `${name}\u0000${info.text}`, multiplicity: 1n }];
  }
  const byKey = new Map<string, ResolvedTaxComponent>();
  for (const c of list) {
    const info = rateInfo(c.rate);
    const name = c.name !== undefined && c.name.trim() !== '' ? c.name : info.defaultName;
    const key = `${name}\u0000${info.text}`;
    const seen = byKey.get(key);
    if (seen) seen.multiplicity += 1n;
    else byKey.set(key, { name, rate: info.rate, scaledRate: info.scaledRate, key, multiplicity: 1n });
  }
  return [...byKey.values()];
}

function resolution(source: TaxSource, components: ResolvedTaxComponent[], singleRate?: Decimal): LineTaxResolution {
  let sum = 0n;
  for (const c of components) sum += c.scaledRate * c.multiplicity;
  return { source, components, scaledRateSum: sum, singleRate };
}

/**
 * Resolves once per invoice what lines without their own tax get (D1 step 5 / rule 3):
 * `global_taxes`, else `global_tax`, else nothing.
 */
export function resolveGlobalTaxes(req: Pick<InvoiceRequest, 'global_tax' | 'global_taxes'>): LineTaxResolution {
  if (req.global_taxes !== undefined) return resolution('global_taxes', resolveComponents(req.global_taxes));
  if (req.global_tax !== undefined) {
    const components = resolveComponents([{ rate: req.global_tax }]);
    return resolution('global_rate', components, components[0].rate);
  }
  return resolution('none', []);
}

/** A line's own `taxes` or `tax_rate` override the global ones; a line with none of them gets the global ones. */
export function resolveLineTaxes(
  item: Pick<LineItem, 'tax_rate' | 'taxes'>,
  global: LineTaxResolution,
): LineTaxResolution {
  if (item.taxes !== undefined) return resolution('line_taxes', resolveComponents(item.taxes as TaxComponent[]));
  if (item.tax_rate !== undefined) {
    const components = resolveComponents([{ rate: item.tax_rate }]);
    return resolution('line_rate', components, components[0].rate);
  }
  return global;
}
