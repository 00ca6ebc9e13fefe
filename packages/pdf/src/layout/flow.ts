import type { Canvas } from './canvas.ts';

/** A vertical piece of the document: drawn at a top position, optionally split across pages. */
export interface Block {
  height: number;
  draw(c: Canvas, top: number): void;
  /**
   * Splits into a part that fits `available` and the rest; null when not even the first line fits.
   * Blocks without split are atomic (a table row is never split).
   */
  split?(available: number): [Block, Block] | null;
  /** Flowing content (notes, the party blocks) fills the page line by line instead of moving whole to the next page. */
  flows?: boolean;
}

export interface PageFrame {
  /** Draws page decoration and, on continuation pages, the running header; returns the content top. */
  startPage(c: Canvas, pageIndex: number): number;
  /** Lowest y content may use on every page (above footer and page number). */
  contentBottom: number;
}

interface Placement {
  page: number;
  block: Block;
  y: number;
}

/**
 * Places blocks top to bottom over as many pages as they need. Atomic blocks that do not fit move
 * to the next page; a block taller than a whole page is split (it has no other way to fit);
 * flowing blocks split wherever the page ends. A repeated block (the table header) is drawn at the
 * top of every page started while it is set.
 *
 * Placing only plans: `commit` draws. So a layout can be planned again with other page breaks
 * (`restart`, keep-with-previous, issue 27) before anything is drawn; pages already started (their
 * decoration drawn) are reused, and those the final plan does not need are removed.
 */
export class Flow {
  y = 0;
  pageIndex = -1;
  private top = 0;
  private repeat?: Block;
  private readonly tops: number[] = [];
  private placements: Placement[] = [];

  constructor(
    private readonly c: Canvas,
    private readonly frame: PageFrame,
  ) {
    this.newPage();
  }

  /** Forgets the plan and starts again at the top of the first page. */
  restart(): void {
    this.placements = [];
    this.repeat = undefined;
    this.pageIndex = -1;
    this.newPage();
  }

  /** Draws every placed block on its page and removes the pages the plan did not use. */
  commit(): void {
    const pages = this.c.doc.getPages();
    for (const p of this.placements) {
      this.c.page = pages[p.page];
      p.block.draw(this.c, p.y);
    }
    for (let i = pages.length - 1; i > this.pageIndex; i--) this.c.doc.removePage(i);
    this.c.page = pages[this.pageIndex];
  }

  /** Content height used on the current page (the repeated header included). */
  get used(): number {
    return this.y - this.top;
  }

  /** Starts a new page unless nothing but the repeated header is on this one (a forced break). */
  breakPage(): void {
    if (this.y > this.top + (this.repeat ? this.repeat.height : 0) + 0.01) this.newPage();
  }

  get available(): number {
    return this.frame.contentBottom - this.y;
  }

  get pageCapacity(): number {
    return this.frame.contentBottom - this.top;
  }

  newPage(): void {
    this.pageIndex++;
    if (this.pageIndex === this.tops.length) {
      this.c.addPage();
      this.tops.push(this.frame.startPage(this.c, this.pageIndex));
    }
    this.y = this.top = this.tops[this.pageIndex];
    if (this.repeat) this.draw(this.repeat);
  }

  /** Sets (or clears) the block repeated at the top of each new page, drawing it now if asked. */
  setRepeat(block: Block | undefined): void {
    this.repeat = block;
  }

  /** Vertical space, dropped at the top of a page. */
  gap(h: number): void {
    if (this.y > this.top + 0.01) this.y = Math.min(this.y + h, this.frame.contentBottom);
  }

  /** Ensures `h` points remain on this page, else starts a new one (keeps a heading with its content). */
  ensure(h: number): void {
    if (this.available < h && this.y > this.top + 0.01) this.newPage();
  }

  place(block: Block): void {
    let b: Block | undefined = block;
    for (let guard = 0; b && guard < 10_000; guard++) {
      if (b.height <= this.available + 0.01) {
        this.draw(b);
        return;
      }
      const atTop = this.y <= this.top + (this.repeat ? this.repeat.height : 0) + 0.01;
      const tooTall = b.height > this.pageCapacity - (this.repeat ? this.repeat.height : 0);
      if (b.split && (b.flows || tooTall || atTop)) {
        const parts = b.split(this.available);
        if (parts) {
          this.draw(parts[0]);
          this.newPage();
          b = parts[1];
          continue;
        }
      }
      if (atTop) {
        // Nothing smaller exists: draw it and let it run as far as it must.
        this.draw(b);
        return;
      }
      this.newPage();
    }
  }

  private draw(b: Block): void {
    this.placements.push({ page: this.pageIndex, block: b, y: this.y });
    this.y += b.height;
  }
}
