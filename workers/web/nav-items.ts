// The header's links. Signed-in pages add their entry to APP_NAV.

export interface NavItem {
  href: string;
  label: string;
}

/** Shown to everyone. */
export const PUBLIC_NAV: readonly NavItem[] = [{ href: '/docs', label: 'API reference' }];

/** Shown with a session, before the public links. */
export const APP_NAV: readonly NavItem[] = [
  { href: '/app', label: 'Dashboard' },
  { href: '/app/playground', label: 'Playground' },
  { href: '/app/documents', label: 'Documents' },
  { href: '/app/keys', label: 'API keys' },
  { href: '/app/webhooks', label: 'Webhooks' },
];

/** The link of `items` the current path belongs to (the longest matching prefix), for aria-current. */
export function currentHref(items: readonly NavItem[], path: string): string | undefined {
  return items
    .filter((i) => path === i.href || path.startsWith(`${i.href}/`))
    .sort((a, b) => b.href.length - a.href.length)[0]?.href;
}
