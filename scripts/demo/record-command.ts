/**
 * `demo record <conversationId>`: writes a conversation that already happened (say, one a staffer
 * just played by hand in the page) as a scenario file to edit and replay. Each visitor message
 * becomes a step that matches exactly that text and gives the reply that followed it; a booking
 * update becomes a bookingUpdate step; a phone verification request becomes an interrupt.
 * The file is validated before it is written, and an existing file is never overwritten.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isBookingUpdate, bookingUpdateValue } from '@chat/core';
import type { Message } from '@chat/core';
import { DEFAULT_SCENARIOS_DIR, parseScenarioText, SCENARIO_ID } from '@chat/mock-server/scenarios';
import { stringify } from 'yaml';
import { createControlClient } from './control-client.js';
import { CliError, green, bold } from './terminal.js';

export interface RecordOptions {
  conversationId: string;
  server: string;
  name: string | undefined;
  dir: string | undefined;
}

interface RecordedStep {
  when: Record<string, string>;
  reply?: string;
  interrupt?: string;
  smartReplies?: string[];
}

export async function recordCommand(options: RecordOptions): Promise<number> {
  const control = createControlClient(options.server);
  const id = encodeURIComponent(options.conversationId);
  const { messages } = await control.get<{ messages: Array<{ message: Message }> }>(
    `/control/conversations/${id}/messages`,
  );
  // The list is paged (newest first): read pages until the conversation turns up or the list ends.
  type Page = { conversations: Array<{ id: string; businessId: string }>; nextCursor: string | null };
  let conversation: Page['conversations'][number] | undefined;
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const page: Page = await control.get<Page>(`/control/conversations?limit=500${query}`);
    conversation = page.conversations.find((c) => c.id === options.conversationId);
    cursor = page.nextCursor;
  } while (!conversation && cursor);
  if (!conversation) throw new CliError(`Conversation ${options.conversationId} not found`);

  const steps = stepsFrom(messages.map((m) => m.message).sort((a, b) => a.createdAt - b.createdAt));
  if (steps.length === 0)
    throw new CliError(`Conversation ${options.conversationId} has no visitor message to record.`);
  const name =
    options.name ??
    `recorded-${options.conversationId
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .slice(0, 40)}`;
  if (!SCENARIO_ID.test(name))
    throw new CliError(`--name: "${name}" must be lowercase letters, digits and "-"`);
  const dir = path.resolve(options.dir ?? DEFAULT_SCENARIOS_DIR);
  const file = path.join(dir, `${name}.yaml`);
  if (fs.existsSync(file))
    throw new CliError(`${file} already exists; choose another --name (nothing was written).`);

  const text =
    `# Recorded from conversation ${options.conversationId} on ${new Date().toISOString().slice(0, 10)}.\n` +
    `# Edit the texts, then rehearse it with: npm run demo -- check ${name}\n\n` +
    stringify({
      name: `Recorded conversation ${options.conversationId}`,
      description: 'A conversation played by hand, recorded to replay. Describe it here.',
      business: conversation.businessId,
      fallback: "Sorry, I didn't catch that. Could you say it another way?",
      steps,
    });
  const parsed = parseScenarioText(name, file, text);
  if (!parsed.ok)
    throw new CliError(
      `The recorded scenario would not be valid (nothing was written):\n  ${parsed.errors.join('\n  ')}`,
    );
  fs.writeFileSync(file, text, { flag: 'wx' });
  console.log(
    `${green('✓')} Wrote ${bold(file)} (${steps.length} steps). Rehearse it with \`npm run demo -- check ${name}\`.`,
  );
  return 0;
}

/** One step per visitor message, with the assistant's answer that came before the next one. */
export function stepsFrom(messages: readonly Message[]): RecordedStep[] {
  const steps: RecordedStep[] = [];
  let current: RecordedStep | null = null;
  for (const message of messages) {
    if (message.role === 'user' && message.text.trim() !== '') {
      const update = bookingUpdateValue(message.text);
      current = {
        when: isBookingUpdate(message.text)
          ? { bookingUpdate: update!.slice(0, 80) }
          : { text: message.text.trim() },
      };
      steps.push(current);
    } else if (message.role === 'model' && current && message.text.trim() !== '') {
      if (message.type === 'auth') current.interrupt = message.text.trim();
      else current.reply = current.reply ? `${current.reply}\n\n${message.text.trim()}` : message.text.trim();
      const replies = message.smartReplies?.map((r) => r.text).slice(0, 4);
      if (replies && replies.length > 0) current.smartReplies = replies;
    }
  }
  // A visitor message nobody answered still needs the step to do something.
  for (const step of steps) if (!step.reply && !step.interrupt) step.reply = '(write the reply here)';
  return steps;
}
