import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ProviderError, type ChatResponse } from '@chat/core';
import { createInMemoryBackend, type InMemoryBackend } from '@chat/contract/in-memory';
import type { ChatCall } from '@chat/contract/in-memory';
import { renderApp, findMessageBox } from '../../test/render-app.js';

const B = 'bella-vista-salon';
const TOOL_REQUEST = { name: 'requestPhoneSignIn', ref: 'call-1', input: { reason: 'booking' } };

beforeEach(() => sessionStorage.clear());

/** The assistant asks for sign-in on every message; resumes answer with `onResume`. */
function askForSignIn(backend: InMemoryBackend, onResume: (call: ChatCall) => ChatResponse = () => ({})) {
  backend.chat.script((call, assistant) => {
    if (call.kind === 'resume') return onResume(call);
    assistant.reply('To book, I need to verify you.');
    return {
      interrupts: [
        { toolRequest: TOOL_REQUEST, metadata: { interrupt: { message: 'Please verify your phone.' } } },
      ],
      smartReplies: ['ignored while the interrupt shows'],
    };
  });
}

async function openAndTrigger(backend: InMemoryBackend) {
  const conversation = backend.data.seedConversation({ businessId: B });
  const app = renderApp(`/chat/${B}/${conversation.id}`, { backend });
  const input = await findMessageBox();
  await app.user.type(input, 'Book me a haircut{Enter}');
  await screen.findByText('Please verify your phone.');
  return { ...app, input, conversation };
}

async function signInWithTestNumber(user: ReturnType<typeof renderApp>['user']) {
  const widget = screen.getByRole('group', { name: 'Phone verification' });
  await user.type(within(widget).getByPlaceholderText('(555) 123-4567'), '5555550100');
  await user.click(within(widget).getByRole('button', { name: 'Send Code' }));
  await user.type(await within(widget).findByPlaceholderText('123456'), '123456');
  await user.click(within(widget).getByRole('button', { name: 'Verify' }));
}

describe('phone sign-in interrupt (§4)', () => {
  it('adds the auth message with the widget, offers the two replies and disables the input', async () => {
    const backend = createInMemoryBackend();
    askForSignIn(backend);
    const { input } = await openAndTrigger(backend);

    const authMessage = screen.getByText('Please verify your phone.').closest('[data-role="auth"]');
    expect(authMessage).not.toBeNull();
    // The widget's code loads when the assistant first asks for it.
    expect(
      await within(authMessage as HTMLElement).findByRole('group', { name: 'Phone verification' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify later' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Need more info about services' })).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'ignored while the interrupt shows' }),
    ).not.toBeInTheDocument();
    expect(input).toBeDisabled();
    // The disabled box says why, instead of inviting the visitor to type.
    expect(input).toHaveAttribute('placeholder', 'Verify your phone number above to continue');
    // The composer the visitor typed in is disabled now; focus moves to the phone field.
    expect(screen.getByPlaceholderText('(555) 123-4567')).toHaveFocus();
  });

  it('uses the default text when the interrupt has no message', async () => {
    const backend = createInMemoryBackend();
    backend.chat.script(() => ({ interrupts: [{ toolRequest: TOOL_REQUEST }] }));
    const conversation = backend.data.seedConversation({ businessId: B });
    const { user } = renderApp(`/chat/${B}/${conversation.id}`, { backend });
    await user.type(await findMessageBox(), 'Hi{Enter}');
    expect(
      await screen.findByText('Almost there! We just need to verify your phone number.'),
    ).toBeInTheDocument();
  });

  it('on success: removes the auth message, saves the notice, resumes with the token and posts the feed item once', async () => {
    const backend = createInMemoryBackend();
    askForSignIn(backend, () => ({ smartReplies: ['Tuesday at 10'] }));
    const { user, conversation, input } = await openAndTrigger(backend);

    await signInWithTestNumber(user);

    expect(await screen.findByText('✓ Phone number verified successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Please verify your phone.')).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: 'Tuesday at 10' })).toBeInTheDocument();
    expect(input).toBeEnabled();

    const resume = backend.chat.calls.find((c) => c.kind === 'resume');
    expect(resume).toEqual({
      kind: 'resume',
      idToken: 'token-user-1',
      body: {
        conversationId: conversation.id,
        businessId: B,
        profileId: B,
        contextType: 'enduser',
        userTimezone: expect.any(String),
        language: 'en',
        // The notice the page saved: the message this resume answers (issue 27).
        messageId: backend.data
          .messages(conversation.id)
          .find((m) => m.text === '✓ Phone number verified successfully')?.id,
        resume: {
          respond: [
            {
              toolRequest: TOOL_REQUEST,
              response: { requiresAuth: true, action: 'PHONE_SIGN_IN', message: 'Authentication successful' },
            },
          ],
        },
      },
    });
    await waitFor(() => expect(backend.data.conversation(conversation.id)?.signupFeedPosted).toBe(true));
    expect(backend.data.feed(B)).toEqual([
      expect.objectContaining({
        type: 'NEW_SIGNUP',
        customerName: 'Test Visitor',
        customerPhone: '+15555550100',
        conversationId: conversation.id,
        message: 'Test Visitor signed up.',
      }),
    ]);

    // Once per tool request: the same interrupt arriving again does not bring the widget back.
    await user.type(input, 'And a colour too{Enter}');
    await screen.findByText('And a colour too');
    await waitFor(() => expect(backend.chat.calls.filter((c) => c.kind === 'send')).toHaveLength(2));
    await waitFor(() => expect(input).toBeEnabled());
    expect(screen.queryByRole('group', { name: 'Phone verification' })).not.toBeInTheDocument();
    expect(backend.data.feed(B)).toHaveLength(1);
  });

  it('posts nothing when a returning visitor verifies in a new conversation', async () => {
    const backend = createInMemoryBackend();
    // The number signed up before, in another conversation.
    const earlier = await backend.auth.startPhoneVerification('+15555550100', { botCheckAnchorId: 'x' });
    expect((await earlier.confirm('123456')).isNewUser).toBe(true);
    await backend.auth.signOut();
    askForSignIn(backend);
    const { user, conversation } = await openAndTrigger(backend);

    await signInWithTestNumber(user);
    expect(await screen.findByText('✓ Phone number verified successfully')).toBeInTheDocument();
    await waitFor(() => expect(backend.chat.calls.map((c) => c.kind)).toEqual(['send', 'resume']));
    expect(backend.data.feed(B)).toEqual([]);
    expect(backend.data.conversation(conversation.id)?.signupFeedPosted).toBe(false);
  });

  it('does not post a feed item when the conversation already has one', async () => {
    const backend = createInMemoryBackend();
    askForSignIn(backend);
    const conversation = backend.data.seedConversation({ businessId: B, signupFeedPosted: true });
    const { user } = renderApp(`/chat/${B}/${conversation.id}`, { backend });
    await user.type(await findMessageBox(), 'Book{Enter}');
    await screen.findByText('Please verify your phone.');

    await signInWithTestNumber(user);
    expect(await screen.findByText('✓ Phone number verified successfully')).toBeInTheDocument();
    await waitFor(() => expect(backend.chat.calls.map((c) => c.kind)).toEqual(['send', 'resume']));
    expect(backend.data.feed(B)).toEqual([]);
  });

  it('only logs a failed feed post', async () => {
    const backend = createInMemoryBackend();
    askForSignIn(backend);
    const { user, conversation } = await openAndTrigger(backend);
    backend.data.failNext('addFeedItem', new ProviderError('permission-denied', 'nope'));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);

    await signInWithTestNumber(user);
    expect(await screen.findByText('✓ Phone number verified successfully')).toBeInTheDocument();
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith('Posting the signup feed item failed', expect.any(ProviderError)),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(backend.data.conversation(conversation.id)?.signupFeedPosted).toBe(false);
    logged.mockRestore();
  });

  it('re-sends the previous message when the resume fails', async () => {
    const backend = createInMemoryBackend();
    askForSignIn(backend, () => {
      throw new ProviderError('internal', 'resume lost', 500);
    });
    const { user } = await openAndTrigger(backend);
    backend.chat.script((call, assistant) => {
      if (call.kind === 'resume') throw new ProviderError('internal', 'resume lost', 500);
      assistant.reply('Booked, now that you are verified.');
      return {};
    });

    await signInWithTestNumber(user);
    expect(await screen.findByText('Booked, now that you are verified.')).toBeInTheDocument();
    expect(backend.chat.calls.map((c) => c.kind)).toEqual(['send', 'resume', 'send']);
    const resent = backend.chat.calls[2]!;
    expect(resent.kind === 'send' && resent.body.message).toBe('Book me a haircut');
    expect(resent.idToken).toBe('token-user-1');
  });

  it("shows 'Failed to complete sign-in. Please try again.' when nothing works after sign-in", async () => {
    const backend = createInMemoryBackend();
    askForSignIn(backend);
    const { user } = await openAndTrigger(backend);
    backend.data.failNext('addMessage');

    await signInWithTestNumber(user);
    expect(await screen.findByText('Failed to complete sign-in. Please try again.')).toBeInTheDocument();
    // Not a dead end: the visitor, signed in now, has 'Try again', which asks the question once more.
    backend.chat.script((_call, assistant) => {
      assistant.reply('Booked, now that you are verified.');
      return {};
    });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Booked, now that you are verified.')).toBeInTheDocument();
    const resent = backend.chat.calls.at(-1)!;
    expect(resent.kind === 'send' && resent.body.message).toBe('Book me a haircut');
    expect(resent.idToken).toBe('token-user-1');
  });

  it('on decline: removes the auth message, saves the reply and resumes declined, with the fallback reply', async () => {
    const backend = createInMemoryBackend();
    askForSignIn(backend, () => ({}));
    const { user, input, conversation } = await openAndTrigger(backend);

    await user.click(screen.getByRole('button', { name: 'Verify later' }));

    await waitFor(() => expect(screen.queryByText('Please verify your phone.')).not.toBeInTheDocument());
    expect(
      await screen.findByRole('button', { name: 'Tell me about this service more' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Verify later')).toBeInTheDocument();
    expect(backend.data.messages(conversation.id).at(-1)).toMatchObject({
      role: 'user',
      text: 'Verify later',
    });
    expect(input).toBeEnabled();
    const resume = backend.chat.calls.at(-1)!;
    expect(resume.kind).toBe('resume');
    expect(resume.kind === 'resume' && resume.body.resume.respond).toEqual([
      {
        toolRequest: TOOL_REQUEST,
        response: {
          requiresAuth: true,
          action: 'PHONE_SIGN_IN_DECLINED',
          message: 'Verify later',
          declined: true,
        },
      },
    ]);
  });

  it('on decline keeps the smart replies the response brings', async () => {
    const backend = createInMemoryBackend();
    askForSignIn(backend, () => ({ smartReplies: ['Show me prices'] }));
    const { user } = await openAndTrigger(backend);
    await user.click(screen.getByRole('button', { name: 'Need more info about services' }));
    expect(await screen.findByRole('button', { name: 'Show me prices' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tell me about this service more' })).not.toBeInTheDocument();
  });

  it("shows 'Failed to process your selection. Please try again.' when the decline fails", async () => {
    const backend = createInMemoryBackend();
    askForSignIn(backend, () => {
      throw new ProviderError('unavailable', 'down', 503);
    });
    const { user } = await openAndTrigger(backend);
    await user.click(screen.getByRole('button', { name: 'Verify later' }));
    expect(
      await screen.findByText('Failed to process your selection. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it("on cancel: saves 'Authentication cancelled' and gives the input back", async () => {
    const backend = createInMemoryBackend();
    askForSignIn(backend);
    const { user, input } = await openAndTrigger(backend);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Authentication cancelled')).toBeInTheDocument();
    expect(screen.queryByText('Please verify your phone.')).not.toBeInTheDocument();
    expect(input).toBeEnabled();
    expect(input).toHaveAttribute('placeholder', 'Type your message…');
    expect(backend.chat.calls.filter((c) => c.kind === 'resume')).toHaveLength(0);
  });
});
