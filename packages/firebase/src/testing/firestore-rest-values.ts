/**
 * Plain JSON ↔ the Firestore REST API's typed values ({ stringValue }, { mapValue: { fields } }, …), for
 * the emulator harness, which seeds and reads documents over REST as the rule-bypassing "owner".
 * Test support only: not exported from the package.
 */

export type RestValue =
  | { nullValue: null }
  | { booleanValue: boolean }
  | { integerValue: string }
  | { doubleValue: number }
  | { stringValue: string }
  | { timestampValue: string }
  | { arrayValue: { values?: RestValue[] } }
  | { mapValue: { fields?: Record<string, RestValue> } };

/** One JSON value as a REST value. Integers become integerValue (as Firestore stores them); undefined fields are left out. */
export function toRestValue(value: unknown): RestValue {
  if (value === null) return { nullValue: null };
  if (typeof value === 'boolean') return { booleanValue: value };
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`cannot store the number ${value}`);
    return Number.isInteger(value) ? { integerValue: String(value) } : { doubleValue: value };
  }
  if (typeof value === 'string') return { stringValue: value };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(toRestValue) } };
  if (typeof value === 'object')
    return { mapValue: { fields: toRestFields(value as Record<string, unknown>) } };
  throw new Error(`cannot store a value of type ${typeof value}`);
}

export function toRestFields(object: Record<string, unknown>): Record<string, RestValue> {
  const fields: Record<string, RestValue> = {};
  for (const [key, value] of Object.entries(object)) {
    if (value !== undefined) fields[key] = toRestValue(value);
  }
  return fields;
}

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
