// The one wording of validation problems (D4), used by the invoice model and by every JSON route of the
// Worker: `items[3].unit_price: must be a number; to.name: is required`, at most five issues named.
import type { z } from 'zod';

const MAX_ISSUES_IN_MESSAGE = 5;

/** `['items', 3, 'unit_price']` → `items[3].unit_price` (D4); the empty path is the body itself. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else out += out === '' ? String(seg) : `.${String(seg)}`;
  }
  return out === '' ? 'body' : out;
}

function article(word: string): string {
  return /^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`;
}

/**
 * Messages for issues whose schema gives none of its own (schema-level messages take precedence in
 * zod v4); pass as `safeParse(value, { error: issueMessages })`.
 */
export const issueMessages: z.core.$ZodErrorMap = (iss) => {
  if (iss.code === 'invalid_type')
    return iss.input === undefined ? 'is required' : `must be ${article(String(iss.expected))}`;
  return undefined;
};

/** `path: message` for one zod issue. */
export function issueText(issue: z.core.$ZodIssue): string {
  return `${formatIssuePath(issue.path)}: ${issue.message}`;
}

/** Joins issue texts into one message, naming at most five and counting the rest. */
export function joinIssueTexts(texts: readonly string[]): string {
  const shown = texts.slice(0, MAX_ISSUES_IN_MESSAGE);
  const more = texts.length - shown.length;
  return shown.join('; ') + (more > 0 ? `; and ${more} more issue${more === 1 ? '' : 's'}` : '');
}
