// Choices that are used once — a suggested question, a smart reply, "Verify later" — act once
// however they are pressed, and when they go away the keyboard focus stays on the page.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Message } from '@chat/core';
import { createInMemoryBackend, type InMemoryBackend } from '@chat/contract/in-memory';
import { openChat } from '../../test/render-app.js';

const QUESTION = 'Which services do you offer?';
const TOOL_REQUEST = { name: 'requestPhoneSignIn', ref: 'call-1', input: {} };

beforeEach(() => sessionStorage.clear());

const userTexts = (backend: InMemoryBackend, conversationId: string) =>
  backend.data
    .messages(conversationId)
    .filter((m: Message) => m.role === 'user')
    .map((m) => m.text);

const card = (line1: string) =>
  within(screen.getByRole('group', { name: 'Suggested questions' })).getByRole('button', {
    name: new RegExp(`^${line1.replace(/[?]/g, '\\?')}`),
  });

/** The assistant asks for phone sign-in on every message; resumes get a plain answer. */
function askForSignIn(backend: InMemoryBackend) {
  backend.chat.script((call, assistant) => {
    if (call.kind === 'resume') {
      assistant.reply('Fine, later then.');
      return {};
    }
    assistant.reply('To book, I need to verify you.');
    return { interrupts: [{ toolRequest: TOOL_REQUEST }] };
  });
}

describe('one-shot choices act once (regression: a double-clicked suggested question was sent twice)', () => {
  // Two clicks in one go, before React renders in between; a real double click is a browser journey
  // (accessibility.e2e.ts), since in jsdom the message arrives before the second click would.
  it('a suggested question pressed twice before the page catches up is sent once', async () => {
    const { backend, conversation } = await openChat();
    act(() => {
      fireEvent.click(card(QUESTION), { detail: 1 });
      fireEvent.click(card(QUESTION), { detail: 1 });
    });
    await screen.findByText(`You said: ${QUESTION}`);
    expect(userTexts(backend, conversation.id)).toEqual([QUESTION]);
    expect(backend.chat.calls).toHaveLength(1);
  });

  it("a double-clicked 'Contact Support' opens the form once", async () => {
    const backend = createInMemoryBackend();
    backend.chat.script((_call, assistant) => {
      assistant.reply('Sorry, I cannot help with that.');
      return { smartReplies: ['Contact Support'] };
    });
    const { user, input, browser } = await openChat(backend);
    await user.type(input, 'Help{Enter}');
    await user.dblClick(await screen.findByRole('button', { name: 'Contact Support' }));
    expect(browser.openInNewTab).toHaveBeenCalledTimes(1);
  });

  it("'Verify later' pressed twice before the page catches up declines once", async () => {
    const backend = createInMemoryBackend();
    askForSignIn(backend);
    const { user, input, conversation } = await openChat(backend);
    await user.type(input, 'Book me{Enter}');
    const later = await screen.findByRole('button', { name: 'Verify later' });
    act(() => {
      fireEvent.click(later, { detail: 1 });
      fireEvent.click(later, { detail: 1 });
    });
    await screen.findByText('Fine, later then.');
    expect(userTexts(backend, conversation.id)).toEqual(['Book me', 'Verify later']);
    expect(backend.chat.calls.filter((c) => c.kind === 'resume')).toHaveLength(1);
  });

  it('a suggested question whose sending failed stays on screen, not sent, and Retry sends it once', async () => {
    const backend = createInMemoryBackend();
    const { user, conversation } = await openChat(backend);
    backend.data.failNext('addMessage');
    await user.click(card(QUESTION));
    await screen.findByText('Failed to send message');
    expect(screen.getByText('Not sent')).toBeInTheDocument();
    await user.dblClick(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText(`You said: ${QUESTION}`);
    expect(userTexts(backend, conversation.id)).toEqual([QUESTION]);
  });
});

// jsdom has no fine pointer, like a touch screen: focus goes to the message area there, so the
// on-screen keyboard does not cover the answer (the browser journeys check the message box on desktop).
describe('focus stays on the page when the used choice goes away (regression: it fell to <body>)', () => {
  const messageArea = () => screen.getByRole('region', { name: 'Messages' });

  it('after a suggested question chosen with the keyboard', async () => {
    const { user } = await openChat();
    card(QUESTION).focus();
    await user.keyboard('{Enter}');
    await screen.findByText(`You said: ${QUESTION}`);
    expect(screen.queryByRole('group', { name: 'Suggested questions' })).not.toBeInTheDocument();
    expect(messageArea()).toHaveFocus();
  });

  it('after a smart reply chosen with the keyboard', async () => {
    const backend = createInMemoryBackend();
    backend.chat.script((call, assistant) => {
      const message = call.kind === 'send' ? call.body.message : '';
      assistant.reply(`Re: ${message}`);
      return { smartReplies: [message === 'Hi' ? 'Book a cut' : 'Tuesday at 10'] };
    });
    const { user, input } = await openChat(backend);
    await user.type(input, 'Hi{Enter}');
    (await screen.findByRole('button', { name: 'Book a cut' })).focus();
    await user.keyboard('{Enter}');
    await screen.findByText('Re: Book a cut');
    expect(document.body).not.toHaveFocus();
    expect(messageArea()).toHaveFocus();
  });

  it("after 'Verify later' closes the phone widget", async () => {
    const backend = createInMemoryBackend();
    askForSignIn(backend);
    const { user, input } = await openChat(backend);
    await user.type(input, 'Book me{Enter}');
    (await screen.findByRole('button', { name: 'Verify later' })).focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.queryByRole('group', { name: 'Phone verification' })).not.toBeInTheDocument(),
    );
    expect(messageArea()).toHaveFocus();
  });

  it('after Cancel closes the phone widget', async () => {
    const backend = createInMemoryBackend();
    askForSignIn(backend);
    const { user, input } = await openChat(backend);
    await user.type(input, 'Book me{Enter}');
    const widget = await screen.findByRole('group', { name: 'Phone verification' });
    within(widget).getByRole('button', { name: 'Cancel' }).focus();
    await user.keyboard('{Enter}');
    await screen.findByText('Authentication cancelled');
    expect(screen.queryByRole('group', { name: 'Phone verification' })).not.toBeInTheDocument();
    expect(messageArea()).toHaveFocus();
  });

  it('after the phone number is verified', async () => {
    const backend = createInMemoryBackend();
    askForSignIn(backend);
    const { user, input } = await openChat(backend);
    await user.type(input, 'Book me{Enter}');
    const widget = await screen.findByRole('group', { name: 'Phone verification' });
    await user.type(within(widget).getByPlaceholderText('(555) 123-4567'), '5555550100{Enter}');
    // The code step takes focus itself, not the message area in between.
    const code = await within(widget).findByPlaceholderText('123456');
    expect(code).toHaveFocus();
    await user.type(code, '123456{Enter}');
    await screen.findByText('✓ Phone number verified successfully');
    expect(screen.queryByRole('group', { name: 'Phone verification' })).not.toBeInTheDocument();
    expect(messageArea()).toHaveFocus();
  });
});
