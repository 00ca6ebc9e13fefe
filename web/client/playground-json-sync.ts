// The JSON editor: a textarea holding the request body. The form writes it after every edit (unless the
// reader is typing in it); text that parses as a JSON object replaces the request and the form follows;
// text that does not parse leaves the form and the request as they were and says where the error is.
import { jsonErrorOffset } from './playground-json-position.ts';

/** "line 3, column 14: unexpected 'o'" for the first offending character of a text JSON.parse refused. */
function errorPlace(text: string): string {
  const at = jsonErrorOffset(text);
  const offset = at < 0 ? text.length : at;
  const before = text.slice(0, offset).split('\n');
  const place = `line ${before.length}, column ${before[before.length - 1].length + 1}`;
  return offset >= text.length
    ? `${place}: the text ends too early`
    : `${place}: unexpected ${JSON.stringify(text[offset])}`;
}

type JsonResult = { ok: true; value: Record<string, unknown> } | { ok: false; message: string };

function parseEditor(text: string): JsonResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: `Not valid JSON at ${errorPlace(text)}. The form keeps the last valid request.` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return {
      ok: false,
      message: 'The request body must be a JSON object ({ … }). The form keeps the last valid request.',
    };
  return { ok: true, value: value as Record<string, unknown> };
}

export interface JsonEditor {
  /** Shows the request, unless the reader is editing the text right now. */
  show(request: unknown): void;
}

/** Wires the textarea: `onRequest` gets every valid object typed in it. */
export function wireJsonEditor(
  textarea: HTMLTextAreaElement,
  error: HTMLElement,
  onRequest: (request: Record<string, unknown>) => void,
): JsonEditor {
  // The text the request was last read from or written to. Chromium fires one input event per line of a
  // multi-line insertion (an IME commit, or a test's fill), each seeing the whole new text: only the first
  // of them has anything to do. (60 items: 650 events, 22 s of refreshes before this check, one after.)
  let handled = textarea.value;
  textarea.addEventListener('input', () => {
    if (textarea.value === handled) return;
    handled = textarea.value;
    const result = parseEditor(textarea.value);
    error.hidden = result.ok;
    if (result.ok) textarea.removeAttribute('aria-invalid');
    else textarea.setAttribute('aria-invalid', 'true');
    if (!result.ok) {
      error.textContent = result.message;
      return;
    }
    error.textContent = '';
    onRequest(result.value);
  });
  return {
    show(request) {
      if (document.activeElement === textarea) return;
      textarea.value = JSON.stringify(request, null, 2);
      handled = textarea.value;
      error.hidden = true;
      textarea.removeAttribute('aria-invalid');
    },
  };
}
