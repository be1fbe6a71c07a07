/**
 * The shape of a scenario file (mock-server/scenarios/*.yaml), validated with zod after the YAML is
 * parsed. Field names are plain words because people who are not developers write these files;
 * every error message says what to write instead. See ../../scenarios/README.md for the format.
 */
import { z } from 'zod';
import {
  BusinessSchema,
  DocumentIdSchema,
  MAX_ASSISTANT_NAME_LENGTH,
  MAX_MESSAGE_LENGTH,
  MAX_SMART_REPLIES,
  RESUME_ACTIONS,
  SMART_REPLY,
} from '@chat/core';
import type { Business } from '@chat/core';
import { closestName } from './closest-name.js';
import { localized, splitLanguages } from './localized-texts.js';
import { checkPattern } from './pattern-safety.js';

/**
 * How long a scripted text may be: a reply (a step's, the fallback's, or one a staffer sends from the
 * console) and the message a phone-verification interrupt asks with (a step's, or a staffer's).
 */
export const SCRIPTED_TEXT = { maxReplyLength: 8000, maxInterruptLength: 500 } as const;

/** The code of a step's "does nothing" issue (describe-issues.ts tells it by this, not by its words). */
export const STEP_DOES_NOTHING = 'step-does-nothing';

/** A step's name, used by `goto` and shown by `demo check`. */
const StepIdSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'must be lowercase letters, digits and "-", like "ask-hours"')
  .max(60);

const TextSchema = z.string().trim().min(1, 'must not be empty');

/**
 * A group of fields that refuses unknown ones, naming the closest known field: a misspelt `replly`
 * gets "did you mean "reply"?" rather than being ignored or reported alone.
 */
function fields<Shape extends z.ZodRawShape>(shape: Shape) {
  const known = Object.keys(shape);
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? unknownFieldsMessage(issue.keys, known) : undefined,
  });
}

export function unknownFieldsMessage(keys: readonly string[], known: readonly string[]): string {
  return keys
    .map((key) => {
      const near = closestName(key, known);
      return `unknown field "${key}"${near ? ` (did you mean "${near}"?)` : ''}`;
    })
    .join('; ');
}

const RegexSchema = TextSchema.max(500).superRefine((source, ctx) => {
  const checked = checkPattern(source);
  if (!checked.ok) ctx.addIssue({ code: 'custom', message: checked.problem });
});

/** The keys of `when`, one of which starts a step. */
export const TRIGGER_KEYS = ['text', 'contains', 'matches', 'anything', 'bookingUpdate', 'resume'] as const;

/** What starts a step: exactly one of these keys. */
export type StepTrigger =
  | { text: string }
  | { contains: string }
  | { matches: string }
  | { anything: true }
  | { bookingUpdate: string | true }
  | { resume: (typeof RESUME_ACTIONS)[number] };

/**
 * Every key is checked on its own (so `contains: 5` is told it must be text), then the object must
 * have exactly one: a union of one-key objects would only say "none of the choices fit".
 */
const WhenSchema = fields({
  text: TextSchema.max(MAX_MESSAGE_LENGTH).optional(),
  contains: TextSchema.max(MAX_MESSAGE_LENGTH).optional(),
  matches: RegexSchema.optional(),
  anything: z.literal(true, 'write "anything: true"').optional(),
  bookingUpdate: z
    .union([TextSchema.max(80), z.literal(true)], "must be the update's text, or true for any update")
    .optional(),
  resume: z.enum(RESUME_ACTIONS, `must be ${RESUME_ACTIONS.join(' or ')}`).optional(),
})
  .superRefine((when, ctx) => {
    const given = TRIGGER_KEYS.filter((key) => when[key] !== undefined);
    if (given.length === 0) {
      ctx.addIssue({ code: 'custom', message: `needs one of: ${TRIGGER_KEYS.join(', ')}` });
    } else if (given.length > 1) {
      ctx.addIssue({
        code: 'custom',
        message: `has ${given.join(' and ')}: keep only one (a step starts on one thing)`,
      });
    }
  })
  .transform((when) => when as StepTrigger);

/** "+25h", "-2h", "90m", "1d", "30s": how far to move the mock clock. */
const DURATION = /^([+-]?)(\d{1,6})(s|m|h|d)$/;
const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

export function parseDuration(text: string): number | null {
  const match = DURATION.exec(text.trim());
  if (!match) return null;
  const [, sign, amount, unit] = match;
  return (sign === '-' ? -1 : 1) * Number(amount) * UNIT_MS[unit as keyof typeof UNIT_MS];
}

const DurationSchema = z
  .string()
  .refine((text) => parseDuration(text) !== null, 'must be like "+25h", "-2h", "90m" or "1d"')
  .transform((text) => parseDuration(text)!);

const SmartRepliesSchema = z
  .array(TextSchema.max(SMART_REPLY.maxTextLength))
  .min(1)
  .max(MAX_SMART_REPLIES, `at most ${MAX_SMART_REPLIES} smart replies`);

export const StepSchema = fields({
  id: StepIdSchema.optional(),
  when: WhenSchema,
  /** What `demo check` types for this step; needed when `when` is `matches` or `anything`. */
  visitor: TextSchema.max(MAX_MESSAGE_LENGTH).optional(),
  reply: localized(TextSchema.max(SCRIPTED_TEXT.maxReplyLength)).optional(),
  typingMs: z.int().min(0).max(10_000, 'at most 10000 (10 seconds)').optional(),
  stream: fields({
    chunk: z.int().min(1).max(500),
    everyMs: z.int().min(1).max(2_000),
  }).optional(),
  smartReplies: localized(SmartRepliesSchema).optional(),
  interrupt: localized(TextSchema.max(SCRIPTED_TEXT.maxInterruptLength)).optional(),
  requireSignIn: localized(TextSchema.max(SCRIPTED_TEXT.maxInterruptLength)).optional(),
  fail: z
    .int()
    .min(400, 'must be an HTTP status from 400 to 599')
    .max(599, 'must be an HTTP status from 400 to 599')
    .optional(),
  dropStream: z.literal(true, 'write "dropStream: true" or leave it out').optional(),
  moveClock: DurationSchema.optional(),
  goto: StepIdSchema.optional(),
  /**
   * The step passes the visitor's request to the business's team (issue 27): `booking` writes a
   * BOOKING_REQUEST item to the business's feed, `handoff` a HANDOFF item, with the verified phone.
   */
  passToTeam: z.enum(['booking', 'handoff'], 'must be booking or handoff').optional(),
})
  .superRefine((step, ctx) => {
    const does = step.reply ?? step.interrupt ?? step.fail ?? step.dropStream ?? step.moveClock ?? step.goto;
    if (does === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: 'does nothing: give it a reply, interrupt, fail, dropStream, moveClock or goto',
        params: { problem: STEP_DOES_NOTHING },
      });
    }
    if (step.interrupt && step.requireSignIn) {
      ctx.addIssue({
        code: 'custom',
        path: ['requireSignIn'],
        message: 'cannot be used together with interrupt',
      });
    }
    if (step.requireSignIn && !step.reply) {
      ctx.addIssue({
        code: 'custom',
        path: ['reply'],
        message: 'is needed with requireSignIn (what to say once verified)',
      });
    }
    if (step.passToTeam && !step.requireSignIn) {
      const resume = (step.when as { resume?: unknown } | undefined)?.resume;
      if (resume !== 'PHONE_SIGN_IN') {
        ctx.addIssue({
          code: 'custom',
          path: ['passToTeam'],
          message:
            'needs requireSignIn (or when: { resume: PHONE_SIGN_IN }): the team can only follow up with a verified phone number',
        });
      }
    }
    if (step.fail !== undefined && (step.reply || step.interrupt)) {
      ctx.addIssue({
        code: 'custom',
        path: ['fail'],
        message: 'a failing step cannot also reply or interrupt',
      });
    }
    // Refinements run even when a field failed: read `when` as it came, whatever its shape.
    const when = (step.when ?? {}) as Partial<Record<(typeof TRIGGER_KEYS)[number], unknown>>;
    const needsExample =
      when.matches !== undefined || when.anything !== undefined || when.bookingUpdate === true;
    if (needsExample && !step.visitor) {
      ctx.addIssue({
        code: 'custom',
        path: ['visitor'],
        message:
          'is needed when the step matches a pattern, anything or any booking update: what should `demo check` send?',
      });
    }
    // The pattern may be invalid or unsafe here: it is only ever run once checked (an unsafe one
    // could take minutes on the example text).
    const checked = typeof when.matches === 'string' ? checkPattern(when.matches) : null;
    const pattern = checked?.ok ? checked.pattern : null;
    if (step.visitor && pattern && !pattern.test(step.visitor)) {
      ctx.addIssue({
        code: 'custom',
        path: ['visitor'],
        message: `"${step.visitor}" does not match "${pattern.source}"`,
      });
    }
  })
  .transform((step) => splitLanguages(step));
export type Step = z.infer<typeof StepSchema>;

const FallbackSchema = z.union(
  [
    TextSchema.max(SCRIPTED_TEXT.maxReplyLength).transform((reply) => ({ reply, smartReplies: undefined })),
    fields({
      reply: localized(TextSchema.max(SCRIPTED_TEXT.maxReplyLength)),
      smartReplies: localized(SmartRepliesSchema).optional(),
    }).transform((fallback) => splitLanguages(fallback)),
  ],
  'must be a text, or { reply: …, smartReplies: [ … ] }',
);

/**
 * `business: { fixture: sunrise-bakery, approved: true }`: a fixture business played as approved
 * for the demo (the fixtures' bakery is pending, and a pending business cannot be chatted with).
 */
const ApprovedFixtureSchema = fields({
  fixture: DocumentIdSchema,
  approved: z.literal(true, 'write "approved: true": only an approved business can be chatted with'),
});

export const ScenarioFileSchema = fields({
  name: TextSchema.max(120),
  description: TextSchema.max(1000),
  /**
   * The assistant's name the page shows ("Ava is typing"): `demo start` gives it to the web app it
   * starts (VITE_ASSISTANT_NAME). At most MAX_ASSISTANT_NAME_LENGTH characters, as the web app allows.
   */
  assistantName: TextSchema.max(MAX_ASSISTANT_NAME_LENGTH).optional(),
  /** A fixture business's id, or a whole business written inline. */
  business: z.union(
    // An inline business is checked as strictly as the mock server's control API checks one.
    [DocumentIdSchema, ApprovedFixtureSchema, z.strictObject(BusinessSchema.shape)],
    "must be a fixture business's id (like bella-vista-salon), { fixture: <its id>, approved: true }, or a whole business written inline",
  ),
  fallback: FallbackSchema,
  /** How `demo check` plays the visitor's side of the phone verification. */
  rehearsal: fields({
    phone: z
      .string()
      .regex(/^\+1\d{10}$/, 'must be +1 followed by 10 digits, like "+15555550100"')
      .optional(),
    wrongCodeFirst: z.boolean().optional(),
  }).optional(),
  steps: z.array(StepSchema).max(200, 'at most 200 steps: split the demo into two scenarios'),
}).superRefine((scenario, ctx) => {
  const ids = new Map<string, number>();
  scenario.steps.forEach((step, index) => {
    if (!step.id) return;
    if (ids.has(step.id)) {
      ctx.addIssue({
        code: 'custom',
        path: ['steps', index, 'id'],
        message: `"${step.id}" is already step ${ids.get(step.id)! + 1}'s id`,
      });
    }
    ids.set(step.id, index);
  });
  scenario.steps.forEach((step, index) => {
    if (step.goto && !ids.has(step.goto)) {
      ctx.addIssue({
        code: 'custom',
        path: ['steps', index, 'goto'],
        message: `no step has the id "${step.goto}"`,
      });
    }
  });
});
export type ScenarioFile = z.infer<typeof ScenarioFileSchema>;

/** The id of the business a scenario plays. */
export function businessIdOf(scenario: Pick<ScenarioFile, 'business'>): string {
  const { business } = scenario;
  if (typeof business === 'string') return business;
  return 'fixture' in business ? business.fixture : business.id;
}

/** The business a scenario writes out whole, or null. */
export function inlineBusinessOf(scenario: Pick<ScenarioFile, 'business'>): Business | null {
  const { business } = scenario;
  return typeof business === 'object' && !('fixture' in business) ? business : null;
}

/** The fixture a scenario plays as approved (`business: { fixture: …, approved: true }`), or null. */
export function approvedFixtureOf(scenario: Pick<ScenarioFile, 'business'>): string | null {
  const { business } = scenario;
  return typeof business === 'object' && 'fixture' in business ? business.fixture : null;
}
