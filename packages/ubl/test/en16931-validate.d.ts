// Types of the CEN EN 16931 validator beside the repository (../shared/en16931/validate.mjs, plain JavaScript).
declare module '*/shared/en16931/validate.mjs' {
  /** One failed assertion: the rule id (`BR-09`), its text and where it failed (`/Invoice[1]/…`). */
  export interface En16931Finding {
    id: string;
    text: string;
    location: string;
  }
  /** The rules come from the root element: UBL Invoice/CreditNote or CII; `fatal` empty means the document passes. */
  export function validateEn16931(
    xml: string,
    options?: { facturx?: boolean },
  ): { rules: 'ubl' | 'cii' | 'facturx'; fatal: En16931Finding[]; warnings: En16931Finding[] };
}
