/**
 * What makes a verified ID token a phone-verified visitor (an `enduser`, issue 27 item 5): Firebase
 * says it was signed in with the phone provider (`firebase.sign_in_provider === 'phone'`) and it
 * carries the phone number. A token from any other sign-in method the project might enable one day
 * (email, an anonymous account, a custom token) never passes the phone check. Both chat servers judge
 * a token's claims with this one function: the production service after the Admin SDK's
 * `verifyIdToken`, the mock server after checking its own signature (its tokens carry the same claims).
 */
import { ProviderError } from '@chat/core';

/** The claims this needs, as Firebase's DecodedIdToken (and the mock server's tokens) hold them. */
export interface PhoneClaims {
  uid: string;
  phone_number?: unknown;
  firebase?: { sign_in_provider?: unknown } | undefined;
}

/** The sign-in provider Firebase names for phone sign-in. */
export const PHONE_PROVIDER = 'phone';

/** The visitor a verified token names, or 401 'unauthenticated' saying why it is not phone-verified. */
export function phoneVerifiedUser(claims: PhoneClaims): { uid: string; phoneNumber: string } {
  const provider = claims.firebase?.sign_in_provider;
  if (provider !== PHONE_PROVIDER) {
    throw new ProviderError(
      'unauthenticated',
      `The ID token was signed in with ${typeof provider === 'string' ? `"${provider}"` : 'no provider'}, not a phone number; verify your phone to continue.`,
    );
  }
  if (typeof claims.phone_number !== 'string' || claims.phone_number === '') {
    throw new ProviderError(
      'unauthenticated',
      'The ID token carries no phone number; verify your phone to continue.',
    );
  }
  return { uid: claims.uid, phoneNumber: claims.phone_number };
}
