// The few pdfkit calls the peer row of bench/pdf.bench.ts makes (pdfkit ships no types).
declare module 'pdfkit' {
  interface TextOptions {
    width?: number;
    align?: 'left' | 'right' | 'center';
    lineBreak?: boolean;
  }
  export default class PDFDocument {
    constructor(options?: { size?: string; margin?: number; compress?: boolean; info?: Record<string, unknown> });
    font(name: string): this;
    fontSize(size: number): this;
    fillColor(color: string): this;
    text(text: string, x: number, y: number, options?: TextOptions): this;
    rect(x: number, y: number, w: number, h: number): this;
    fill(color?: string): this;
    addPage(): this;
    on(event: 'data', listener: (chunk: Uint8Array) => void): this;
    on(event: 'end', listener: () => void): this;
    end(): void;
  }
}
