// The logo: a PNG or JPEG file read in the browser into a data: URI (`from.logo`), refused above the
// API's 2.5 MB (D5) before anything is sent. Only data: logos are previewed: the page's CSP loads no
// image from another origin.
import { LIMITS } from '@invoice/model';

const TYPES = ['image/png', 'image/jpeg'];

/** Why a file cannot be the logo, or null when it can. */
function logoRefusal(file: { type: string; size: number }): string | null {
  if (!TYPES.includes(file.type)) return 'The logo must be a PNG or JPEG image.';
  if (file.size > LIMITS.maxImageBytes) {
    const mb = (file.size / 1024 / 1024).toFixed(1);
    return `This file is ${mb} MB; a logo may be at most 2.5 MB.`;
  }
  return null;
}

function readAsDataUri(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

export interface LogoField {
  /** Shows the request's logo (a thumbnail for data: logos, the remove button for any). */
  show(logo: unknown): void;
}

export function wireLogo(root: HTMLElement, onLogo: (logo: string | undefined) => void): LogoField {
  const input = root.querySelector<HTMLInputElement>('#logo')!;
  const error = root.querySelector<HTMLElement>('#logo-error')!;
  const preview = root.querySelector<HTMLImageElement>('[data-logo-preview]')!;
  const remove = root.querySelector<HTMLButtonElement>('[data-action="remove-logo"]')!;
  const say = (message: string | null) => {
    error.textContent = message ?? '';
    error.hidden = message === null;
    if (message) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  };
  input.addEventListener('change', async () => {
    const file = input.files?.[0];
    if (!file) return;
    const problem = logoRefusal(file);
    say(problem);
    input.value = '';
    if (problem) return;
    try {
      onLogo(await readAsDataUri(file));
    } catch {
      say('The file could not be read.');
    }
  });
  remove.addEventListener('click', () => {
    say(null);
    onLogo(undefined);
    input.focus();
  });
  return {
    show(logo) {
      const isData = typeof logo === 'string' && logo.startsWith('data:image/');
      preview.hidden = !isData;
      if (isData) preview.src = logo;
      else preview.removeAttribute('src');
      remove.hidden = logo === undefined;
    },
  };
}
