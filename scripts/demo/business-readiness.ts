/**
 * Whether a scenario's business can play its steps: only an approved business can be chatted with
 * (the page shows 'Not Yet Verified' or the denied banner and disables the input otherwise). A
 * scenario with steps on such a business would rehearse nothing and show nothing, so `check`,
 * `start` and `list` refuse it with the fix; a scenario without steps may show the banner on purpose
 * (pending-business.yaml).
 */
import type { Business } from '@chat/core';
import { UI_TEXT } from '@chat/core';
import { businessIdOf, inlineBusinessOf } from '@chat/assistant';
import type { ScenarioFile } from '@chat/assistant';
import { plural } from '@chat/server-http';

type Shown = Pick<Business, 'businessName' | 'verification'>;

/**
 * unplayableReason for a scenario that names a fixture by its id, as `fixtures` have it (the CLI's
 * check before any server); null for an inline or approved-fixture business, or an unknown id.
 */
export function fixtureUnplayableReason(
  scenario: ScenarioFile,
  fixtures: readonly (Shown & Pick<Business, 'id'>)[],
): string | null {
  const fixture =
    typeof scenario.business === 'string' ? fixtures.find((b) => b.id === scenario.business) : undefined;
  return fixture ? unplayableReason(fixture, scenario) : null;
}

/** Why the scenario's steps cannot play on `business`, with the fix; null when they can. */
export function unplayableReason(business: Shown, scenario: ScenarioFile): string | null {
  const { status } = business.verification;
  if (status === 'approved' || scenario.steps.length === 0) return null;
  const id = businessIdOf(scenario);
  const banner =
    status === 'denied' ? 'that its verification was denied' : `'${UI_TEXT.notYetVerifiedTitle}'`;
  const fix = inlineBusinessOf(scenario)
    ? 'write "verification: { status: approved }" in its business'
    : `write "business: { fixture: ${id}, approved: true }" to play it approved for this demo, or use an approved business (bella-vista-salon)`;
  return (
    `${business.businessName} (${id}) is ${status === 'denied' ? 'denied' : `${status} verification`}: the visitor sees ${banner} and cannot type, ` +
    `so the ${plural(scenario.steps.length, 'step')} of this scenario cannot play.\n  Fix: ${fix}.`
  );
}
