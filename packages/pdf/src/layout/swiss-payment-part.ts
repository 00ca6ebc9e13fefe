import type { SwissQrFields } from '@invoice/model';
import { darkRuns, type QrMatrix } from '@invoice/qr';
import { pdfNumber as n } from '../document/pdf-number.ts';
import type { TextStyle } from '../text/text-engine.ts';
import { type Canvas, PAGE } from './canvas.ts';
import { swissBillTexts, swissBillValues } from './swiss-bill-texts.ts';
import { drawScissors } from './swiss-scissors.ts';

/**
 * The Swiss QR-bill's receipt and payment part (SIX IG 2.3 §3): an A6 landscape strip, 210 × 105 mm,
 * across the bottom of the page: the receipt (62 mm) on the left, the payment part (148 mm) on the
 * right, separated by lines carrying the scissors symbol. Drawn in physical coordinates, never
 * mirrored: the standard fixes where everything is, in an Arabic invoice as in any other, and its
 * texts are Latin, in Liberation Sans (§3.4). Positions and sizes are the guidelines' (§3.5, §3.6): 5 mm
 * margins, titles 11 pt bold, headings 8 pt bold over 10 pt values on the payment part and 6 pt over 8 pt
 * on the receipt.
 */

const MM = 72 / 25.4;
/** §3.1: the height of the payment part and receipt. */
export const SWISS_PART_HEIGHT = 105 * MM;
/** §3.6.2: the QR code's side, and the Swiss cross over its centre (§3.6.3). */
const SWISS_QR_SIDE = 46 * MM;
const CROSS_SIDE = 7 * MM;

const BLACK: [number, number, number] = [0, 0, 0];
const WHITE: [number, number, number] = [1, 1, 1];

interface Section {
  /** Left edge and width in mm from the strip's left. */
  x: number;
  width: number;
  heading: TextStyle;
  value: TextStyle;
  /** The line pitch in pt (§3.5.1: 9 pt on the receipt, 11 pt on the payment part). */
  pitch: number;
}

/** §3.4: Arial, Frutiger, Helvetica or Liberation Sans, nothing else; the bill uses the last (decision Q9). */
const FAMILY = 'LiberationSans';

const RECEIPT: Section = {
  x: 5,
  width: 52,
  heading: { size: 6, weight: 'bold', family: FAMILY },
  value: { size: 8, family: FAMILY },
  pitch: 9,
};
const PAYMENT: Section = {
  x: 118,
  width: 87,
  heading: { size: 8, weight: 'bold', family: FAMILY },
  value: { size: 10, family: FAMILY },
  pitch: 11,
};
const TITLE: TextStyle = { size: 11, weight: 'bold', family: FAMILY };

/** Writes and measures from the strip's top-left, in mm across and pt down. */
class Strip {
  constructor(
    readonly c: Canvas,
    readonly top: number,
  ) {}

  text(s: string, xMm: number, y: number, style: TextStyle, widthMm: number, align: 'left' | 'right' = 'left'): void {
    if (s === '') return;
    const baseline = PAGE.height - (this.top + y + style.size * 0.8);
    this.c.engine.draw(
      this.c.page,
      s,
      xMm * MM,
      baseline,
      { ...style, color: BLACK },
      {
        align,
        width: widthMm * MM,
        direction: 'ltr',
      },
    );
  }

  rect(xMm: number, y: number, w: number, h: number, color: [number, number, number]): void {
    this.c.content.fillRect(xMm * MM, PAGE.height - this.top - y - h, w, h, color);
  }

  stroke(ops: string, width: number): void {
    this.c.content.graphics(`q\n0 0 0 RG\n${n(width)} w\n${ops}S\nQ\n`);
  }

  /** Page coordinates of a point in mm across, pt down. */
  at(xMm: number, y: number): string {
    return `${n(xMm * MM)} ${n(PAGE.height - this.top - y)}`;
  }
}

/** §3.5.4: the corner marks of a blank field the payer fills in by hand, 0.75 pt, 3 mm long. */
function cornerMarks(s: Strip, xMm: number, y: number, wMm: number, hMm: number): void {
  const h = hMm * MM;
  const arm = 3 * MM;
  let ops = '';
  for (const [cx, cy, dx, dy] of [
    [xMm, y, 1, 1],
    [xMm + wMm, y, -1, 1],
    [xMm, y + h, 1, -1],
    [xMm + wMm, y + h, -1, -1],
  ] as const)
    ops += `${s.at(cx, cy + dy * arm)} m\n${s.at(cx, cy)} l\n${s.at(cx + (dx * arm) / MM, cy)} l\n`;
  s.stroke(ops, 0.75);
}

/** One information column: a heading, its lines wrapped to the column, an empty line after each. */
function information(s: Strip, sec: Section, y: number, rows: [string, string[] | undefined][]) {
  let at = y;
  for (const [heading, lines] of rows) {
    if (!lines) continue;
    s.text(heading, sec.x, at, sec.heading, sec.width);
    at += sec.pitch;
    for (const line of lines)
      for (const part of s.c.engine.wrap(line, sec.width * MM, sec.value)) {
        s.text(part, sec.x, at, sec.value, sec.width);
        at += sec.pitch;
      }
    at += sec.pitch;
  }
  return at;
}

function drawQr(s: Strip, matrix: QrMatrix): void {
  const left = 67 * MM;
  const top = 17 * MM;
  const module = SWISS_QR_SIDE / matrix.size;
  const scale = String(Math.round(module * 1e6) / 1e6);
  let ops = `q\n0 0 0 rg\n${scale} 0 0 ${scale} ${n(left)} ${n(PAGE.height - s.top - top - SWISS_QR_SIDE)} cm\n`;
  const last = matrix.size - 1;
  for (const run of darkRuns(matrix)) ops += `${run.col} ${last - run.row} ${run.length} 1 re\n`;
  s.c.content.graphics(`${ops}f\nQ\n`);
  // §3.6.3: the Swiss cross, 7 × 7 mm over the centre: a white border, a black square, a white cross
  const cx = 67 + 46 / 2;
  const cy = top + SWISS_QR_SIDE / 2;
  const black = 6 * MM;
  s.rect(cx - 7 / 2, cy - CROSS_SIDE / 2, CROSS_SIDE, CROSS_SIDE, WHITE);
  s.rect(cx - 3, cy - black / 2, black, black, BLACK);
  const long = 3.89 * MM;
  const thick = 1.17 * MM;
  s.rect(cx - 3.89 / 2, cy - thick / 2, long, thick, WHITE);
  s.rect(cx - 1.17 / 2, cy - long / 2, thick, long, WHITE);
}

/** Draws the strip on the current page of `c`, its top at `top` pt from the page's top. */
export function drawSwissPaymentPart(c: Canvas, fields: SwissQrFields, matrix: QrMatrix, language: string): void {
  const top = PAGE.height - SWISS_PART_HEIGHT;
  const s = new Strip(c, top);
  const t = swissBillTexts(language);
  const v = swissBillValues(fields);
  // white under the strip: a template's page decoration never shows through the bill
  c.content.fillRect(0, 0, PAGE.width, SWISS_PART_HEIGHT, WHITE);
  // §3.7: the separation lines, with the scissors symbol on each
  s.stroke(`${s.at(0, 0)} m\n${s.at(210, 0)} l\n${s.at(62, 0)} m\n${s.at(62, SWISS_PART_HEIGHT)} l\n`, 0.5);
  drawScissors(c, 12 * MM, PAGE.height - top, 0);
  drawScissors(c, 62 * MM, PAGE.height - top - 12 * MM, -90);

  // receipt
  s.text(t.receipt, RECEIPT.x, 5 * MM, TITLE, RECEIPT.width);
  const receiptRows: [string, string[] | undefined][] = [
    [t.account, v.account],
    [t.reference, v.reference ? [v.reference] : undefined],
    [v.debtor ? t.payableBy : t.payableByBlank, v.debtor ?? []],
  ];
  const afterReceipt = information(s, RECEIPT, 12 * MM, receiptRows);
  if (!v.debtor) {
    const y = afterReceipt - RECEIPT.pitch;
    // §3.5.4 wants 52 × 20 mm; long creditor lines leave less above the amount section, and the box never enters it
    cornerMarks(s, RECEIPT.x, y, 52, Math.max(8, Math.min(20, (66 * MM - y) / MM)));
  }
  s.text(t.currency, RECEIPT.x, 68 * MM, RECEIPT.heading, 12);
  s.text(t.amount, 18, 68 * MM, RECEIPT.heading, 30);
  s.text(v.currency, RECEIPT.x, 68 * MM + RECEIPT.pitch, RECEIPT.value, 12);
  s.text(v.amount, 18, 68 * MM + RECEIPT.pitch, RECEIPT.value, 30);
  s.text(t.acceptancePoint, RECEIPT.x, 82 * MM, RECEIPT.heading, RECEIPT.width, 'right');

  // payment part
  s.text(t.paymentPart, 67, 5 * MM, TITLE, 46);
  drawQr(s, matrix);
  s.text(t.currency, 67, 68 * MM, PAYMENT.heading, 16);
  s.text(t.amount, 85, 68 * MM, PAYMENT.heading, 28);
  s.text(v.currency, 67, 68 * MM + PAYMENT.pitch, PAYMENT.value, 16);
  s.text(v.amount, 85, 68 * MM + PAYMENT.pitch, PAYMENT.value, 28);
  const paymentRows: [string, string[] | undefined][] = [
    [t.account, v.account],
    [t.reference, v.reference ? [v.reference] : undefined],
    [t.information, v.information ? [v.information] : undefined],
    [v.debtor ? t.payableBy : t.payableByBlank, v.debtor ?? []],
  ];
  const afterPayment = information(s, PAYMENT, 5 * MM, paymentRows);
  if (!v.debtor) {
    const y = afterPayment - PAYMENT.pitch;
    cornerMarks(s, PAYMENT.x, y, 65, Math.max(10, Math.min(25, (100 * MM - y) / MM)));
  }
}
