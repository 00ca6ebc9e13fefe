// Building elements from data without innerHTML: text always goes in as textContent, so nothing an API
// answer contains (a URL, an error text, a response body) can become markup.

type Attrs = Record<string, string | boolean | undefined>;

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: (Node | string | null | false)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    node.setAttribute(name, value === true ? '' : value);
  }
  for (const child of children) {
    if (child === null || child === false) continue;
    node.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return node;
}

const DATE_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** Unix seconds as the reader's local date and time. */
export function localTime(unixSeconds: number): string {
  return DATE_TIME.format(new Date(unixSeconds * 1000));
}

/**
 * A URL as text with a line-break opportunity after each `/` of the path (not in `//`), `?` and `&`: on a phone a long URL then wraps
 * between its parts (`…/hooks/` + `invoices`) rather than inside a word.
 */
export function breakableUrl(url: string): (Node | string)[] {
  return url
    .split(/(?<=[^/:]\/|[?&])/)
    .flatMap((part, i) => (i === 0 ? [part] : [document.createElement('wbr'), part]));
}
