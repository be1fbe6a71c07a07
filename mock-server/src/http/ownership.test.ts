/** The ownership rule of the data API: a signed-in visitor's conversation is theirs alone. */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { DATA_ROUTES } from '@chat/core';
import { appPerTest, expectError, postConversation } from '../testing/http-test-app.js';
import { ownConversationBody, signIn } from '../testing/test-server.js';

const { server, clock } = appPerTest();

describe('ownership', () => {
  it("keeps a signed-in visitor's conversation to that visitor", async () => {
    const owner = await signIn(server());
    const other = await signIn(server(), '+15555550101', '654321');
    const body = ownConversationBody(owner.user.uid);
    const { id } = await postConversation(server(), owner.idToken, body);
    const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

    expect(
      (await request(server().app).get(DATA_ROUTES.conversation(id)).set(auth(owner.idToken))).status,
    ).toBe(200);
    expectError(await request(server().app).get(DATA_ROUTES.conversation(id)), 403, 'permission-denied');
    expectError(
      await request(server().app).get(DATA_ROUTES.conversation(id)).set(auth(other.idToken)),
      403,
      'permission-denied',
    );
    expectError(
      await request(server().app)
        .post(DATA_ROUTES.messages(id))
        .set(auth(other.idToken))
        .send({ role: 'user', text: 'hi' }),
      403,
      'permission-denied',
    );
    expectError(
      await request(server().app)
        .patch(DATA_ROUTES.lastMessage(id))
        .send({ lastMessage: { text: 'x', sender: 'user', sentAt: 1, messageId: 'm' } }),
      403,
      'permission-denied',
    );
    expectError(
      await request(server().app).post(DATA_ROUTES.signupFeedPosted(id)).send({}),
      403,
      'permission-denied',
    );
    const added = await request(server().app)
      .post(DATA_ROUTES.messages(id))
      .set(auth(owner.idToken))
      .send({ role: 'user', text: 'hi' });
    expect(added.status).toBe(201);
    expect(server().store.messages(id)).toHaveLength(1);
  });

  it('creates a conversation for a user only with that user’s token', async () => {
    const owner = await signIn(server());
    const body = ownConversationBody(owner.user.uid);
    expectError(
      await request(server().app).post(DATA_ROUTES.conversations).send(body),
      403,
      'permission-denied',
      'userId',
    );
    expectError(
      await request(server().app)
        .post(DATA_ROUTES.conversations)
        .set('Authorization', 'Bearer not-a-token')
        .send(body),
      401,
      'unauthenticated',
    );
    expectError(
      await request(server().app)
        .post(DATA_ROUTES.conversations)
        .set('Authorization', 'Basic abc')
        .send(body),
      401,
      'unauthenticated',
    );
    expect(server().store.listConversations()).toEqual([]);
  });

  it('lets anyone holding the id use an anonymous conversation, signed in or not', async () => {
    const { id } = await postConversation(server());
    const visitor = await signIn(server());
    const res = await request(server().app)
      .post(DATA_ROUTES.messages(id))
      .set('Authorization', `Bearer ${visitor.idToken}`)
      .send({ role: 'user', text: 'hi' });
    expect(res.status).toBe(201);
  });

  it('refuses an expired token with 401', async () => {
    const { id } = await postConversation(server());
    const visitor = await signIn(server());
    clock.setOffset(2 * 60 * 60 * 1000);
    expectError(
      await request(server().app)
        .get(DATA_ROUTES.conversation(id))
        .set('Authorization', `Bearer ${visitor.idToken}`),
      401,
      'unauthenticated',
    );
  });
});
