import { groupInFours, groupQrReference, type SwissAddress, type SwissQrFields } from '@invoice/model';

/**
 * The words of a Swiss QR-bill (SIX IG 2.3 §3.4 and annex D): the guidelines fix them in German,
 * French, Italian and English, so they live here rather than among the invoice's labels, which a
 * client may rename. The bill speaks the invoice's language when it is one of the four, else English.
 */
export interface SwissBillTexts {
  receipt: string;
  paymentPart: string;
  account: string;
  reference: string;
  information: string;
  payableBy: string;
  payableByBlank: string;
  currency: string;
  amount: string;
  acceptancePoint: string;
}

const TEXTS: Record<'de' | 'fr' | 'it' | 'en', SwissBillTexts> = {
  de: {
    receipt: 'Empfangsschein',
    paymentPart: 'Zahlteil',
    account: 'Konto / Zahlbar an',
    reference: 'Referenz',
    information: 'Zusätzliche Informationen',
    payableBy: 'Zahlbar durch',
    payableByBlank: 'Zahlbar durch (Name/Adresse)',
    currency: 'Währung',
    amount: 'Betrag',
    acceptancePoint: 'Annahmestelle',
  },
  fr: {
    receipt: 'Récépissé',
    paymentPart: 'Section paiement',
    account: 'Compte / Payable à',
    reference: 'Référence',
    information: 'Informations supplémentaires',
    payableBy: 'Payable par',
    payableByBlank: 'Payable par (nom/adresse)',
    currency: 'Monnaie',
    amount: 'Montant',
    acceptancePoint: 'Point de dépôt',
  },
  it: {
    receipt: 'Ricevuta',
    paymentPart: 'Sezione pagamento',
    account: 'Conto / Pagabile a',
    reference: 'Riferimento',
    information: 'Informazioni supplementari',
    payableBy: 'Pagabile da',
    payableByBlank: 'Pagabile da (nome/indirizzo)',
    currency: 'Valuta',
    amount: 'Importo',
    acceptancePoint: 'Punto di accettazione',
  },
  en: {
    receipt: 'Receipt',
    paymentPart: 'Payment part',
    account: 'Account / Payable to',
    reference: 'Reference',
    information: 'Additional information',
    payableBy: 'Payable by',
    payableByBlank: 'Payable by (name/address)',
    currency: 'Currency',
    amount: 'Amount',
    acceptancePoint: 'Acceptance point',
  },
};

export function swissBillTexts(language: string): SwissBillTexts {
  const base = language.slice(0, 2) as keyof typeof TEXTS;
  return TEXTS[base] ?? TEXTS.en;
}

/** §3.5.5: two decimals, a space between thousands (`1 949.75`), whatever the invoice's own format. */
export function swissAmountText(amount: string): string {
  const [whole = '', cents = '00'] = amount.split('.');
  return `${whole.replace(/\B(?=(\d{3})+$)/g, ' ')}.${cents}`;
}

/** §3.5.3: name, street, then postal code and town; the country before the postal code when not CH/LI. */
export function swissAddressLines(a: SwissAddress): string[] {
  const place = `${a.country === 'CH' || a.country === 'LI' ? '' : `${a.country}-`}${a.postalCode} ${a.city}`;
  return [a.name, a.street ?? '', place].filter((l) => l.trim() !== '');
}

/** What the payment part prints under each heading, as the payload carries it. */
export function swissBillValues(f: SwissQrFields) {
  const reference = f.referenceType === 'QRR' ? groupQrReference(f.reference ?? '') : groupInFours(f.reference ?? '');
  return {
    account: [groupInFours(f.iban), ...swissAddressLines(f.creditor)],
    reference: f.referenceType === 'NON' ? undefined : reference,
    information: f.message,
    debtor: f.debtor ? swissAddressLines(f.debtor) : undefined,
    currency: f.currency,
    amount: swissAmountText(f.amount),
  };
}
