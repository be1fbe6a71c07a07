/**
 * What the repository-wide source tests read (one-definition.test.ts, text/no-decision-on-text.test.ts):
 * every production source file — tests, test support, journeys, fixtures and built output left out —
 * and the catalogues' texts, long enough to be recognised as one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EN } from './en.js';
import { ES } from './es.js';

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

const SOURCE_DIRS = [
  'packages',
  'web/src',
  'web/embed',
  'web/build',
  'mock-server/src',
  'mock-server/console',
  'scripts',
];
const NOT_PRODUCTION =
  /(^|\/)(node_modules|dist|e2e|firebase-e2e|testing|test|fixtures)(\/|$)|\.test\.tsx?$|\.test-support\.ts$|\.d\.ts$/;

/** Every production source file, as a path from the repository's root ('/'-separated), but `skipped`. */
export function productionSourceFiles(skipped: RegExp = /$^/): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(REPO_ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
      const path = relative(REPO_ROOT, join(REPO_ROOT, dir, entry.name))
        .split('\\')
        .join('/');
      if (NOT_PRODUCTION.test(path) || skipped.test(path)) return [];
      if (entry.isDirectory()) return walk(path);
      return /\.(ts|tsx|mts|mjs|js)$/.test(entry.name) ? [path] : [];
    });
  return SOURCE_DIRS.flatMap(walk);
}

/** A production source file's text, by its path from the repository's root. */
export function readSource(path: string): string {
  return readFileSync(join(REPO_ROOT, path), 'utf8');
}

/**
 * The catalogues' texts in every language (`parts`: the pieces around their `{placeholders}` instead
 * of whole texts). Short or digit-only texts ('Send', '123456') are too common to be a catalogue's on
 * their own.
 */
export function catalogueTexts({ parts }: { parts: boolean }): Set<string> {
  const texts = new Set<string>();
  for (const catalogue of [EN, ES]) {
    for (const section of Object.values(catalogue)) {
      for (const text of Object.values(section as Record<string, string>)) {
        for (const part of parts ? text.split(/\{\w+\}/) : [text]) {
          const trimmed = part.trim();
          if (trimmed.length >= 8 && /\p{L}/u.test(trimmed)) texts.add(trimmed);
        }
      }
    }
  }
  return texts;
}
