// What the service accepts as an email address (D6, issue 10: an account's; issue 22: a party's `EM`
// electronic address): strict enough that nothing invisible or unsendable is stored, loose enough for every
// address people actually have (no quoted local parts).

const MAX_LENGTH = 254;
const MAX_LOCAL_LENGTH = 64;

/** Control, format (zero-width, bidi), private-use and unassigned characters, separators, any whitespace. */
const INVISIBLE = /[\p{C}\p{Z}\s]/u;
/** The local part: a dot-atom of anything visible but the specials of RFC 5322. */
const LOCAL_PART = /^[^."(),:;<>@[\\\]]+(\.[^."(),:;<>@[\\\]]+)*$/u;
/** A domain label: letters (any script), digits and inner hyphens, at most 63 characters. */
const LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u;
/** The top-level label: at least two characters, starting with a letter (so no bare IP address). */
const TOP_LABEL = /^\p{L}[\p{L}\p{N}-]*$/u;

/** Takes the trimmed, lower-cased address. */
export function isValidEmailAddress(email: string): boolean {
  if (email.length > MAX_LENGTH || INVISIBLE.test(email)) return false;
  const at = email.indexOf('@');
  if (at < 1 || at !== email.lastIndexOf('@')) return false;
  const local = email.slice(0, at);
  const labels = email.slice(at + 1).split('.');
  if (local.length > MAX_LOCAL_LENGTH || !LOCAL_PART.test(local)) return false;
  const top = labels[labels.length - 1];
  return labels.length >= 2 && labels.every((l) => LABEL.test(l)) && top.length >= 2 && TOP_LABEL.test(top);
}
