import type { Digits, Labels } from '@invoice/i18n';

/**
 * How a front door other than the invoice model asks for its document to look (the legacy render
 * interface, D11). The numbers and the layout engine stay the same; only the template, the digits
 * and the label texts change.
 */
export interface Presentation {
  /** A name from TEMPLATES or LEGACY_TEMPLATES; takes precedence over `request.template`. */
  template?: string;
  /** `arab`: Eastern Arabic digits (٠١٢٣٤٥٦٧٨٩) in every formatted number (legacy `ar-e`, D11). */
  digits?: Digits;
  /** Label texts replacing the language's built-in ones (legacy `customLabels`, D11). */
  labels?: Partial<Labels>;
}
