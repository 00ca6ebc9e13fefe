// "Copy" buttons next to a value shown once (a new API key, a webhook secret): copies the value of the
// input named by data-copy-from to the clipboard. The value lives only in that input: never in
// localStorage, the URL or the console.

export function wireCopyButtons(root: ParentNode = document): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>('[data-action="copy"]')) {
    button.addEventListener('click', async () => {
      const input = document.getElementById(button.dataset.copyFrom ?? '') as HTMLInputElement | null;
      if (!input) return;
      try {
        await navigator.clipboard.writeText(input.value);
        button.textContent = 'Copied';
      } catch {
        // No clipboard access (permissions, old browser): select it so Ctrl+C / long-press copies it.
        input.select();
        button.textContent = 'Press Ctrl+C';
      }
      setTimeout(() => (button.textContent = 'Copy'), 2500);
    });
  }
}
