/**
 * Plain JSON ↔ the Firestore REST API's typed values ({ stringValue }, { mapValue: { fields } }, …), for
 * the emulator harness, which seeds and reads documents over REST as the rule-bypassing "owner".
 * Test support only: not exported from the package.
 */

// Writing is the page's own REST encoding (the provider's writes use it); the harness only seeds with it.
import type { RestValue } from '../firestore-rest-api.js';

export { toRestFields, toRestValue, type RestValue } from '../firestore-rest-api.js';

/** A REST value as JSON. Timestamps become whole epoch milliseconds, like the data provider's reads. */
export function fromRestValue(value: RestValue): unknown {
  if ('nullValue' in value) return null;
  if ('booleanValue' in value) return value.booleanValue;
  if ('integerValue' in value) return Number(value.integerValue);
  if ('doubleValue' in value) return value.doubleValue;
  if ('stringValue' in value) return value.stringValue;
  if ('timestampValue' in value) return Math.floor(Date.parse(value.timestampValue));
  if ('arrayValue' in value) return (value.arrayValue.values ?? []).map(fromRestValue);
  if ('mapValue' in value) return fromRestFields(value.mapValue.fields ?? {});
  throw new Error(`unsupported REST value ${JSON.stringify(value)}`);
}

export function fromRestFields(fields: Record<string, RestValue>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, fromRestValue(value)]));
}
