/**
 * Which numbers the mock identity provider accepts. Like the real provider it takes only E.164
 * numbers, and like the page (§5, §9) only US and Canada: +1 followed by ten digits. A NANP area
 * code never starts with 0 or 1, so such numbers are rejected as a real SMS gateway would.
 */
export function isPlausibleNanpNumber(phoneNumber: string): boolean {
  return /^\+1[2-9]\d{9}$/.test(phoneNumber);
}
