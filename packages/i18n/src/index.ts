export { countryName } from './country-names.ts';
export {
  localShippingLabel,
  localTaxLineName,
  localTitle,
  pageLabel,
  type QrSource,
  qrCaption,
} from './default-names.ts';
export { formatDate } from './format-date.ts';
export {
  type DecimalLike,
  formatAmount,
  formatMoney,
  formatPercent,
  formatQuantity,
  stripBidiMarks,
} from './format-numbers.ts';
export type { LabelKey, Labels } from './label-keys.ts';
export {
  type Digits,
  directionOf,
  fillLabel,
  intlLocale,
  isLanguage,
  LABELS,
  LANGUAGES,
  type Language,
  labelsFor,
} from './languages.ts';
