/**
 * Date formats on the wire: REST date-time fields are RFC 2822 style
 * (`Mon, 13 Oct 2014 11:01:43 +0000`), events carry ISO 8601 without milliseconds, log lines
 * Unix seconds.
 */
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const pad = (n: number): string => String(n).padStart(2, '0');

export function rfc2822(date: Date): string {
  const time = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
  return `${DAYS[date.getUTCDay()]}, ${pad(date.getUTCDate())} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()} ${time} +0000`;
}

export function iso8601(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function unixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/** Parses a date filter value (RFC 2822 or ISO 8601); undefined when it is not a date. */
export function parseDate(raw: string): Date | undefined {
  const ms = Date.parse(raw);
  return Number.isNaN(ms) ? undefined : new Date(ms);
}
