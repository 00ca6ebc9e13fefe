/** Today's date in UTC as YYYY-MM-DD (D13's default for invoice.date). */
export function todayUtc(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}
