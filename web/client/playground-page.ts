// `/app/playground`: one request object is the truth. The form patches the field a control edits, the
// JSON editor replaces the whole object (and the form is refilled from it), and every change recomputes
// the totals with @invoice/model, shows the model's messages next to their fields, rewrites the JSON and
// the curl command, and turns invoice text right to left for Arabic. No request per keystroke.
// First: zod must be jitless before any schema of @invoice/model is built (the CSP forbids eval).
import './zod-without-eval.ts';
import { einvoiceProfileOf, LANGUAGE_CODES } from '@invoice/model';
import {
  ActionError,
  type DocumentOutput,
  documentName,
  fetchDocument,
  isDocumentOutput,
  saveBlob,
  showPreview,
} from './playground-actions.ts';
import { curlCommand, wireCopy } from './playground-curl.ts';
import { showEInvoiceIssues, showProfileDownloads } from './playground-einvoice.ts';
import { applyControl, type Control, writeControls } from './playground-form.ts';
import { addItem, applyItemControl, focusAfterChange, itemRows, removeItem, writeItems } from './playground-items.ts';
import { wireJsonEditor } from './playground-json-sync.ts';
import { wireLogo } from './playground-logo.ts';
import { getPath, type Json, setPath } from './playground-paths.ts';
import { showProblems } from './playground-problems.ts';
import { computeInvoice, renderTotals, showSummary } from './playground-totals.ts';
import { wireSiteHeader } from './site-header.ts';

const LANGUAGES = new Set<string>(LANGUAGE_CODES);

/**
 * Invoice text is edited in the invoice's language. Arabic: the preview area right to left, and each field
 * `dir="auto"` (issue 27), so a Latin address or note typed into an Arabic invoice keeps its own order.
 */
function applyDirection(page: HTMLElement, request: Json): void {
  const language = getPath(request, 'invoice.language');
  const lang = typeof language === 'string' && LANGUAGES.has(language) ? language : 'en';
  for (const el of page.querySelectorAll<HTMLElement>('[data-invoice-text], [data-invoice-area]')) {
    el.lang = lang;
    const control = el.matches('input, textarea');
    el.dir = lang !== 'ar' ? 'ltr' : control ? 'auto' : 'rtl';
  }
}

function start(page: HTMLElement): void {
  const $ = <T extends HTMLElement>(selector: string) => page.ownerDocument.querySelector<T>(selector)!;
  const form = $<HTMLFormElement>('#pg-form');
  const items = $<HTMLElement>('[data-items]');
  const template = $<HTMLTemplateElement>('#item-template');
  const totals = $<HTMLElement>('[data-totals]');
  const problems = $<HTMLElement>('[data-problems]');
  const summary = $<HTMLElement>('[data-summary]');
  const curl = $<HTMLElement>('[data-curl]');
  const einvoiceVerdict = $<HTMLElement>('[data-einvoice-verdict]');
  const einvoiceList = $<HTMLElement>('[data-einvoice-issues]');
  const actionButtons = [...page.ownerDocument.querySelectorAll<HTMLButtonElement>('.pg-actions button')];
  const downloadNote = $<HTMLElement>('[data-download-note]');
  let request = JSON.parse(page.dataset.request ?? '{}') as Json;

  const json = wireJsonEditor($('#pg-json'), $('#pg-json-error'), (value) => {
    request = value;
    refresh(true);
  });
  const logo = wireLogo(form, (uri) => {
    setPath(request, 'from.logo', uri);
    refresh(false);
  });

  function refresh(fillForm: boolean): void {
    if (fillForm) {
      writeControls(form, request);
      writeItems(items, template, request);
    }
    logo.show(getPath(request, 'from.logo'));
    applyDirection(page.ownerDocument.body, request);
    json.show(request);
    curl.textContent = curlCommand(location.origin, request);
    const result = computeInvoice(request);
    showProblems(form, problems, result.ok ? null : result.details);
    showEInvoiceIssues(form, einvoiceVerdict, einvoiceList, result.ok ? result.resolved : null);
    if (result.ok) showProfileDownloads(actionButtons, downloadNote, einvoiceProfileOf(result.resolved.request));
    totals.classList.toggle('totals--stale', !result.ok);
    const lineTotals = itemRows(items).map((row) => row.querySelector<HTMLElement>('[data-item-total]')!);
    if (result.ok) renderTotals(totals, lineTotals, result.invoice);
    showSummary(summary, totals, result.ok);
  }

  form.addEventListener('input', (event) => {
    const el = event.target as Control;
    if (el.type === 'file' || !(el.dataset.path || el.dataset.itemField)) return;
    if (el.closest('[data-item-row]')) applyItemControl(el, request);
    else applyControl(form, el, request);
    refresh(false);
  });
  form.addEventListener('submit', (event) => event.preventDefault());
  form.addEventListener('click', (event) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>('button[data-action]');
    const action = button?.dataset.action;
    if (action === 'add-item') {
      const index = addItem(request);
      refresh(true);
      focusAfterChange(items, index, button!);
    } else if (action === 'remove-item') {
      const index = Number(button!.closest<HTMLElement>('[data-item-row]')!.dataset.index);
      removeItem(request, index);
      refresh(true);
      focusAfterChange(items, index, $('[data-action="add-item"]'));
    } else if (action === 'clear-accent') {
      setPath(request, 'accent_color', undefined);
      refresh(true);
    }
  });
  wireActions(() => request);
  wireCopy($('[data-action="copy-curl"]'), curl, $('[data-copy-status]'));
  refresh(true);
}

/** Preview and the downloads: one call at a time, its progress and the API's refusal shown beside the buttons. */
function wireActions(current: () => Json): void {
  const buttons = [...document.querySelectorAll<HTMLButtonElement>('.pg-actions button')];
  const status = document.querySelector<HTMLElement>('[data-action-status]')!;
  const error = document.querySelector<HTMLElement>('[data-action-error]')!;
  const frame = document.querySelector<HTMLIFrameElement>('[data-preview-frame]')!;
  const hint = document.querySelector<HTMLElement>('[data-preview-hint]')!;
  const run = async (working: string, work: () => Promise<string>) => {
    for (const b of buttons) b.disabled = true;
    status.textContent = working;
    error.hidden = true;
    try {
      status.textContent = await work();
    } catch (err) {
      status.textContent = '';
      error.textContent = err instanceof ActionError ? err.message : `Something went wrong: ${String(err)}`;
      error.hidden = false;
    } finally {
      for (const b of buttons) b.disabled = b.dataset.unavailable === 'true';
    }
  };
  const download = (output: DocumentOutput) =>
    run(`Generating the ${documentName(output)}…`, async () => {
      const { blob, fileName } = await fetchDocument('/api/generate-invoice', current(), output);
      saveBlob(blob, fileName);
      return `Downloaded ${fileName}.`;
    });
  for (const button of buttons) {
    button.addEventListener('click', () => {
      const action = button.dataset.action;
      const output = action?.startsWith('download-') ? action.slice('download-'.length) : undefined;
      if (isDocumentOutput(output)) void download(output);
      else if (action === 'preview')
        void run('Rendering the preview…', async () => {
          const { blob } = await fetchDocument('/api/preview', current(), 'pdf');
          showPreview(frame, hint, blob);
          return 'The preview below shows the invoice as it is now.';
        });
    });
  }
}

wireSiteHeader();
const page = document.querySelector<HTMLElement>('#playground');
if (page) start(page);
