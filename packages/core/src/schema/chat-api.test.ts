import { describe, expect, it } from 'vitest';
import { PHONE_SIGN_IN_TOOL } from '../wire/chat-api.js';
import {
  ChatRequestBodySchema,
  ChatResponseSchema,
  ChatResumeBodySchema,
  ChatSendBodySchema,
} from './chat-api.js';

const common = {
  conversationId: 'conv-1',
  businessId: 'bella-vista-salon',
  profileId: 'bella-vista-salon',
  contextType: 'enduser',
  userTimezone: 'America/New_York',
};

const sendBody = { ...common, message: 'What are your opening hours?' };

const resumeBody = {
  ...common,
  resume: {
    respond: [
      {
        toolRequest: { name: PHONE_SIGN_IN_TOOL, ref: 'r1', input: { reason: 'booking' } },
        response: { requiresAuth: true, action: 'PHONE_SIGN_IN', message: 'Authentication successful' },
      },
    ],
  },
};

const issuePaths = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[] }> } }) =>
  result.error?.issues.map((issue) => issue.path.join('.')) ?? [];

describe('ChatRequestBodySchema (§7 POST /api/chat body)', () => {
  it('accepts a normal send body', () => {
    expect(ChatRequestBodySchema.parse(sendBody)).toEqual(sendBody);
  });

  it('accepts a resume body, including a decline', () => {
    expect(ChatRequestBodySchema.parse(resumeBody)).toEqual(resumeBody);
    const declined = {
      ...common,
      resume: {
        respond: [
          {
            toolRequest: { name: PHONE_SIGN_IN_TOOL },
            response: {
              requiresAuth: true,
              action: 'PHONE_SIGN_IN_DECLINED',
              message: 'Verify later',
              declined: true,
            },
          },
        ],
      },
    };
    expect(ChatRequestBodySchema.parse(declined)).toEqual(declined);
  });

  it("defaults contextType to 'enduser' and accepts profileId 'default'", () => {
    const { contextType: _omitted, ...withoutContext } = sendBody;
    const parsed = ChatRequestBodySchema.parse({ ...withoutContext, profileId: 'default' });
    expect(parsed.contextType).toBe('enduser');
    expect(parsed.profileId).toBe('default');
  });

  it('rejects a body with neither message nor resume', () => {
    expect(ChatRequestBodySchema.safeParse(common).success).toBe(false);
  });

  it('rejects a body with both message and resume', () => {
    expect(ChatRequestBodySchema.safeParse({ ...resumeBody, message: 'hi' }).success).toBe(false);
  });

  it('rejects an unknown extra field, naming it', () => {
    const result = ChatRequestBodySchema.safeParse({ ...sendBody, admin: true });
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toContain('admin');
  });

  it('rejects a blank message, naming it (§5: the page trims and never sends one)', () => {
    // Before: "   " was answered 200 and a reply stored, on both chat servers.
    for (const message of ['   ', '\n\t', '\u00a0\u3000']) {
      const result = ChatSendBodySchema.safeParse({ ...sendBody, message });
      expect(issuePaths(result)).toEqual(['message']);
      expect(result.error?.issues[0]?.message).toBe('must not be blank');
    }
    expect(ChatSendBodySchema.safeParse({ ...sendBody, message: ' hi ' }).success).toBe(true);
  });

  it('rejects an empty message and a missing conversationId, naming the field', () => {
    expect(issuePaths(ChatSendBodySchema.safeParse({ ...sendBody, message: '' }))).toEqual(['message']);
    const { conversationId: _omitted, ...withoutId } = sendBody;
    expect(issuePaths(ChatSendBodySchema.safeParse(withoutId))).toEqual(['conversationId']);
  });

  it('rejects a resume with an unknown action or no entries', () => {
    const badAction = structuredClone(resumeBody);
    (badAction.resume.respond[0]!.response as { action: string }).action = 'SIGN_IN';
    expect(issuePaths(ChatResumeBodySchema.safeParse(badAction))).toEqual([
      'resume.respond.0.response.action',
    ]);
    expect(issuePaths(ChatResumeBodySchema.safeParse({ ...common, resume: { respond: [] } }))).toEqual([
      'resume.respond',
    ]);
  });
});

describe('ChatResponseSchema (§7 response: interrupts and smartReplies)', () => {
  it('accepts smart replies as strings or objects, and other fields it does not read', () => {
    const response = {
      smartReplies: ['Prices', { type: 'system', text: 'Verify later' }, { text: 'Hours' }],
      text: 'ignored by the client',
    };
    expect(ChatResponseSchema.parse(response)).toEqual(response);
  });

  it('accepts a phone sign-in interrupt', () => {
    const response = {
      interrupts: [
        {
          toolRequest: { name: PHONE_SIGN_IN_TOOL },
          metadata: { interrupt: { message: 'Almost there! We just need to verify your phone number.' } },
        },
      ],
    };
    expect(ChatResponseSchema.parse(response)).toEqual(response);
  });

  it('accepts an empty response', () => {
    expect(ChatResponseSchema.parse({})).toEqual({});
  });

  it('rejects a smart reply that is neither a string nor an object with text', () => {
    expect(issuePaths(ChatResponseSchema.safeParse({ smartReplies: [42] }))).toEqual(['smartReplies.0']);
    expect(ChatResponseSchema.safeParse({ smartReplies: [{ type: 'chat' }] }).success).toBe(false);
  });

  it('rejects an interrupt without a tool request name', () => {
    expect(ChatResponseSchema.safeParse({ interrupts: [{ toolRequest: {} }] }).success).toBe(false);
  });
});
