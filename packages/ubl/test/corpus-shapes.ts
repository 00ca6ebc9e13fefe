import { type El, parseUbl } from './ubl-dom.ts';

/**
 * What makes two produced documents (UBL or CII) the same shape for the official rules, read from the XML
 * alone: every element path and attribute name present, every code value (document type, tax category,
 * exemption reason, payment means, allowance/charge indicator and reason, country, currency, unit), and the
 * sign class (zero, negative, whole, with a fraction) of every number. Two documents with the same features
 * differ only in names, texts and amounts, which the Schematron checks with the same asserts; the arithmetic
 * over every amount is checked over the whole corpus by the hand-written rule checks.
 */
export function shapeFeatures(xml: string): Set<string> {
  const features = new Set<string>();
  const walk = (el: El, parentPath: string, parent: string) => {
    const here = `${parentPath}/${el.name}`;
    features.add(here);
    for (const [name, value] of Object.entries(el.attrs)) {
      if (name.startsWith('xmlns')) continue;
      features.add(`${here}@${name}`);
      // A currency is one code list entry (BR-CL-03) wherever it stands; a unit code is read per element.
      features.add(name === 'currencyID' ? `currencyID=${value}` : `${el.name}@${name}=${value}`);
    }
    if (el.children.length === 0) {
      const text = el.text.trim();
      if (isCode(el.name, parent)) features.add(`${parent}/${el.name}=${text}`);
      const sign = numberClass(text);
      if (sign && !/(ID|Date|DateTime|Code)$/.test(el.name)) features.add(`${parent}/${el.name}:${sign}`);
    }
    for (const child of el.children) walk(child, here, el.name);
  };
  walk(parseUbl(xml), '', '');
  return features;
}

const CODE = /(TypeCode|CategoryCode|ReasonCode|PaymentMeansCode|Indicator|IdentificationCode|CountryID|CurrencyCode)$/;

function isCode(name: string, parent: string): boolean {
  return CODE.test(name) || (name === 'cbc:ID' && parent === 'cac:TaxCategory');
}

function numberClass(text: string): string | undefined {
  if (!/^-?\d+(\.\d+)?$/.test(text)) return undefined;
  const n = Number(text);
  if (n === 0) return 'zero';
  if (n < 0) return 'negative';
  return /\.\d*[1-9]/.test(text) ? 'fraction' : 'whole';
}

/** The features of `corpus` that no document of `subset` has: empty when the subset shows every shape. */
export function missingShapes(corpus: readonly string[], subset: readonly string[]): string[] {
  const covered = new Set(subset.flatMap((xml) => [...shapeFeatures(xml)]));
  return [...new Set(corpus.flatMap((xml) => [...shapeFeatures(xml)]))].filter((f) => !covered.has(f)).sort();
}
