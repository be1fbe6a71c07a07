/**
 * `demo record <conversationId>`: writes a conversation that already happened (say, one a staffer
 * just played by hand in the page) as a scenario file to edit and replay (see recorded-steps.ts for
 * how messages become steps). The file is validated before it is written, and an existing file is
 * never overwritten.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Business } from '@chat/core';
import { parseScenarioText, SCENARIO_ID, scenariosFolderProblem } from '@chat/assistant';
import type { ScenarioFile } from '@chat/assistant';
import { DEFAULT_SCENARIOS_DIR, loadFixtures } from '@chat/mock-server/scenarios';
import { Document } from 'yaml';
import { runningAssistantName } from './assistant-name-note.js';
import { createControlClient } from './control-client.js';
import type { ControlClient } from './control-client.js';
import { stepsFrom } from './recorded-steps.js';
import { openScenarioLibrary } from './scenario-files.js';
import type { RecordedMessage, RecordedStep } from './recorded-steps.js';
import { plural } from '@chat/server-http';
import { bold, CliError, green } from './terminal.js';

export interface RecordOptions {
  conversationId: string;
  server: string;
  name: string | undefined;
  dir: string | undefined;
}

export async function recordCommand(options: RecordOptions): Promise<number> {
  // Where it will write, checked before asking the server anything.
  const dir = path.resolve(options.dir ?? DEFAULT_SCENARIOS_DIR);
  const folderProblem = scenariosFolderProblem(dir, '--dir');
  if (folderProblem) throw new CliError(folderProblem);
  const control = createControlClient(options.server);
  const id = encodeURIComponent(options.conversationId);
  const { messages } = await control.get<{ messages: RecordedMessage[] }>(
    `/control/conversations/${id}/messages`,
  );
  // The list is paged (newest first): read pages until the conversation turns up or the list ends.
  type Page = {
    conversations: Array<{ id: string; businessId: string; createdAt: number }>;
    nextCursor: string | null;
  };
  let conversation: Page['conversations'][number] | undefined;
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const page: Page = await control.get<Page>(`/control/conversations?limit=500${query}`);
    conversation = page.conversations.find((c) => c.id === options.conversationId);
    cursor = page.nextCursor;
  } while (!conversation && cursor);
  if (!conversation) throw new CliError(`Conversation ${options.conversationId} not found`);

  const business = await control.get<Business>(
    `/data/businesses/${encodeURIComponent(conversation.businessId)}`,
  );

  // The server lists them in the order they were written.
  const { steps, notesAtEnd } = stepsFrom(messages);
  if (steps.length === 0)
    throw new CliError(`Conversation ${options.conversationId} has no visitor message to record.`);
  const day = new Date(conversation.createdAt).toISOString().slice(0, 10);
  const name = options.name ?? freeName(dir, recordingName(business.id, day));
  if (!SCENARIO_ID.test(name))
    throw new CliError(`--name: "${name}" must be lowercase letters, digits and "-"`);
  const file = path.join(dir, `${name}.yaml`);
  if (fs.existsSync(file))
    throw new CliError(`${file} already exists; choose another --name (nothing was written).`);
  const assistantName = await recordedAssistantName(control, options.conversationId, dir);

  // A folder with spaces or quotes is quoted for the shell the person pastes the command into.
  const dirArg =
    options.dir && /[^\w@%+=:,./-]/.test(options.dir)
      ? `'${options.dir.replaceAll("'", "'\\''")}'`
      : options.dir;
  const rehearse = `npm run demo -- check ${name}${dirArg ? ` --dir ${dirArg}` : ''}`;
  const text =
    `# Recorded from conversation ${options.conversationId} on ${new Date().toISOString().slice(0, 10)}.\n` +
    `# Edit the texts, then rehearse it with: ${rehearse}\n\n` +
    scenarioYaml(
      {
        title: `${business.businessName}, recorded ${day}`,
        business: businessField(business),
        assistantName,
      },
      steps,
      notesAtEnd,
    );
  const parsed = parseScenarioText(name, file, text);
  if (!parsed.ok)
    throw new CliError(
      `The recorded scenario would not be valid (nothing was written):\n  ${parsed.errors.join('\n  ')}`,
    );
  fs.writeFileSync(file, text, { flag: 'wx' });
  console.log(
    `${green('✓')} Wrote ${bold(file)} (${plural(steps.length, 'step')}). Rehearse it with \`${rehearse}\`.`,
  );
  return 0;
}

/** The scenario as YAML, each step's notes (what the file cannot replay by itself) as comments above it. */
function scenarioYaml(
  head: { title: string; business: ScenarioFile['business']; assistantName: string | null },
  steps: RecordedStep[],
  notesAtEnd: string[],
): string {
  const document = new Document({
    name: head.title,
    description: 'A conversation played by hand, recorded to replay. Describe it here.',
    business: head.business,
    // The name the visitor saw: `demo start` gives it to the web app again when replaying.
    ...(head.assistantName ? { assistantName: head.assistantName } : {}),
    fallback: "Sorry, I didn't catch that. Could you say it another way?",
    steps: steps.map(({ notes: _notes, ...step }) => step),
  });
  const items = (document.get('steps') as { items: Array<{ commentBefore?: string | null }> }).items;
  steps.forEach((step, index) => {
    if (step.notes.length > 0) items[index]!.commentBefore = commentLines(step.notes);
  });
  if (notesAtEnd.length > 0) document.comment = commentLines(notesAtEnd);
  return document.toString();
}

/** "rosie-cakes-2026-11-27": the business and the day the conversation started, as a scenario name. */
export function recordingName(businessId: string, day: string): string {
  const base = businessId
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `${base || 'recorded'}-${day}`;
}

/** `name`, or `name-2`, `name-3`… : the first that no file in `dir` has (a second recording that day). */
function freeName(dir: string, name: string): string {
  const taken = (candidate: string) =>
    fs.existsSync(path.join(dir, `${candidate}.yaml`)) || fs.existsSync(path.join(dir, `${candidate}.yml`));
  let candidate = name;
  for (let n = 2; taken(candidate); n++) candidate = `${name}-${n}`;
  return candidate;
}

/**
 * The assistant's name the visitor saw: the running web app's (its server says), else the name of
 * the scenario the conversation played (issue 28, item 7: a recording dropped it); null for none.
 */
async function recordedAssistantName(
  control: ControlClient,
  conversationId: string,
  dir: string,
): Promise<string | null> {
  const shown = await runningAssistantName(control);
  if (shown) return shown;
  const { scenario } = await control
    .get<{ scenario?: unknown }>(`/control/conversations/${encodeURIComponent(conversationId)}/scenario`)
    .catch(() => ({ scenario: null }));
  if (typeof scenario !== 'string') return null;
  return openScenarioLibrary(dir).get(scenario)?.assistantName ?? null;
}

/**
 * The business as the conversation had it: a fixture's id when it is the fixture, the one line that
 * approves a fixture when only that differs, else the whole business written inline (a scenario's
 * inline business, or one changed through the control API), so the recording never replays another.
 */
export function businessField(business: Business): ScenarioFile['business'] {
  const fixture = loadFixtures().businesses.find((b) => b.id === business.id);
  const same = (a: Business, b: Business) => JSON.stringify(a) === JSON.stringify(b);
  if (fixture && same(fixture, business)) return business.id;
  if (fixture && same({ ...fixture, verification: { status: 'approved' } }, business))
    return { fixture: business.id, approved: true };
  return business;
}

/** yaml writes each line of a comment after "#"; a space keeps it readable. */
function commentLines(notes: string[]): string {
  return notes
    .flatMap((note) => note.split('\n'))
    .map((line) => ` ${line}`)
    .join('\n');
}
