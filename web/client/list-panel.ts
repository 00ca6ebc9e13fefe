// The list of an app page (webhooks, keys, documents) with its status line and its error slot: one way to show
// a loaded list and one way to show why it did not load.
import { messageOf } from './api-client.ts';

export interface ListPanel {
  list: HTMLUListElement;
  /** The list loaded: the error slot hides, the status line says `status`. */
  shown(status: string): void;
  /** The list did not load: the status line empties and the error slot says why. */
  failed(err: unknown): void;
}

/** The page's `[data-out="list"]`, `[data-out="list-status"]` and `[data-out="list-error"]`. */
export function listPanel(): ListPanel {
  const list = document.querySelector<HTMLUListElement>('[data-out="list"]')!;
  const status = document.querySelector<HTMLElement>('[data-out="list-status"]')!;
  const error = document.querySelector<HTMLElement>('[data-out="list-error"]')!;
  return {
    list,
    shown(text) {
      error.hidden = true;
      status.textContent = text;
    },
    failed(err) {
      status.textContent = '';
      error.textContent = messageOf(err);
      error.hidden = false;
    },
  };
}
