/**
 * Every text the specification quotes (§2, §4, §6, §8), exactly as the visitor sees it.
 * UI code takes texts from here so a wording change is made once.
 */
export const UI_TEXT = {
  openingChat: 'Opening chat…',
  oops: 'Oops!',
  loading: 'Loading...',
  errorPrefix: 'Error: ',
  welcomePrefix: 'Welcome to',
  howCanIAssist: 'How can I assist you?',
  newConversation: '+ New Conversation',
  chatDisabledPlaceholder: 'Chat disabled - verification pending',
  notYetVerifiedTitle: 'Not Yet Verified',
  notYetVerifiedSuffix: " hasn't been verified on our platform yet",
  deniedSuffix: ' verification was denied',
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
} as const;

/** §8 error catalogue. */
export const ERROR_TEXT = {
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
} as const;

/** §8 toasts of the composer. */
export const TOAST_TEXT = {
  truncated: 'Your text was truncated to 2048 characters.',
  pasteAtLimit: 'Limit reached (2048). Remove some text to paste more.',
  pasteTruncated: 'Pasted text was truncated to fit the 2048-character limit.',
} as const;

/** Smart replies the app itself sets (§4, §8). */
export const SMART_REPLY_TEXT = {
  verifyLater: 'Verify later',
  needMoreInfo: 'Need more info about services',
  declineFallback: 'Tell me about this service more',
  refreshPage: 'Refresh Page',
  contactSupport: 'Contact Support',
} as const;
