// The request as a curl command anyone can paste: the API key is the shell variable $API_KEY, never
// the reader's key (the page never holds it); the body goes through a quoted here-document, so the shell
// expands nothing inside it.

export function curlCommand(origin: string, request: unknown): string {
  return [
    `curl -X POST '${origin}/api/generate-invoice' \\`,
    `  -H "Authorization: Bearer $API_KEY" \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  --data-binary @- <<'JSON'`,
    JSON.stringify(request, null, 2),
    'JSON',
  ].join('\n');
}

/** The copy button: the command to the clipboard, and a word on how it went. */
export function wireCopy(button: HTMLButtonElement, code: HTMLElement, status: HTMLElement): void {
  button.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(code.textContent ?? '');
      status.textContent = 'Copied.';
    } catch {
      status.textContent = 'The browser refused the clipboard: select the command and copy it by hand.';
    }
  });
}
