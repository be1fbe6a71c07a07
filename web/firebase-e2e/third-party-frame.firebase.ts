// Journey: phone sign-in with the Firebase backend's real AuthProvider inside the embed snippet's iframe
// on a business's own site — another SITE than the chat's, where Chromium denies the frame its storage
// (localStorage, sessionStorage, IndexedDB). Firebase Auth then keeps the visitor in memory (the
// persistence list of packages/firebase/src/firebase-auth-session.ts), the sign-in hint and the local
// parts of the test entry too (storageOrMemory), and the visitor signs in all the same.
import { afterAll, beforeAll, beforeEach, expect, inject } from 'vitest';
import { WAIT_MS } from '../e2e/pages/chat-page.js';
import { HostSite, storageAccess } from '../e2e/pages/host-site.js';
import { PhoneWidget } from '../e2e/pages/phone-widget.js';
import { startHostPageServer, type HostPageServer } from '../e2e/support/host-page-server.js';
import { test } from '../e2e/support/journey-test.js';
import { accountPhoneNumbers, clearAccounts, latestCode } from './support/auth-emulator.js';
import './support/provided.js';

const DIGITS = '5555550123';
const E164 = '+15555550123';

let host: HostPageServer;
beforeAll(async () => {
  host = await startHostPageServer(inject('webUrl'));
});
afterAll(async () => {
  await host.close();
});
beforeEach(async () => {
  await clearAccounts();
});

test('in the snippet on another site, storage denied, the visitor still signs in with Firebase Auth', async ({
  page,
}) => {
  const site = new HostSite(page, host.origin, inject('webUrl'));
  await site.open({ 'data-business-id': 'bella-vista-salon' });
  await page.getByRole('button', { name: 'Open chat' }).click();
  const frame = await site.chatFrame();
  await frame.getByText('Welcome to Bella Vista Salon!').waitFor({ timeout: WAIT_MS });
  expect(await storageAccess(frame)).toBe('SecurityError');

  await frame
    .getByRole('textbox', { name: 'Message', exact: true })
    .fill('I would like to book an appointment');
  await frame.getByRole('button', { name: 'Send', exact: true }).click();
  const widget = new PhoneWidget(frame);
  await widget.phoneField.waitFor({ timeout: WAIT_MS });
  await widget.requestCode(DIGITS);
  await widget.codeField.waitFor({ timeout: WAIT_MS });
  await expect.poll(() => latestCode(E164), { timeout: WAIT_MS }).not.toBeNull();
  await widget.enterCode((await latestCode(E164))!);

  await frame.getByText('✓ Phone number verified successfully').waitFor({ timeout: WAIT_MS });
  expect(await accountPhoneNumbers()).toEqual([E164]);
  const signedIn = await frame.evaluate(
    () =>
      (
        window as unknown as { journeyAuth: { currentUser(): { phoneNumber: string | null } | null } }
      ).journeyAuth.currentUser()?.phoneNumber ?? null,
  );
  expect(signedIn).toBe(E164);
});
