import { describe, expect, it } from 'vitest';
import { parseScenarioText } from './load-scenario.js';
import type { ScenarioLoad } from './load-scenario.js';
import { parseDuration } from './scenario-schema.js';

const FILE = 'scenarios/demo.yaml';

function load(text: string): ScenarioLoad {
  return parseScenarioText('demo', '/abs/scenarios/demo.yaml', text, FILE);
}

/** A valid scenario with `steps` written in YAML (each line already indented for the list). */
function withSteps(steps: string, extra = ''): string {
  return `name: Demo\ndescription: A demo.\nbusiness: bella-vista-salon\nfallback: Sorry?\n${extra}steps:\n${steps}`;
}

function errorsOf(text: string): string[] {
  const result = load(text);
  if (result.ok) throw new Error('expected the scenario to be invalid');
  return result.errors;
}

describe('scenario files: every step kind', () => {
  it('reads every trigger and every action of a step', () => {
    const result = load(
      withSteps(
        [
          '  - { id: exact, when: { text: Hello }, reply: Hi! }',
          '  - { when: { contains: hours }, reply: "**9 to 5**", typingMs: 1500, stream: { chunk: 4, everyMs: 30 }, smartReplies: [Where?, Book] }',
          '  - { when: { matches: "where|address" }, visitor: Where are you?, reply: Here. }',
          '  - { when: { anything: true }, visitor: blah, reply: Anything. , goto: exact }',
          '  - { when: { bookingUpdate: Tuesday 3pm }, reply: Noted. }',
          '  - { when: { bookingUpdate: true }, visitor: Friday, reply: Noted too. }',
          '  - { when: { contains: book }, interrupt: Verify first. }',
          '  - { when: { contains: change }, requireSignIn: Verify to change., reply: Changed. }',
          '  - { when: { resume: PHONE_SIGN_IN }, reply: Thanks! }',
          '  - { when: { resume: PHONE_SIGN_IN_DECLINED }, reply: No problem. }',
          '  - { when: { contains: fail }, fail: 503 }',
          '  - { when: { contains: drop }, dropStream: true, reply: Dropped. }',
          '  - { when: { contains: tomorrow }, moveClock: "+25h", reply: Later. }',
          '',
        ].join('\n'),
        'rehearsal: { phone: "+15555550101", wrongCodeFirst: true }\n',
      ),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const steps = result.scenario.steps;
    expect(steps).toHaveLength(13);
    expect(steps[1]).toMatchObject({
      typingMs: 1500,
      stream: { chunk: 4, everyMs: 30 },
      smartReplies: ['Where?', 'Book'],
    });
    expect(steps[3]!.goto).toBe('exact');
    expect(steps[12]!.moveClock).toBe(25 * 3_600_000);
    expect(result.scenario.fallback).toEqual({ reply: 'Sorry?', smartReplies: undefined });
    expect(result.scenario.rehearsal).toEqual({ phone: '+15555550101', wrongCodeFirst: true });
  });

  it('takes an inline business, validated like a fixture', () => {
    const result = load(
      'name: X\ndescription: Y\nfallback: Z\nsteps: []\nbusiness:\n  id: pop-up\n  handle: popup\n  businessName: Pop-up\n  verification: { status: pending }\n',
    );
    expect(result.ok && typeof result.scenario.business === 'object' && result.scenario.business.handle).toBe(
      'popup',
    );
  });

  it('reads durations with a sign and a unit', () => {
    expect(parseDuration('+25h')).toBe(90_000_000);
    expect(parseDuration('-2h')).toBe(-7_200_000);
    expect(parseDuration('90m')).toBe(5_400_000);
    expect(parseDuration('1d')).toBe(86_400_000);
    expect(parseDuration('30s')).toBe(30_000);
    expect(parseDuration('soon')).toBeNull();
  });
});

describe('scenario files: every error names the file, the step and the problem', () => {
  const cases: Array<[string, string, string]> = [
    ['YAML syntax', 'name: [unclosed\n', `${FILE}, line 2: not valid YAML`],
    [
      'a missing name',
      'description: d\nbusiness: b\nfallback: f\nsteps: []\n',
      `${FILE}, field name: Invalid input`,
    ],
    ['an unknown top-level key', withSteps('  []', 'colour: red\n'), `${FILE}: Unrecognized key: "colour"`],
    [
      'a bad inline business',
      'name: n\ndescription: d\nfallback: f\nsteps: []\nbusiness: { id: x, handle: "no spaces", businessName: X, verification: { status: approved } }\n',
      `${FILE}, field business`,
    ],
    [
      'no trigger key',
      withSteps('  - { id: greet, when: { says: hi }, reply: Hi }\n'),
      `${FILE}, step 1 (greet), when: must be one of: text, contains, matches, anything, bookingUpdate, resume`,
    ],
    [
      'two trigger keys',
      withSteps('  - { when: { text: hi, contains: hi }, reply: Hi }\n'),
      `${FILE}, step 1, when: must be one of`,
    ],
    [
      'an empty text',
      withSteps('  - { when: { text: "  " }, reply: Hi }\n'),
      `${FILE}, step 1, when.text: must not be empty`,
    ],
    [
      'a bad regular expression',
      withSteps('  - { when: { matches: "(" }, visitor: x, reply: Hi }\n'),
      `${FILE}, step 1, when.matches: is not a valid regular expression`,
    ],
    [
      'anything without true',
      withSteps('  - { when: { anything: yes }, visitor: x, reply: Hi }\n'),
      `${FILE}, step 1, when: must be one of`,
    ],
    [
      'an unknown resume action',
      withSteps('  - { when: { resume: SIGNED_IN }, reply: Hi }\n'),
      `${FILE}, step 1, when: must be one of`,
    ],
    [
      'a step that does nothing',
      withSteps('  - { when: { text: hi } }\n'),
      `${FILE}, step 1: does nothing: give it a reply, interrupt, fail, dropStream, moveClock or goto`,
    ],
    [
      'an unknown step key',
      withSteps('  - { when: { text: hi }, replay: Hi }\n'),
      `${FILE}, step 1: Unrecognized key: "replay"`,
    ],
    [
      'a pattern without a visitor text',
      withSteps('  - { when: { matches: "h.llo" }, reply: Hi }\n'),
      `${FILE}, step 1, visitor: is needed when the step matches a pattern`,
    ],
    [
      'any booking update without a visitor value',
      withSteps('  - { when: { bookingUpdate: true }, reply: Hi }\n'),
      `${FILE}, step 1, visitor: is needed`,
    ],
    [
      'a visitor text the pattern does not match',
      withSteps('  - { when: { matches: "^hello" }, visitor: bye, reply: Hi }\n'),
      `${FILE}, step 1, visitor: "bye" does not match "^hello"`,
    ],
    [
      'a status that is not an error',
      withSteps('  - { when: { text: hi }, fail: 200 }\n'),
      `${FILE}, step 1, fail: must be an HTTP status from 400 to 599`,
    ],
    [
      'a failing step that also replies',
      withSteps('  - { when: { text: hi }, fail: 503, reply: Hi }\n'),
      `${FILE}, step 1, fail: a failing step cannot also reply or interrupt`,
    ],
    [
      'dropStream: false',
      withSteps('  - { when: { text: hi }, dropStream: false, reply: Hi }\n'),
      `${FILE}, step 1, dropStream: write "dropStream: true" or leave it out`,
    ],
    [
      'a bad duration',
      withSteps('  - { when: { text: hi }, moveClock: tomorrow }\n'),
      `${FILE}, step 1, moveClock: must be like "+25h", "-2h", "90m" or "1d"`,
    ],
    [
      'a typing delay over 10 s',
      withSteps('  - { when: { text: hi }, typingMs: 60000, reply: Hi }\n'),
      `${FILE}, step 1, typingMs: at most 10000 (10 seconds)`,
    ],
    [
      'five smart replies',
      withSteps('  - { when: { text: hi }, reply: Hi, smartReplies: [a, b, c, d, e] }\n'),
      `${FILE}, step 1, smartReplies: at most 4 smart replies`,
    ],
    [
      'requireSignIn without a reply',
      withSteps(
        '  - { when: { text: hi }, requireSignIn: Verify, goto: x }\n  - { id: x, when: { text: x }, reply: X }\n',
      ),
      `${FILE}, step 1, reply: is needed with requireSignIn`,
    ],
    [
      'interrupt and requireSignIn together',
      withSteps('  - { when: { text: hi }, interrupt: A, requireSignIn: B, reply: C }\n'),
      `${FILE}, step 1, requireSignIn: cannot be used together with interrupt`,
    ],
    [
      'a goto to no step',
      withSteps('  - { id: a, when: { text: hi }, goto: nowhere }\n'),
      `${FILE}, step 1 (a), goto: no step has the id "nowhere"`,
    ],
    [
      'a duplicate step id',
      withSteps('  - { id: a, when: { text: hi }, reply: A }\n  - { id: a, when: { text: ho }, reply: B }\n'),
      `${FILE}, step 2 (a), id: "a" is already step 1's id`,
    ],
    [
      'a bad step id',
      withSteps('  - { id: "Ask Hours", when: { text: hi }, reply: A }\n'),
      `${FILE}, step 1 (Ask Hours), id: must be lowercase letters`,
    ],
    [
      'a bad rehearsal phone',
      withSteps('  []', 'rehearsal: { phone: "555-0100" }\n'),
      `${FILE}, field rehearsal.phone: must be +1 followed by 10 digits`,
    ],
  ];

  it.each(cases)('%s', (_what, text, expected) => {
    expect(errorsOf(text).join('\n')).toContain(expected);
  });

  it('refuses a file name that cannot be a scenario name', async () => {
    const { loadScenarioFile } = await import('./load-scenario.js');
    const result = loadScenarioFile('/tmp/My Demo.yaml');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors[0]).toContain(
      'the file name must be lowercase letters, digits and "-"',
    );
  });
});
