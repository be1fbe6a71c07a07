// Times as the business reads them: in its time zone (the laptop running the demo may be anywhere).

/** "Nov 26, 3:04 PM" in `timeZone`, or in this computer's time zone when the business gives none. */
export function businessTime(ms, timeZone, { withDate = true } = {}) {
  const options = withDate ? { dateStyle: 'medium', timeStyle: 'short' } : { timeStyle: 'short' };
  try {
    return new Date(ms).toLocaleString('en-US', timeZone ? { ...options, timeZone } : options);
  } catch {
    // An unknown zone name in a business's data: this computer's time rather than nothing.
    return new Date(ms).toLocaleString('en-US', options);
  }
}

/** "New York time" from "America/New_York"; "this computer's time" without a zone. */
export function zoneName(timeZone) {
  if (!timeZone) return "this computer's time";
  const city = timeZone.split('/').pop().replaceAll('_', ' ');
  return `${city} time`;
}
