/**
 * The English catalogue: the default language and the fallback for every other one. Its UI_TEXT,
 * ERROR_TEXT and TOAST_TEXT are every text the specification quotes (§2, §4, §6, §8), exactly as the
 * visitor sees it; PAGE_TEXT holds the page's other visible texts (labels, hints) that the
 * specification does not quote. Every other language's catalogue has exactly these keys
 * (catalogue.ts types it, catalogues.test.ts checks it). UI code takes texts from the active
 * catalogue so a wording change is made once.
 */
import { MAX_MESSAGE_LENGTH } from '../fields/message-fields.js';

export const UI_TEXT = {
  openingChat: 'Opening chat…',
  oops: 'Oops!',
  loading: 'Loading...',
  errorPrefix: 'Error: ',
  // Whole sentences around the business name ({business}, filled in with fillText()), so each
  // language places the name and punctuates as it needs (Spanish opens its '!' with '¡').
  welcome: 'Welcome to {business}!',
  howCanIAssist: 'How can I assist you?',
  newConversation: '+ New Conversation',
  chatDisabledPlaceholder: 'Chat disabled - verification pending',
  notYetVerifiedTitle: 'Not Yet Verified',
  notYetVerified: "{business} hasn't been verified on our platform yet",
  denied: '{business} verification was denied',
  // phone widget (§2)
  phonePlaceholder: '(555) 123-4567',
  sendCode: 'Send Code',
  verificationCodeLabel: 'Verification Code',
  codePlaceholder: '123456',
  verify: 'Verify',
  changeNumber: 'Change Number',
  enterCodeSentTo: 'Enter the 6-digit code sent to',
  phoneRequired: 'Please enter your phone number',
  codeRequired: 'Please enter the verification code',
  // interrupt (§4)
  authPromptDefault: 'Almost there! We just need to verify your phone number.',
  phoneVerified: '✓ Phone number verified successfully',
  authSuccessfulResume: 'Authentication successful',
  authCancelled: 'Authentication cancelled',
  noPreviousMessage: 'There is no previous message to retry.',
  // live stream status (issue 8): shown while the message stream is getting its connection back
  reconnecting: 'Reconnecting…',
} as const;

/** §8 error catalogue. */
export const ERROR_TEXT = {
  businessNotFound: 'Business not found',
  failedToResolveHandle: 'Failed to resolve business handle',
  failedToLoadBusiness: 'Failed to load business profile',
  failedToCreateConversation: 'Failed to create new conversation',
  failedToGetAiResponse: 'Failed to get AI response',
  // The chat service's fair limits (issue 29): a visitor or conversation past its share gets 429.
  tooManyMessages: "You've sent a lot of messages. Please wait a while before sending more.",
  failedToSendMessage: 'Failed to send message',
  failedToProcessMessages: 'Failed to process chat messages',
  failedToListen: 'Failed to listen to chat messages',
  failedToCompleteSignIn: 'Failed to complete sign-in. Please try again.',
  failedToProcessSelection: 'Failed to process your selection. Please try again.',
  sendCodePrefix: 'Failed to send verification code. ',
  verifyPrefix: 'Invalid verification code. ',
  botCheckExpired: 'reCAPTCHA expired. Please try again.',
  botCheckInitFailed: 'Failed to initialize security verification. Please refresh and try again.',
  // The reasons after sendCodePrefix / verifyPrefix (rules/error-text.ts chooses one by error code).
  sendCodeInvalidPhone: 'Please check your phone number.',
  sendCodeTooManyRequests: 'Too many attempts. Please try again later.',
  sendCodeBotCheckFailed: 'Security verification failed. Please refresh and try again.',
  verifyInvalidCode: 'Please check the code and try again.',
  verifyCodeExpired: 'The code has expired. Please request a new one.',
  pleaseTryAgain: 'Please try again.',
} as const;

/** §8 toasts of the composer: they state the message limit, MAX_MESSAGE_LENGTH. */
export const TOAST_TEXT = {
  truncated: `Your text was truncated to ${MAX_MESSAGE_LENGTH} characters.`,
  pasteAtLimit: `Limit reached (${MAX_MESSAGE_LENGTH}). Remove some text to paste more.`,
  pasteTruncated: `Pasted text was truncated to fit the ${MAX_MESSAGE_LENGTH}-character limit.`,
} as const;

/**
 * The page's visible texts the specification does not quote: labels for assistive technology,
 * hints and buttons. `{name}` / `{business}` are filled in with fillText().
 */
export const PAGE_TEXT = {
  newChat: 'New chat',
  closeChat: 'Close chat',
  conversations: 'Conversations',
  close: 'Close',
  dismiss: 'Dismiss',
  notifications: 'Notifications',
  dismissNotification: 'Dismiss notification',
  businessVerification: 'Business verification',
  messages: 'Messages',
  conversationWith: 'Conversation with {business}',
  you: 'You: ',
  speaker: '{name}: ',
  isTyping: '{name} is typing…',
  jumpToLatest: 'Jump to latest',
  suggestedQuestions: 'Suggested questions',
  suggestedReplies: 'Suggested replies',
  messageLabel: 'Message',
  messagePlaceholder: 'Type your message…',
  send: 'Send',
  interruptPendingPlaceholder: 'Verify your phone number above to continue',
  phoneVerification: 'Phone verification',
  cancel: 'Cancel',
  phoneNumberVerified: 'Phone number verified',
  phoneNumberLabel: 'Phone number',
  sending: 'Sending…',
  /** After 'The code has expired. Please request a new one.' (§8): sends a new code to the same number. */
  sendNewCode: 'Send a new code',
  /** Under a visitor's message that could not be saved, with the button that sends it again. */
  notSent: 'Not sent',
  retry: 'Retry',
  verifying: 'Verifying…',
  bootErrorTitle: 'The chat could not start',
} as const;

/** The embed snippet's launcher (web/embed/embed.ts), on the business's own site. */
export const LAUNCHER_TEXT = {
  openChat: 'Open chat',
  closeChat: 'Close chat',
  /** The chat panel's accessible name (the iframe's title). */
  panelTitle: 'Chat',
} as const;

/**
 * Smart replies the app itself sets (§4, §8), in the visitor's language like every other button
 * (issue 28). What choosing one does travels with it as data (OfferedSmartReply.action in
 * rules/smart-replies.ts), never read back from these words: the decline is recognised by being
 * offered for the pending sign-in, 'Try again' by its action. The English ones are the
 * specification's, and the assistants' own smart replies use them.
 */
export const SMART_REPLY_TEXT = {
  verifyLater: 'Verify later',
  needMoreInfo: 'Need more info about services',
  declineFallback: 'Tell me about this service more',
  refreshPage: 'Refresh Page',
  contactSupport: 'Contact Support',
  tryAgain: 'Try again',
  startNewChat: 'Start a new chat',
} as const;

/** The English catalogue, the shape every other language's catalogue follows. */
export const EN = {
  ui: UI_TEXT,
  errors: ERROR_TEXT,
  toasts: TOAST_TEXT,
  page: PAGE_TEXT,
  launcher: LAUNCHER_TEXT,
  replies: SMART_REPLY_TEXT,
} as const;
