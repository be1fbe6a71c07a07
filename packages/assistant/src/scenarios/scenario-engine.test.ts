import { describe, expect, it } from 'vitest';
import { bookingUpdateMessage, PHONE_SIGN_IN_TOOL } from '@chat/core';
import type { ToolRequest } from '@chat/core';
import { message, messageInput } from '../assistant-test-fixtures.js';
import type { AssistantInput, AssistantMemory, AssistantTurn } from '../assistant-types.js';
import { parseScenarioText } from './load-scenario.js';
import { createScenarioEngine, scenarioProgress } from './scenario-engine.js';
import type { ScenarioFile } from './scenario-schema.js';

function scenario(steps: string, fallback = 'Fallback.'): ScenarioFile {
  const text = `name: T\ndescription: T\nbusiness: bella-vista-salon\nfallback: ${fallback}\nsteps:\n${steps}`;
  const loaded = parseScenarioText('t', 't.yaml', text);
  if (!loaded.ok) throw new Error(loaded.errors.join('\n'));
  return loaded.scenario;
}

/**
 * The engine over one conversation, carrying its memory from turn to turn as a chat service does.
 * Turns come back without their memory, which `progress` reads.
 */
function engineFor(file: ScenarioFile) {
  const engine = createScenarioEngine(() => ({ id: 't', scenario: file }));
  let memory: AssistantMemory | null = null;
  return {
    respond(input: AssistantInput): AssistantTurn {
      const { memory: next, ...turn } = engine.respond({ ...input, memory });
      if (next) memory = next;
      return turn;
    },
    progress: () => scenarioProgress(memory),
    forget() {
      memory = null;
    },
  };
}

const say = (text: string, overrides: Partial<AssistantInput> = {}) => messageInput(text, overrides);
const TOOL: ToolRequest = { name: PHONE_SIGN_IN_TOOL, ref: 'r1' };
const resumeInput = (
  action: 'PHONE_SIGN_IN' | 'PHONE_SIGN_IN_DECLINED',
  signedIn: boolean,
): AssistantInput => ({
  ...messageInput('unused'),
  signedIn,
  request: { kind: 'resume', action, declined: action === 'PHONE_SIGN_IN_DECLINED', toolRequest: TOOL },
});

describe('the scenario engine', () => {
  it('matches exact text (case and spaces aside), contains, patterns and anything', () => {
    const engine = engineFor(
      scenario(
        [
          '  - { when: { text: Hello there }, reply: Exact. }',
          '  - { when: { contains: HOURS }, reply: Contains. }',
          '  - { when: { matches: "^where\\\\b" }, visitor: where now, reply: Pattern. }',
          '  - { when: { anything: true }, visitor: x, reply: Anything. }',
          '',
        ].join('\n'),
      ),
    );
    expect(engine.respond(say('  hello   THERE ')).reply).toBe('Exact.');
    expect(engine.respond(say('what are your hours?')).reply).toBe('Contains.');
    expect(engine.respond(say('Where are you?')).reply).toBe('Pattern.');
    expect(engine.respond(say('something else')).reply).toBe('Anything.');
  });

  // Issue 28: a Spanish message did not match `contains:` written with (or without) its accents.
  it('matches Spanish with or without accents, in any case', () => {
    const engine = engineFor(
      scenario(
        [
          '  - { when: { contains: que horario }, reply: Horario. }',
          '  - { when: { contains: "AÑOS" }, reply: Años. }',
          '  - { when: { text: "¿Dónde están?" }, reply: Dirección. }',
          '',
        ].join('\n'),
      ),
    );
    expect(engine.respond(say('¿Qué HORARIO tenéis?')).reply).toBe('Horario.');
    expect(engine.respond(say('cuantos anos llevan abiertos')).reply).toBe('Años.');
    expect(engine.respond(say('¿donde ESTAN?')).reply).toBe('Dirección.');
  });

  // Issue 28: scenario texts per language; the visitor's page language (the chat call's) picks them.
  it('answers a Spanish page in Spanish where the file gives it, and everyone else in English', () => {
    const file = scenario(
      [
        '  - when: { contains: horario }',
        '    reply: { en: We open at 9., es: Abrimos a las 9. }',
        '    smartReplies: { en: [Where are you?], es: ["¿Dónde estáis?"] }',
        '  - when: { contains: reservar }',
        '    reply: { en: Booked. }',
        '    requireSignIn: { en: Please verify first., es: Verifica tu teléfono primero. }',
        '',
      ].join('\n'),
      '{ reply: { en: Pardon?, es: ¿Perdón? }, smartReplies: [Hours] }',
    );
    expect(engineFor(file).respond(say('¿Qué horario tenéis?', { language: 'es' }))).toMatchObject({
      reply: 'Abrimos a las 9.',
      smartReplies: ['¿Dónde estáis?'],
    });
    expect(engineFor(file).respond(say('horario', { language: 'es-MX' })).reply).toBe('Abrimos a las 9.');
    expect(engineFor(file).respond(say('horario', { language: 'en' })).reply).toBe('We open at 9.');
    expect(engineFor(file).respond(say('horario')).smartReplies).toEqual(['Where are you?']);
    // A text the file gives in English only is English for everyone.
    const spanish = engineFor(file).respond(say('quiero reservar', { language: 'es' }));
    expect(spanish.interrupt?.message).toBe('Verifica tu teléfono primero.');
    expect(engineFor(file).respond(say('nada', { language: 'es' }))).toMatchObject({
      reply: '¿Perdón?',
      smartReplies: ['Hours'],
    });
    expect(engineFor(file).respond(say('nothing')).reply).toBe('Pardon?');
  });

  it('tries the steps from where the conversation is, then from the top; unmatched text gets the fallback', () => {
    const engine = engineFor(
      scenario(
        [
          '  - { when: { contains: hours }, reply: First. }',
          '  - { when: { contains: hours }, reply: Second. }',
          '',
        ].join('\n'),
        '{ reply: Fallback., smartReplies: [Hours?] }',
      ),
    );
    expect(engine.respond(say('hours')).reply).toBe('First.');
    expect(engine.respond(say('hours')).reply).toBe('Second.');
    expect(engine.respond(say('hours')).reply).toBe('First.');
    const fallback = engine.respond(say('bananas'));
    expect(fallback).toEqual({ reply: 'Fallback.', smartReplies: ['Hours?'] });
    expect(engine.progress()?.lastStep).toBeNull();
  });

  it('follows goto and reports which step answered', () => {
    const engine = engineFor(
      scenario(
        [
          '  - { id: start, when: { contains: hi }, reply: Hi., goto: end }',
          '  - { id: middle, when: { contains: hi }, reply: Middle. }',
          '  - { id: end, when: { contains: hi }, reply: End. }',
          '',
        ].join('\n'),
      ),
    );
    engine.respond(say('hi'));
    expect(engine.respond(say('hi')).reply).toBe('End.');
    expect(engine.progress()).toMatchObject({ scenarioId: 't', lastStep: { index: 2, id: 'end' } });
    engine.forget();
    expect(engine.progress()).toBeNull();
    expect(engine.respond(say('hi')).reply).toBe('Hi.');
  });

  it('matches booking updates only on bookingUpdate steps, by value or any value', () => {
    const engine = engineFor(
      scenario(
        [
          '  - { when: { anything: true }, visitor: x, reply: Text. }',
          '  - { when: { bookingUpdate: tuesday 3pm }, reply: Tuesday. }',
          '  - { when: { bookingUpdate: true }, visitor: y, reply: Any update. }',
          '',
        ].join('\n'),
      ),
    );
    expect(engine.respond(say(bookingUpdateMessage('Tuesday 3PM'))).reply).toBe('Tuesday.');
    expect(engine.respond(say(bookingUpdateMessage('Friday'))).reply).toBe('Any update.');
  });

  it('turns every step action into the turn the chat route applies', () => {
    const engine = engineFor(
      scenario(
        [
          '  - { when: { contains: a }, reply: "**A**", typingMs: 1200, stream: { chunk: 3, everyMs: 25 }, smartReplies: [One, Two] }',
          '  - { when: { contains: b }, fail: 503 }',
          '  - { when: { contains: c }, dropStream: true, reply: C }',
          '  - { when: { contains: d }, moveClock: "+25h", reply: D }',
          '',
        ].join('\n'),
      ),
    );
    expect(engine.respond(say('a'))).toEqual({
      reply: '**A**',
      typingDelayMs: 1200,
      streaming: { chunkChars: 3, intervalMs: 25 },
      smartReplies: ['One', 'Two'],
    });
    expect(engine.respond(say('b'))).toEqual({ reply: '', failWithStatus: 503 });
    expect(engine.respond(say('c'))).toEqual({ reply: 'C', dropLiveStream: true });
    expect(engine.respond(say('d'))).toEqual({ reply: 'D', moveClockMs: 25 * 3_600_000 });
  });

  it('raises the phone sign-in interrupt as the built-in assistant does, with the step message', () => {
    const engine = engineFor(
      scenario(
        [
          '  - { when: { contains: book }, interrupt: Please verify. }',
          '  - { when: { resume: PHONE_SIGN_IN_DECLINED }, reply: Fine. }',
          '',
        ].join('\n'),
      ),
    );
    const turn = engine.respond(say('book me'));
    expect(turn.reply).toBe('');
    expect(turn.interrupt?.message).toBe('Please verify.');
    expect(turn.interrupt?.toolRequest.name).toBe(PHONE_SIGN_IN_TOOL);
    expect(turn.smartReplies).toEqual([
      { type: 'system', text: 'Verify later' },
      { type: 'system', text: 'Need more info about services' },
    ]);
    expect(engine.respond(resumeInput('PHONE_SIGN_IN_DECLINED', false)).reply).toBe('Fine.');
  });

  it('holds a requireSignIn step until the visitor verifies, then plays it; a signed-in visitor gets it at once', () => {
    const file = scenario(
      '  - { when: { contains: change }, requireSignIn: Verify to change., reply: Changed. }\n',
      'Fallback.',
    );
    const engine = engineFor(file);
    const asked = engine.respond(say('change my booking'));
    expect(asked.interrupt?.message).toBe('Verify to change.');
    expect(engine.progress()?.waitingForSignIn).toBe(0);
    expect(engine.respond(resumeInput('PHONE_SIGN_IN', true)).reply).toBe('Changed.');
    // Declining forgets the held step: the resume gets the fallback.
    engine.respond(say('change it'));
    expect(engine.respond(resumeInput('PHONE_SIGN_IN_DECLINED', false)).reply).toBe('Fallback.');

    const signedIn = engineFor(file).respond(say('change my booking', { signedIn: true }));
    expect(signedIn).toEqual({ reply: 'Changed.' });
  });

  it('passes a step’s request to the team in the visitor’s words, after the phone check (issue 27)', () => {
    const file = scenario(
      [
        '  - { when: { contains: change }, requireSignIn: Verify first., reply: Passed on., passToTeam: booking }',
        '  - { when: { contains: person }, requireSignIn: Verify first., reply: They will text you., passToTeam: handoff }',
        '',
      ].join('\n'),
    );
    const engine = engineFor(file);
    const asked = engine.respond(say('change my booking to Friday'));
    expect(asked.passToTeam).toBeUndefined();
    const history = [message('user', 'change my booking to Friday'), message('system', 'verified', 'system')];
    expect(engine.respond({ ...resumeInput('PHONE_SIGN_IN', true), history }).passToTeam).toEqual({
      type: 'BOOKING_REQUEST',
      request: 'change my booking to Friday',
    });
    expect(engine.respond(say('a person please', { signedIn: true })).passToTeam).toEqual({
      type: 'HANDOFF',
      request: 'a person please',
    });
  });

  it('keeps its place only in the memory it is given (JSON), and starts over when the scenario changes', () => {
    let id = 'first';
    const a = scenario(
      ['  - { when: { contains: x }, reply: A1 }', '  - { when: { contains: x }, reply: A2 }', ''].join('\n'),
    );
    const engine = createScenarioEngine(() => ({ id, scenario: a }));
    const first = engine.respond(say('x'));
    expect(first.reply).toBe('A1');
    // A second engine (another service instance) given the stored memory plays the next step.
    const stored = JSON.parse(JSON.stringify(first.memory)) as AssistantMemory;
    const other = createScenarioEngine(() => ({ id, scenario: a }));
    expect(other.respond(say('x', { memory: stored })).reply).toBe('A2');
    // Without memory (another conversation), the script starts at the top.
    expect(engine.respond(say('x')).reply).toBe('A1');
    id = 'second';
    expect(engine.respond(say('x', { memory: stored })).reply).toBe('A1');
    expect(scenarioProgress(engine.respond(say('x', { memory: stored })).memory ?? null)).toMatchObject({
      scenarioId: 'second',
      position: 1,
    });
  });
});
