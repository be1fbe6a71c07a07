import { describe, expect, it } from 'vitest';
import { fillText } from './catalogue.js';
import { ERROR_TEXT, SMART_REPLY_TEXT, TOAST_TEXT, UI_TEXT } from './en.js';

// Every expected value is copied from the specification, not from the constants, so a typo in
// en.ts fails here. toMatchObject lets new texts be added without touching these.

describe('UI_TEXT (§2, §4, §5, §6 texts)', () => {
  it('holds the exact spec strings', () => {
    expect(UI_TEXT).toMatchObject({
      openingChat: 'Opening chat…',
      oops: 'Oops!',
      loading: 'Loading...',
      errorPrefix: 'Error: ',
      howCanIAssist: 'How can I assist you?',
      newConversation: '+ New Conversation',
      chatDisabledPlaceholder: 'Chat disabled - verification pending',
      notYetVerifiedTitle: 'Not Yet Verified',
      phonePlaceholder: '(555) 123-4567',
      sendCode: 'Send Code',
      verificationCodeLabel: 'Verification Code',
      codePlaceholder: '123456',
      verify: 'Verify',
      changeNumber: 'Change Number',
      enterCodeSentTo: 'Enter the 6-digit code sent to',
      phoneRequired: 'Please enter your phone number',
      codeRequired: 'Please enter the verification code',
      authPromptDefault: 'Almost there! We just need to verify your phone number.',
      phoneVerified: '✓ Phone number verified successfully',
      authSuccessfulResume: 'Authentication successful',
      authCancelled: 'Authentication cancelled',
      noPreviousMessage: 'There is no previous message to retry.',
    });
  });

  // §2 empty state and §4 banner: the spec's words around the business name.
  it('builds the sentences around the business name exactly as the spec words them', () => {
    const business = { business: 'Bella Vista Salon' };
    expect(fillText(UI_TEXT.welcome, business)).toBe('Welcome to Bella Vista Salon!');
    expect(fillText(UI_TEXT.notYetVerified, business)).toBe(
      "Bella Vista Salon hasn't been verified on our platform yet",
    );
    expect(fillText(UI_TEXT.denied, business)).toBe('Bella Vista Salon verification was denied');
  });

  it("says 'Reconnecting…' while the live stream is down", () => {
    expect(UI_TEXT.reconnecting).toBe('Reconnecting\u2026');
  });

  it('uses the single-character ellipsis in "Opening chat…" and three dots in "Loading..."', () => {
    expect(UI_TEXT.openingChat.endsWith('\u2026')).toBe(true);
    expect(UI_TEXT.loading.endsWith('...')).toBe(true);
  });
});

describe('ERROR_TEXT (§8 error catalogue)', () => {
  it('holds the exact spec strings', () => {
    expect(ERROR_TEXT).toMatchObject({
      businessNotFound: 'Business not found',
      failedToResolveHandle: 'Failed to resolve business handle',
      failedToLoadBusiness: 'Failed to load business profile',
      failedToCreateConversation: 'Failed to create new conversation',
      failedToGetAiResponse: 'Failed to get AI response',
      failedToSendMessage: 'Failed to send message',
      failedToProcessMessages: 'Failed to process chat messages',
      failedToListen: 'Failed to listen to chat messages',
      failedToCompleteSignIn: 'Failed to complete sign-in. Please try again.',
      failedToProcessSelection: 'Failed to process your selection. Please try again.',
      sendCodePrefix: 'Failed to send verification code. ',
      verifyPrefix: 'Invalid verification code. ',
      botCheckExpired: 'reCAPTCHA expired. Please try again.',
      botCheckInitFailed: 'Failed to initialize security verification. Please refresh and try again.',
    });
  });
});

describe('TOAST_TEXT (§8 toasts)', () => {
  it('holds the exact spec strings', () => {
    expect(TOAST_TEXT).toMatchObject({
      truncated: 'Your text was truncated to 2048 characters.',
      pasteAtLimit: 'Limit reached (2048). Remove some text to paste more.',
      pasteTruncated: 'Pasted text was truncated to fit the 2048-character limit.',
    });
  });
});

describe('SMART_REPLY_TEXT (§4, §8 smart replies the app sets)', () => {
  it('holds the exact spec strings', () => {
    expect(SMART_REPLY_TEXT).toMatchObject({
      verifyLater: 'Verify later',
      needMoreInfo: 'Need more info about services',
      declineFallback: 'Tell me about this service more',
      refreshPage: 'Refresh Page',
      contactSupport: 'Contact Support',
      tryAgain: 'Try again',
      startNewChat: 'Start a new chat',
    });
  });
});
