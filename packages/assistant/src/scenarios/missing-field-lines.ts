/**
 * The line to write for a required field a scenario file leaves out (issue 28, item 10): "required,
 * but missing" alone leaves a person who is not a developer guessing the spelling and the value.
 * Keyed by the field's path with step numbers dropped ("business.verification", "steps.when").
 */
const LINES: Record<string, string> = {
  name: 'name: Bakery demo',
  description: 'description: One sentence on what this demo shows.',
  business: 'business: bella-vista-salon',
  fallback: "fallback: Sorry, I didn't catch that.",
  steps: 'steps: []',
  'business.id': 'id: rosie-cakes',
  'business.handle': 'handle: rosiecakes',
  'business.businessName': 'businessName: "Rosie\'s Cakes"',
  'business.verification': 'verification: { status: approved }',
  'business.verification.status': 'status: approved',
  'business.fixture': 'fixture: sunrise-bakery',
  'business.approved': 'approved: true',
  'fallback.reply': "reply: Sorry, I didn't catch that.",
  'steps.when': 'when: { contains: hours }',
  'steps.stream.chunk': 'chunk: 6',
  'steps.stream.everyMs': 'everyMs: 30',
};

/** The line to add for the missing field at `path`, or null when there is no telling example. */
export function lineForMissingField(path: readonly PropertyKey[]): string | null {
  const key = path
    .filter((part) => typeof part !== 'number')
    .map(String)
    .join('.');
  return LINES[key] ?? null;
}
