/**
 * Issue 28: "verified" is data — the signed-in session that spoke in the conversation — never the text
 * of the notice the page saves (a Spanish visitor's is Spanish); and the console's "Sign the visitor
 * out" ends that session, so the page goes on anonymous and the verification can be shown again.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { DATA_ROUTES, IDENTITY_ROUTES, SYSTEM_NOTICE_TEXTS } from '@chat/core';
import { signIn } from '../testing/test-server.js';
import { appPerTest, controlApi, expectError, postConversation } from '../testing/http-test-app.js';

const { server } = appPerTest();

async function listed(id: string): Promise<{ visitorVerified: boolean }> {
  const res = await controlApi(server().app).get('/control/conversations');
  return (res.body.conversations as Array<{ id: string; visitorVerified: boolean }>).find(
    (c) => c.id === id,
  )!;
}

/** Saves a message as the page does: a system notice (one the page writes), or the visitor's text. */
function saveMessage(conversationId: string, text: string, token?: string) {
  const message = SYSTEM_NOTICE_TEXTS.includes(text)
    ? { role: 'system', type: 'system', text }
    : { role: 'user', text };
  const req = request(server().app).post(DATA_ROUTES.messages(conversationId)).send(message);
  if (token) req.set('Authorization', `Bearer ${token}`);
  return req;
}

describe('a visitor verified in a conversation, whatever the language', () => {
  it('is verified once their signed-in page writes in it, in Spanish, and not for the English text from anyone', async () => {
    const { id } = await postConversation(server());
    // Anyone can write the English notice into an anonymous conversation: that is no verification.
    expect((await saveMessage(id, '✓ Phone number verified successfully')).status).toBe(201);
    expect((await listed(id)).visitorVerified).toBe(false);

    const session = await signIn(server());
    expect(
      (await saveMessage(id, '✓ Número de teléfono verificado correctamente', session.idToken)).status,
    ).toBe(201);
    expect((await listed(id)).visitorVerified).toBe(true);
    // So the console refuses to ask again, with the advice that works.
    const raised = await controlApi(server().app).post(`/control/conversations/${id}/interrupt`).send({});
    expectError(raised, 400, 'failed-precondition', 'press "Sign the visitor out"');
  });

  it('is signed out by the console: tokens and refresh refused, the page writes on anonymous, and asking works again', async () => {
    const { id } = await postConversation(server());
    const session = await signIn(server());
    await saveMessage(id, 'verified', session.idToken);
    const other = await signIn(server(), '+15555550101', '654321');
    const elsewhere = await postConversation(server());
    await saveMessage(elsewhere.id, 'verified', other.idToken);

    const out = await controlApi(server().app).post(`/control/conversations/${id}/sign-out`).send({});
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ signedOut: 1 });
    expect((await listed(id)).visitorVerified).toBe(false);

    expect((await saveMessage(id, 'hello', session.idToken)).status).toBe(401);
    const refreshed = await request(server().app)
      .post(IDENTITY_ROUTES.refresh)
      .send({ refreshToken: session.refreshToken });
    expectError(refreshed, 401, 'unauthenticated', 'signed out');
    expect((await saveMessage(id, 'hello')).status).toBe(201);
    const raised = await controlApi(server().app).post(`/control/conversations/${id}/interrupt`).send({});
    expect(raised.status).toBe(200);

    // Another visitor's session, in another conversation, is untouched.
    expect((await listed(elsewhere.id)).visitorVerified).toBe(true);
    expect((await saveMessage(elsewhere.id, 'still here', other.idToken)).status).toBe(201);

    // Nobody signed in any more: nothing to sign out, said plainly.
    const again = await controlApi(server().app).post(`/control/conversations/${id}/sign-out`).send({});
    expectError(again, 400, 'failed-precondition', 'not signed in');
    const unknown = await controlApi(server().app).post('/control/conversations/nope/sign-out').send({});
    expectError(unknown, 404, 'not-found');
  });

  it('signs in again after a sign-out: a new sign-in is a new session', async () => {
    const { id } = await postConversation(server());
    await saveMessage(id, 'verified', (await signIn(server())).idToken);
    await controlApi(server().app).post(`/control/conversations/${id}/sign-out`).send({});
    const again = await signIn(server());
    expect((await saveMessage(id, 'verified again', again.idToken)).status).toBe(201);
    expect((await listed(id)).visitorVerified).toBe(true);
  });
});
