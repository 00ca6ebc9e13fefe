// Types of the Factur-X PDF checker beside the repository (../shared/facturx/check-pdf.mjs, plain JavaScript).
declare module '*/shared/facturx/check-pdf.mjs' {
  /** Every problem a receiving system would find (empty when the file passes) and the embedded factur-x.xml. */
  export function checkFacturxPdf(path: string): { problems: string[]; xml: string | undefined };
}
