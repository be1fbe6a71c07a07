/**
 * A businesses file (a JSON array of §3 businesses), checked record by record against core's
 * BusinessSchema before anything is written: every problem is reported with the record (its position and
 * id) and the field, so an operator can fix the file. Stricter than the schema on one point: a field the
 * schema does not know (a typo such as "descripton") is refused rather than silently dropped. A handle is
 * returned in its normal form (lowercase), and two records whose handles differ only by case are refused.
 * Pure.
 */
import { BusinessSchema, normalHandle, type Business } from '@chat/core';
import { handleDocumentId } from '@chat/firebase/handle-index';

export type RecordsResult = { ok: true; businesses: Business[] } | { ok: false; problems: string[] };

type Path = ReadonlyArray<PropertyKey>;

/** A field path as `locations[0].hours.timeZone`. */
export function fieldPath(path: Path): string {
  if (path.length === 0) return '(the record itself)';
  return path
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`))
    .join('');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Paths in `input` that the schema's output dropped: fields it does not know. */
function unknownFields(input: unknown, output: unknown, path: PropertyKey[] = []): Path[] {
  if (Array.isArray(input) && Array.isArray(output)) {
    return input.flatMap((item, i) => unknownFields(item, output[i], [...path, i]));
  }
  if (!isPlainObject(input) || !isPlainObject(output)) return [];
  return Object.keys(input).flatMap((key) =>
    key in output ? unknownFields(input[key], output[key], [...path, key]) : [[...path, key]],
  );
}

function recordLabel(index: number, record: unknown): string {
  const id = isPlainObject(record) && typeof record.id === 'string' ? ` ("${record.id}")` : '';
  return `record ${index + 1}${id}`;
}

/** Checks every record; `ok` only when all of them are businesses and no id or handle repeats. */
export function checkBusinessRecords(json: unknown): RecordsResult {
  if (!Array.isArray(json)) {
    return { ok: false, problems: ['the file must hold a JSON array of businesses ([ { "id": …, … }, … ])'] };
  }
  const problems: string[] = [];
  const businesses: Business[] = [];
  const firstWithId = new Map<string, number>();
  const firstWithHandle = new Map<string, { index: number; given: string }>();
  json.forEach((record, index) => {
    const label = recordLabel(index, record);
    const parsed = BusinessSchema.safeParse(record);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        problems.push(`${label}, field ${fieldPath(issue.path)}: ${issue.message}`);
      }
      return;
    }
    const unknown = unknownFields(record, parsed.data);
    for (const path of unknown) {
      problems.push(
        `${label}, field ${fieldPath(path)}: not a field of a business (see packages/core/src/schema/business.ts)`,
      );
    }
    // Stored in its normal form (lowercase): one handle whatever its case (core's normalHandle).
    const business = { ...parsed.data, handle: normalHandle(parsed.data.handle) };
    if (handleDocumentId(business.handle) === null) {
      problems.push(
        `${label}, field handle: "${business.handle}" is reserved by Firestore ('.', '..' or __…__)`,
      );
    }
    const sameId = firstWithId.get(business.id);
    if (sameId !== undefined) {
      problems.push(`${label}, field id: "${business.id}" is already the id of record ${sameId + 1}`);
    } else firstWithId.set(business.id, index);
    const sameHandle = firstWithHandle.get(business.handle);
    if (sameHandle !== undefined) {
      problems.push(
        `${label}, field handle: "${parsed.data.handle}" is already the handle of record ${sameHandle.index + 1}` +
          (sameHandle.given === parsed.data.handle
            ? ''
            : ` ("${sameHandle.given}": handles are the same whatever their case)`),
      );
    } else firstWithHandle.set(business.handle, { index, given: parsed.data.handle });
    if (unknown.length === 0) businesses.push(business);
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, businesses };
}

/** Parses and checks a businesses file's text; `file` names it in the problems. */
export function readBusinessRecords(text: string, file: string): RecordsResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, problems: [`${file} is not valid JSON: ${(error as Error).message}`] };
  }
  return checkBusinessRecords(json);
}
