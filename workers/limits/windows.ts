// D7: fixed windows aligned in UTC — the clock hour, the ISO week (Monday 00:00), the calendar month.
// Times are Unix milliseconds in, window bounds are Unix seconds out (what the headers show).

const HOUR = 3_600_000;
const DAY = 86_400_000;

export interface WindowBounds {
  start: number; // Unix seconds
  end: number; // Unix seconds, exclusive: the reset time
}

export function hourWindow(now: number): WindowBounds {
  const start = Math.floor(now / HOUR) * HOUR;
  return { start: start / 1000, end: (start + HOUR) / 1000 };
}

export function isoWeekWindow(now: number): WindowBounds {
  const day = Math.floor(now / DAY);
  // 1970-01-01 was a Thursday: (day + 3) mod 7 is 0 on Mondays.
  const monday = (day - ((((day + 3) % 7) + 7) % 7)) * DAY;
  return { start: monday / 1000, end: (monday + 7 * DAY) / 1000 };
}

export function monthWindow(now: number): WindowBounds {
  const d = new Date(now);
  const start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  const end = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  return { start: start / 1000, end: end / 1000 };
}

export interface Windows {
  hour: WindowBounds;
  week: WindowBounds;
  month: WindowBounds;
}

export function windowsAt(now: number): Windows {
  return { hour: hourWindow(now), week: isoWeekWindow(now), month: monthWindow(now) };
}

/**
 * The windows a RateLimiter counted in, from the counters it answered with (P-LIM2): the hour's start lies in the
 * object's week and month too, so the bounds are the object's whatever the Worker's clock says.
 */
export function windowsOf(usage: { hour: { start: number } }): Windows {
  return windowsAt(usage.hour.start * 1000);
}
