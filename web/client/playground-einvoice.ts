// The playground's e-invoice check (issue 22): the rules the validators of the request's profile would
// report on the UBL (or, for output cii, the CII) for lack of data, computed in the browser by the same
// package code as the API's X-EInvoice-Issues header and POST /api/validate-invoice, listed in the side
// panel and shown beside the field that fixes each (the field's error line, as for validation problems).
import { ciiEInvoiceIssues } from '@invoice/cii';
import { type EInvoiceProfile, einvoiceProfileOf, profileCarries, type ResolvedInvoice } from '@invoice/model';
import { type EInvoiceIssue, ublEInvoiceIssues } from '@invoice/ubl';
import type { Control } from './playground-form.ts';

const NAMES = { en16931: 'EN 16931', peppol: 'Peppol BIS Billing 3.0', xrechnung: 'XRechnung 3.0' } as const;

/** The issues of the document the request's output stands for (its hosted UBL for json and pdf). */
function einvoiceIssues(resolved: ResolvedInvoice): EInvoiceIssue[] {
  const { output } = resolved.request;
  if (output === 'facturx') return ciiEInvoiceIssues(resolved, 'en16931');
  const profile = einvoiceProfileOf(resolved.request);
  return output === 'cii' ? ciiEInvoiceIssues(resolved, profile) : ublEInvoiceIssues(resolved, profile);
}

/** The control an issue's path is about: that field, or the first control inside it (`to.electronic_address`). */
function controlFor(form: HTMLElement, path: string): Control | null {
  return form.querySelector<Control>(
    `[data-path="${CSS.escape(path)}"]:not(.field-error), [data-path^="${CSS.escape(`${path}.`)}"]:not(.field-error)`,
  );
}

/** Lists the issues (null: the request is not valid yet, nothing to check) and marks their fields. */
export function showEInvoiceIssues(
  form: HTMLElement,
  verdict: HTMLElement,
  list: HTMLElement,
  resolved: ResolvedInvoice | null,
): void {
  list.replaceChildren();
  if (!resolved) {
    verdict.textContent = 'Fix the fields above first.';
    return;
  }
  const profile = NAMES[einvoiceProfileOf(resolved.request)];
  const issues = einvoiceIssues(resolved);
  verdict.textContent = issues.length === 0 ? `Passes ${profile}.` : `${profile}: ${issues.length} to fix.`;
  for (const issue of issues) {
    const item = document.createElement('li');
    const rule = document.createElement('code');
    rule.textContent = issue.rule;
    item.append(rule, ` ${issue.path}: ${issue.message}`);
    list.append(item);
    const control = controlFor(form, issue.path);
    if (!control) continue;
    control.setAttribute('aria-invalid', 'true');
    const error = form.querySelector<HTMLElement>(`[data-error-for="${control.id}"]`);
    if (error?.hidden) {
      // Short beside the field (a path in a narrow column would not fit); the panel has the whole message.
      const ruleTag = document.createElement('span');
      ruleTag.className = 'pg-rule'; // a rule id never breaks at its hyphens
      ruleTag.textContent = `(${issue.rule})`;
      error.replaceChildren(`${profile} needs this `, ruleTag);
      error.hidden = false;
    }
  }
}

const FORMATS = { cii: 'CII', facturx: 'Factur-X' } as const;

/**
 * The downloads the request's profile cannot be written as (E5: Peppol BIS is UBL only, Factur-X carries EN 16931
 * only) are switched off, with a line that says why, instead of a button whose click answers 400.
 */
export function showProfileDownloads(
  buttons: readonly HTMLButtonElement[],
  note: HTMLElement,
  profile: EInvoiceProfile,
) {
  const missing: string[] = [];
  for (const button of buttons) {
    const format = button.dataset.action?.replace(/^download-/, '');
    if (format !== 'cii' && format !== 'facturx') continue;
    const carried = profileCarries(profile, format);
    button.dataset.unavailable = String(!carried);
    button.disabled = !carried;
    if (!carried) missing.push(FORMATS[format]);
  }
  missing.sort(); // CII before Factur-X, whatever the buttons' order
  note.textContent = missing.length ? `${NAMES[profile]} is not written as ${missing.join(' or ')}.` : '';
  note.hidden = missing.length === 0;
}
