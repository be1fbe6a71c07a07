/**
 * Whether a text names an IANA time zone (`America/New_York`, `Europe/Madrid`, `UTC`): a name the
 * runtime's Intl knows, written as a zone name — not a UTC offset such as `+01:00`, which newer
 * runtimes also accept but the tz database does not name.
 */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

/** Names already checked (a server sees a few dozen); bounded so that nobody can grow it. */
const known = new Set<string>();
const KNOWN_LIMIT = 1000;

export function isIanaTimeZone(name: string): boolean {
  if (known.has(name)) return true;
  if (!ZONE_NAME.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
  } catch {
    return false;
  }
  if (known.size < KNOWN_LIMIT) known.add(name);
  return true;
}
