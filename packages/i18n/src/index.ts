export type { Labels, LabelKey } from './label-keys.ts';
export { LABELS, LANGUAGES, type Language, isLanguage, labelsFor, directionOf, intlLocale, fillLabel } from './languages.ts';
export { formatMoney, formatAmount, formatQuantity, formatPercent, stripBidiMarks, type DecimalLike } from './format-numbers.ts';
export { formatDate } from './format-date.ts';
export { localTaxLineName, localShippingLabel, localTitle, pageLabel, qrCaption, type QrSource } from './default-names.ts';
export { countryName } from './country-names.ts';
