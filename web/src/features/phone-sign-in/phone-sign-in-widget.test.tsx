import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AuthUser, ErrorCode, PendingPhoneVerification } from '@chat/core';
import { createInMemoryAuth, type InMemoryAuth } from '@chat/contract/in-memory';
import { PhoneSignInWidget } from './phone-sign-in-widget.js';

function setup(auth: InMemoryAuth = createInMemoryAuth(), withCancel = false) {
  const onSuccess = vi.fn<(user: AuthUser) => void>();
  const onCancel = vi.fn<() => void>();
  const user = userEvent.setup();
  render(
    <PhoneSignInWidget auth={auth} onSuccess={onSuccess} onCancel={withCancel ? onCancel : undefined} />,
  );
  const phoneField = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Phone number' });
  const codeField = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Verification Code' });
  return { auth, user, onSuccess, onCancel, phoneField, codeField };
}

async function reachCodeStep(ctx: ReturnType<typeof setup>, digits = '5555550100') {
  await ctx.user.type(ctx.phoneField(), digits);
  await ctx.user.click(screen.getByRole('button', { name: 'Send Code' }));
  await screen.findByText('Enter the 6-digit code sent to');
}

describe('PhoneSignInWidget: phone step', () => {
  it('asks the auth provider to get sign-in ready as soon as it appears, once', () => {
    const auth = createInMemoryAuth();
    const prepare = vi.fn();
    setup(Object.assign(auth, { prepare }));
    expect(prepare).toHaveBeenCalledTimes(1);
  });

  it('has a +1 phone field with the placeholder and the mobile-friendly attributes', () => {
    const { phoneField } = setup();
    expect(phoneField()).toHaveAttribute('type', 'tel');
    expect(phoneField()).toHaveAttribute('inputmode', 'numeric');
    expect(phoneField()).toHaveAttribute('autocomplete', 'tel-national');
    expect(phoneField()).toHaveAttribute('placeholder', '(555) 123-4567');
    expect(screen.getByText('+1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Code' })).toBeEnabled();
  });

  it('formats digits as (XXX) XXX-XXXX while typing', async () => {
    const { user, phoneField } = setup();
    await user.type(phoneField(), '555');
    expect(phoneField()).toHaveValue('(555');
    await user.type(phoneField(), '12');
    expect(phoneField()).toHaveValue('(555) 12');
    await user.type(phoneField(), '34567');
    expect(phoneField()).toHaveValue('(555) 123-4567');
  });

  it('keeps digits only and at most 10 of them', async () => {
    const { user, phoneField } = setup();
    await user.type(phoneField(), 'ab2-3 4x56789012345');
    expect(phoneField()).toHaveValue('(234) 567-8901');
  });

  // Regression (QA): "+1 (555) 555-0100" became (155) 555-5010 and the code went to +11555555010.
  it.each(['+1 (555) 555-0100', '+15555550100', '1-555-555-0100'])(
    'takes the pasted international form %j as the 10-digit number',
    async (pasted) => {
      const { user, auth, phoneField } = setup();
      await user.click(phoneField());
      await user.paste(pasted);
      expect(phoneField()).toHaveValue('(555) 555-0100');
      await user.click(screen.getByRole('button', { name: 'Send Code' }));
      await screen.findByText('Enter the 6-digit code sent to');
      expect(auth.sent.map((s) => s.phoneNumber)).toEqual(['+15555550100']);
    },
  );

  it('takes 1 555 555 0100 typed digit by digit as the 10-digit number', async () => {
    const { user, phoneField } = setup();
    await user.type(phoneField(), '15555550100');
    expect(phoneField()).toHaveValue('(555) 555-0100');
    expect(phoneField().selectionStart).toBe('(555) 555-0100'.length);
  });

  it('deletes a digit, not just the formatting, on Backspace after a bracket', async () => {
    const { user, phoneField } = setup();
    await user.type(phoneField(), '555123');
    expect(phoneField()).toHaveValue('(555) 123');
    // Caret just after ')': Backspace removes the ')' in the DOM, which must remove the 5 before it.
    phoneField().setSelectionRange(5, 5);
    await user.keyboard('{Backspace}');
    expect(phoneField()).toHaveValue('(551) 23');
    expect(phoneField().selectionStart).toBe(3);
  });

  it("says 'Please enter your phone number' when empty, tied to the field", async () => {
    const { user, auth, phoneField } = setup();
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your phone number');
    expect(phoneField()).toHaveAccessibleDescription('Please enter your phone number');
    expect(phoneField()).toHaveAttribute('aria-invalid', 'true');
    expect(auth.sent).toHaveLength(0);
  });

  it('rejects a short number without sending a code', async () => {
    const { user, auth, phoneField } = setup();
    await user.type(phoneField(), '555123{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Failed to send verification code. Please check your phone number.',
    );
    expect(auth.sent).toHaveLength(0);
  });

  it.each<[ErrorCode, string]>([
    ['invalid-phone-number', 'Failed to send verification code. Please check your phone number.'],
    ['too-many-requests', 'Failed to send verification code. Too many attempts. Please try again later.'],
    [
      'bot-check-failed',
      'Failed to send verification code. Security verification failed. Please refresh and try again.',
    ],
    ['bot-check-expired', 'reCAPTCHA expired. Please try again.'],
    ['bot-check-unavailable', 'Failed to initialize security verification. Please refresh and try again.'],
    ['unavailable', 'Failed to send verification code. Please try again.'],
  ])('shows the §8 text when sending fails with %s', async (code, text) => {
    const { user, phoneField } = setup(createInMemoryAuth({ failNextSend: code }));
    await user.type(phoneField(), '5555550100{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(phoneField()).toHaveAccessibleDescription(text);
    expect(screen.getByRole('button', { name: 'Send Code' })).toBeEnabled();
  });

  it('clears the error when the visitor types again', async () => {
    const { user, phoneField } = setup();
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await user.type(phoneField(), '5');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a busy button while sending and ignores a second submit', async () => {
    const auth = createInMemoryAuth();
    const original = auth.startPhoneVerification.bind(auth);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const start = vi.spyOn(auth, 'startPhoneVerification').mockImplementation(async (phone, options) => {
      await gate;
      return original(phone, options);
    });
    const { user, phoneField } = setup(auth);
    await user.type(phoneField(), '5555550100');
    // Two submits before React re-renders the disabled button (a fast double Enter).
    const form = phoneField().closest('form')!;
    act(() => {
      fireEvent.submit(form);
      fireEvent.submit(form);
    });
    const busy = screen.getByRole('button', { name: 'Sending…' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    await user.type(phoneField(), '{Enter}');
    expect(start).toHaveBeenCalledTimes(1);
    release();
    expect(await screen.findByRole('textbox', { name: 'Verification Code' })).toBeInTheDocument();
  });

  it("offers 'Cancel' only when onCancel is given", async () => {
    const ctx = setup(createInMemoryAuth(), true);
    await ctx.user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(ctx.onCancel).toHaveBeenCalledTimes(1);
  });

  it("has no 'Cancel' without onCancel", () => {
    setup();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });
});

describe('PhoneSignInWidget: code step', () => {
  it('sends the E.164 number with the id of an anchor element it renders', async () => {
    const ctx = setup();
    await reachCodeStep(ctx);
    expect(ctx.auth.sent).toHaveLength(1);
    const [sent] = ctx.auth.sent;
    expect(sent?.phoneNumber).toBe('+15555550100');
    expect(sent?.anchorFound).toBe(true);
    expect(sent?.botCheckAnchorId).toMatch(/^[A-Za-z][A-Za-z0-9_-]*$/);
  });

  it('prompts for the code sent to the number and moves focus to the code field', async () => {
    const ctx = setup();
    await reachCodeStep(ctx);
    expect(screen.getByText('Enter the 6-digit code sent to').textContent).toBe(
      'Enter the 6-digit code sent to +1 (555) 555-0100',
    );
    const code = ctx.codeField();
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('placeholder', '123456');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Change Number' })).toBeEnabled();
  });

  it('keeps digits only and at most 6 of them', async () => {
    const ctx = setup();
    await reachCodeStep(ctx);
    await ctx.user.type(ctx.codeField(), '12a3 4567');
    expect(ctx.codeField()).toHaveValue('123456');
  });

  it("says 'Please enter the verification code' when empty", async () => {
    const ctx = setup();
    await reachCodeStep(ctx);
    await ctx.user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter the verification code');
    expect(ctx.codeField()).toHaveAccessibleDescription(
      'Enter the 6-digit code sent to +1 (555) 555-0100 Please enter the verification code',
    );
  });

  it('shows the wrong-code text', async () => {
    const ctx = setup();
    await reachCodeStep(ctx);
    await ctx.user.type(ctx.codeField(), '654321{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid verification code. Please check the code and try again.',
    );
    expect(ctx.onSuccess).not.toHaveBeenCalled();
  });

  it('rejects a short code without confirming it', async () => {
    const ctx = setup();
    await reachCodeStep(ctx);
    ctx.auth.failNext('confirm', 'internal');
    await ctx.user.type(ctx.codeField(), '123{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Invalid verification code. Please check the code and try again.',
    );
    // The injected failure is still pending: confirm was never called.
    await ctx.user.clear(ctx.codeField());
    await ctx.user.type(ctx.codeField(), '123456{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid verification code. Please try again.',
    );
  });

  it('shows the expired-code text', async () => {
    const ctx = setup();
    await reachCodeStep(ctx);
    ctx.auth.failNext('confirm', 'code-expired');
    await ctx.user.type(ctx.codeField(), '123456{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid verification code. The code has expired. Please request a new one.',
    );
  });

  // Regression (QA): after 'The code has expired. Please request a new one.' only 'Change Number' was offered.
  it("offers 'Send a new code' after an expired code, which sends one to the same number", async () => {
    const ctx = setup();
    await reachCodeStep(ctx, '2125550123');
    ctx.auth.failNext('confirm', 'code-expired');
    await ctx.user.type(ctx.codeField(), '123456{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Invalid verification code. The code has expired. Please request a new one.',
    );
    const expiredCode = ctx.auth.codeFor('+12125550123');

    await ctx.user.click(screen.getByRole('button', { name: 'Send a new code' }));
    await waitFor(() => expect(ctx.auth.sent).toHaveLength(2));
    expect(ctx.auth.sent.map((s) => s.phoneNumber)).toEqual(['+12125550123', '+12125550123']);
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Send a new code' })).not.toBeInTheDocument();
    expect(screen.getByText('Enter the 6-digit code sent to').textContent).toBe(
      'Enter the 6-digit code sent to +1 (212) 555-0123',
    );
    expect(ctx.codeField()).toHaveValue('');
    expect(ctx.codeField()).toHaveFocus();

    const newCode = ctx.auth.codeFor('+12125550123');
    expect(newCode).not.toBe(expiredCode);
    await ctx.user.type(ctx.codeField(), `${newCode}{Enter}`);
    expect(await screen.findByText('Phone number verified')).toBeInTheDocument();
  });

  it("says 'Sending…' while the new code is on its way, and shows why if it cannot be sent", async () => {
    const auth = createInMemoryAuth();
    const ctx = setup(auth);
    await reachCodeStep(ctx);
    auth.failNext('confirm', 'code-expired');
    await ctx.user.type(ctx.codeField(), '123456{Enter}');
    const original = auth.startPhoneVerification.bind(auth);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    vi.spyOn(auth, 'startPhoneVerification').mockImplementation(async (phone, options) => {
      await gate;
      return original(phone, options);
    });
    auth.failNext('send', 'too-many-requests');
    await ctx.user.click(await screen.findByRole('button', { name: 'Send a new code' }));
    const busy = screen.getByRole('button', { name: 'Sending…' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    release();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to send verification code. Too many attempts. Please try again later.',
    );
    expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();
  });

  it("offers no 'Send a new code' for a wrong code", async () => {
    const ctx = setup();
    await reachCodeStep(ctx);
    await ctx.user.type(ctx.codeField(), '654321{Enter}');
    await screen.findByRole('alert');
    expect(screen.queryByRole('button', { name: 'Send a new code' })).not.toBeInTheDocument();
  });

  // Regression (QA): the error appeared below the visible part of the messages and nothing scrolled to it.
  it('scrolls each error it shows into view', async () => {
    const scrolled: Element[] = [];
    const spy = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    try {
      const ctx = setup();
      await reachCodeStep(ctx);
      await ctx.user.type(ctx.codeField(), '654321{Enter}');
      const alert = await screen.findByRole('alert');
      expect(scrolled.some((element) => element.contains(alert))).toBe(true);
      expect(spy).toHaveBeenLastCalledWith({ block: 'center' });
    } finally {
      spy.mockRestore();
    }
  });

  it('shows the generic verify text for other failures', async () => {
    const ctx = setup();
    await reachCodeStep(ctx);
    ctx.auth.failNext('confirm', 'too-many-requests');
    await ctx.user.type(ctx.codeField(), '123456{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid verification code. Please try again.',
    );
  });

  it("returns to the phone step with 'Change Number', keeping the number", async () => {
    const ctx = setup();
    await reachCodeStep(ctx);
    await ctx.user.click(screen.getByRole('button', { name: 'Change Number' }));
    expect(ctx.phoneField()).toHaveValue('(555) 555-0100');
    expect(ctx.phoneField()).toHaveFocus();
    expect(screen.queryByRole('textbox', { name: 'Verification Code' })).not.toBeInTheDocument();
  });

  it('signs in with the right code, shows the success state and calls onSuccess with the user', async () => {
    const ctx = setup();
    await reachCodeStep(ctx);
    await ctx.user.type(ctx.codeField(), '123456');
    await ctx.user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Phone number verified')).toBeInTheDocument();
    expect(ctx.onSuccess).toHaveBeenCalledExactlyOnceWith({ ...ctx.auth.currentUser(), isNewUser: true });
    expect(ctx.onSuccess.mock.calls[0]?.[0]).toMatchObject({
      phoneNumber: '+15555550100',
      displayName: 'Test Visitor',
    });
  });

  it('signs in a number whose code is random', async () => {
    const ctx = setup();
    await reachCodeStep(ctx, '2125550123');
    const code = ctx.auth.codeFor('+12125550123');
    expect(code).toMatch(/^\d{6}$/);
    await ctx.user.type(ctx.codeField(), `${code}{Enter}`);
    await screen.findByText('Phone number verified');
    expect(ctx.onSuccess.mock.calls[0]?.[0]).toMatchObject({ phoneNumber: '+12125550123' });
  });

  it('shows a busy Verify button and ignores a second submit while confirming', async () => {
    const auth = createInMemoryAuth();
    const original = auth.startPhoneVerification.bind(auth);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const confirm = vi.fn<PendingPhoneVerification['confirm']>();
    vi.spyOn(auth, 'startPhoneVerification').mockImplementation(async (phone, options) => {
      const pending = await original(phone, options);
      confirm.mockImplementation(async (code) => {
        await gate;
        return pending.confirm(code);
      });
      return { phoneNumber: pending.phoneNumber, confirm };
    });
    const ctx = setup(auth);
    await reachCodeStep(ctx);
    await ctx.user.type(ctx.codeField(), '123456');
    const form = ctx.codeField().closest('form')!;
    act(() => {
      fireEvent.submit(form);
      fireEvent.submit(form);
    });
    const busy = screen.getByRole('button', { name: 'Verifying…' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Change Number' })).toBeDisabled();
    await ctx.user.type(ctx.codeField(), '{Enter}');
    expect(confirm).toHaveBeenCalledTimes(1);
    release();
    await screen.findByText('Phone number verified');
    expect(ctx.onSuccess).toHaveBeenCalledTimes(1);
  });
});
