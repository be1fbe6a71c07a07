/**
 * What `demo list/check/start` say about a scenario whose `business:` names no business the server
 * would have (issue 28, item 10): the names that exist, each with the line that plays it, and the
 * line to write — the closest name's when the id looks misspelt, else the approved fixture's.
 */
import { closestName } from '@chat/assistant';
import type { Business } from '@chat/core';

export function unknownBusinessMessage(
  id: string,
  fixtures: readonly Pick<Business, 'id' | 'verification'>[],
  known: readonly string[],
): string {
  const near = closestName(id, known);
  const lineFor = (name: string) => {
    const fixture = fixtures.find((business) => business.id === name);
    // A fixture that is not approved cannot be chatted with as it is: the line plays it approved.
    return fixture && fixture.verification.status !== 'approved'
      ? `business: { fixture: ${name}, approved: true }`
      : `business: ${name}`;
  };
  const names = [...new Set(known)];
  const approved = fixtures.find((business) => business.verification.status === 'approved')?.id;
  const fix = near ?? approved ?? names[0];
  return (
    `no business "${id}"${near ? ` (did you mean "${near}"?)` : ''}; a scenario plays a business of mock-server/fixtures/businesses.json or one written inline in a scenario.` +
    `\n  The businesses you can name: ${names.map((name) => `${name} (${lineFor(name)})`).join(', ')}.` +
    (fix ? `\n  Fix: write "${lineFor(fix)}"` : '') +
    ', or write the whole business inline (id, handle, businessName, verification: { status: approved }).'
  );
}
