// Reset times on the pages: the UTC time (windows are aligned in UTC, D7) and how far away it is.

const UTC = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
});

/** `Mon 23 Nov, 07:00 UTC`. */
export function utcTime(unixSeconds: number): string {
  return `${UTC.format(new Date(unixSeconds * 1000))} UTC`;
}

/** `in 48 min`, `in 5 h`, `in 3 days` (rounded up: a reset is never sooner than shown). */
export function timeUntil(unixSeconds: number, now: number): string {
  const minutes = Math.max(1, Math.ceil((unixSeconds * 1000 - now) / 60_000));
  if (minutes < 60) return `in ${minutes} min`;
  const hours = Math.ceil(minutes / 60);
  if (hours < 48) return `in ${hours} h`;
  return `in ${Math.ceil(hours / 24)} days`;
}

export function isoTime(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString();
}
