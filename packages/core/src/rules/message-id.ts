/**
 * Message ids chosen by the page before the first save, so a save that is retried (after a timeout,
 * say, while the first attempt may still land) writes the same document again — a no-op on every
 * backend — instead of a second copy. The form of a Firestore auto id: 20 letters and digits.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const LENGTH = 20;

export function newMessageId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(LENGTH));
  let id = '';
  // 256 is not a multiple of 62: bytes past the last whole multiple are drawn again, so no letter is likelier.
  for (let i = 0; i < LENGTH; i++) {
    let byte = bytes[i]!;
    while (byte >= 248) byte = crypto.getRandomValues(new Uint8Array(1))[0]!;
    id += ALPHABET[byte % ALPHABET.length];
  }
  return id;
}
