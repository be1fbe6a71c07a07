/**
 * Intl.DateTimeFormat instances, built once per set of options. Building one resolves the locale and
 * loads time-zone data — far dearer than formatting — and the assistant formats hours on every reply.
 * Bad options (an unknown time zone) still throw a RangeError on first use, as the constructor does.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

/** A shared en-US formatter for `options`. */
export function dateTimeFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', options);
    formats.set(key, format);
  }
  return format;
}
