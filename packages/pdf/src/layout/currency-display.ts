/**
 * How the PDF names a currency beside its amounts: by the symbol the language writes (€, ¥, د.ك.), unless a
 * symbol needs a glyph the bundled Noto fonts do not have, where a replacement box would stand in for it. Then
 * the ISO code prints instead (`THB 1,234.50`), which every reader of an invoice understands.
 *
 * Of the 155 ISO 4217 currencies (decision C-ISO) in the 11 languages, only the baht sign ฿ (U+0E3F, in Noto
 * Sans Thai alone) is missing; currency-glyphs.test.ts formats every currency in every language with both
 * digit systems and checks each character against the fonts, so a new currency or font change cannot slip by.
 */
const CODE_ONLY: ReadonlySet<string> = new Set(['THB']);

export function currencyDisplay(currency: string): 'symbol' | 'code' {
  return CODE_ONLY.has(currency) ? 'code' : 'symbol';
}
