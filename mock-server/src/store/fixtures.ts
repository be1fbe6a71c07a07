/**
 * Loads the fixture files (mock-server/fixtures/) the store starts from and returns to on reset:
 * businesses.json (an array of §3 businesses) and test-phone-numbers.json (numbers with fixed
 * codes, like Firebase's test phone numbers). Both are validated with the core schemas; a bad file
 * stops the start with an error naming the file and the field.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { SCENARIO_ID } from '@chat/assistant';
import { BusinessSchema, MAX_DISPLAY_NAME_LENGTH, formatPath, isValidE164, normalHandle } from '@chat/core';
import type { Business } from '@chat/core';

/** The fixtures shipped with the server. */
export const DEFAULT_FIXTURES_DIR = fileURLToPath(new URL('../../fixtures/', import.meta.url));

export interface TestPhoneNumber {
  code: string;
  displayName?: string | null;
}

export interface Fixtures {
  businesses: Business[];
  testNumbers: Record<string, TestPhoneNumber>;
  /** Business id → the scenario its conversations play (a fixture's optional `scenario` field). */
  businessScenarios?: Record<string, string>;
}

export class FixtureError extends Error {
  override readonly name = 'FixtureError';
}

/** A fixture is a §3 business plus, optionally, the scenario (file name without .yaml) it plays. */
// Core's schemas are zod/mini (they ship in the page); the server extends their shapes with full zod.
const FixtureBusinessSchema = z.object({
  ...BusinessSchema.shape,
  scenario: z
    .string()
    .regex(SCENARIO_ID, 'must be a scenario file name without .yaml, like "plain-questions"')
    .optional(),
});

const BusinessesFileSchema = z.array(FixtureBusinessSchema).superRefine((businesses, ctx) => {
  const seen = new Set<string>();
  const handles = new Map<string, string>();
  businesses.forEach((b, index) => {
    if (seen.has(b.id))
      ctx.addIssue({ code: 'custom', path: [index, 'id'], message: `duplicate id "${b.id}"` });
    seen.add(b.id);
    // Handles are one whatever their case (core's normalHandle): `BellaVista` beside `bellavista` is refused.
    const holder = handles.get(normalHandle(b.handle));
    if (holder !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [index, 'handle'],
        message: `"${b.handle}" is the handle of business "${holder}" (handles are the same whatever their case)`,
      });
    } else handles.set(normalHandle(b.handle), b.id);
  });
});

const TestNumbersFileSchema = z.record(
  z.string().refine(isValidE164, 'must be +1 followed by 10 digits'),
  z.object({
    code: z.string().regex(/^\d{6}$/, 'must be 6 digits'),
    displayName: z.string().max(MAX_DISPLAY_NAME_LENGTH).nullable().optional(),
  }),
);

export function loadFixtures(dir: string = DEFAULT_FIXTURES_DIR): Fixtures {
  const fixtureBusinesses = readFixture(path.join(dir, 'businesses.json'), BusinessesFileSchema);
  const businessScenarios: Record<string, string> = {};
  const businesses = fixtureBusinesses.map(({ scenario, ...business }) => {
    if (scenario) businessScenarios[business.id] = scenario;
    return business;
  });
  return {
    businesses,
    testNumbers: readFixture(path.join(dir, 'test-phone-numbers.json'), TestNumbersFileSchema),
    businessScenarios,
  };
}

function readFixture<T>(file: string, schema: z.ZodType<T>): T {
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new FixtureError(`Fixture ${file}: ${(error as Error).message}`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new FixtureError(`Fixture ${file}, field ${formatPath(issue.path)}: ${issue.message}`);
  }
  return parsed.data;
}
