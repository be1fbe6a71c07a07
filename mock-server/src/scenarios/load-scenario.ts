/**
 * Reads one scenario file: YAML (with the `yaml` library) then the schema. Never throws: a file
 * that cannot be used comes back with errors that name the file, the step and the problem, in words
 * a person editing the file can act on ("step 3 (ask-hours), when: must be one of …").
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseDocument } from 'yaml';
import type { z } from 'zod';
import { formatPath } from '../store/fixtures.js';
import { ScenarioFileSchema } from './scenario-schema.js';
import type { ScenarioFile } from './scenario-schema.js';

/** A scenario's id is its file name without `.yaml`: copying a file under a new name makes a new scenario. */
export const SCENARIO_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

export type ScenarioLoad =
  | { id: string; file: string; ok: true; scenario: ScenarioFile }
  | { id: string; file: string; ok: false; errors: string[] };

export function scenarioIdOf(file: string): string {
  return path.basename(file).replace(/\.ya?ml$/, '');
}

export function loadScenarioFile(file: string, shownAs: string = file): ScenarioLoad {
  const id = scenarioIdOf(file);
  const fail = (errors: string[]): ScenarioLoad => ({ id, file, ok: false, errors });
  if (!SCENARIO_ID.test(id)) {
    return fail([`${shownAs}: the file name must be lowercase letters, digits and "-" (like my-demo.yaml)`]);
  }
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    return fail([`${shownAs}: cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`]);
  }
  return parseScenarioText(id, file, text, shownAs);
}

/** Parses and validates a scenario's text (the file's content). */
export function parseScenarioText(
  id: string,
  file: string,
  text: string,
  shownAs: string = file,
): ScenarioLoad {
  const document = parseDocument(text, { prettyErrors: true, uniqueKeys: true });
  if (document.errors.length > 0) {
    return {
      id,
      file,
      ok: false,
      errors: document.errors.map((error) => {
        const line = error.linePos?.[0].line;
        const where = line ? `${shownAs}, line ${line}` : shownAs;
        const problem = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
        return `${where}: not valid YAML (${problem})`;
      }),
    };
  }
  const parsed = ScenarioFileSchema.safeParse(document.toJS());
  if (!parsed.success) {
    return {
      id,
      file,
      ok: false,
      errors: parsed.error.issues.map((issue) => describeIssue(shownAs, issue, document.toJS())),
    };
  }
  return { id, file, ok: true, scenario: parsed.data };
}

/** "file, step 3 (ask-hours), when: problem" or "file, field business.handle: problem". */
function describeIssue(shownAs: string, issue: z.core.$ZodIssue, raw: unknown): string {
  const [first, second, ...rest] = issue.path;
  if (first === 'steps' && typeof second === 'number') {
    const steps = (raw as { steps?: Array<{ id?: unknown }> }).steps;
    const stepId = steps?.[second]?.id;
    const label = `step ${second + 1}${typeof stepId === 'string' ? ` (${stepId})` : ''}`;
    const field = rest.length > 0 ? `, ${formatPath(rest)}` : '';
    return `${shownAs}, ${label}${field}: ${issue.message}`;
  }
  if (issue.path.length === 0) return `${shownAs}: ${issue.message}`;
  return `${shownAs}, field ${formatPath(issue.path)}: ${issue.message}`;
}
