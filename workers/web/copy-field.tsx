/** @jsxImportSource hono/jsx */
// A secret shown once (a new API key, a webhook's signing secret): a read-only input and the Copy button that
// web/client/copy-button.ts wires to it.
import type { Child } from 'hono/jsx';

export function CopyField(props: { id: string; out: string; label: Child }) {
  return (
    <div class="field">
      <label for={props.id}>{props.label}</label>
      <div class="copy-row">
        <input id={props.id} type="text" readonly autocomplete="off" spellcheck={false} data-out={props.out} />
        <button type="button" class="button button--secondary" data-action="copy" data-copy-from={props.id}>
          Copy
        </button>
      </div>
    </div>
  );
}
