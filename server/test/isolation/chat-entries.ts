import type { MatrixContext, Matrix, RouteEntry, Target } from './matrix-types.ts';

/** Tenant X's conversation is between X's Admin and X's Viewer: both may use it, nobody else. */
const participants = (ok: number): RouteEntry['expect'] => ({
  anonymous: [401, 401],
  superAdmin: [403, 403],
  adminA: [ok, 404],
  viewerA: [ok, 404],
  adminB: [404, ok],
});

const peopleOf = (ctx: MatrixContext, target: Target) =>
  target === 'A' ? [ctx.cast.adminA, ctx.cast.viewerA] : [ctx.cast.adminB, ctx.cast.viewerB];

const keyOf = (ctx: MatrixContext, target: Target) =>
  peopleOf(ctx, target)
    .map((p) => p.id)
    .sort()
    .join('_');

/** Sends a message in the target tenant's conversation (so it exists) and returns its id. */
async function messageIn(ctx: MatrixContext, target: Target): Promise<string> {
  const [admin] = peopleOf(ctx, target);
  const res = await ctx.t.request({
    method: 'POST',
    url: `/api/messages/${keyOf(ctx, target)}`,
    token: admin!.token,
    payload: { content: 'matrix' },
  });
  return res.json<{ id: string }>().id;
}

/** Chat: a person of tenant B can neither read, post to, react in nor learn about A's chats. */
export const CHAT_MATRIX: Matrix = {
  'GET /api/messages/:conversationKey': {
    request: (ctx, target) => ({ url: `/api/messages/${keyOf(ctx, target)}` }),
    expect: participants(200),
  },
  'POST /api/messages/:conversationKey': {
    request: (ctx, target) => ({
      url: `/api/messages/${keyOf(ctx, target)}`,
      payload: { content: 'hello' },
    }),
    expect: participants(201),
  },
  'GET /api/messages/:conversationKey/images/:imageKey': {
    public: 'the signed, expiring link handed only to the two participants is the credential',
  },
  'GET /api/conversations/key/:conversationKey': {
    request: async (ctx, target) => {
      await messageIn(ctx, target);
      return { url: `/api/conversations/key/${keyOf(ctx, target)}` };
    },
    expect: participants(200),
  },
  'POST /api/conversations/key/:conversationKey/read': {
    request: async (ctx, target) => ({
      url: `/api/conversations/key/${keyOf(ctx, target)}/read`,
      payload: { messageIds: [await messageIn(ctx, target)] },
    }),
    expect: participants(200),
  },
  'POST /api/conversations/:conversationKey/typing': {
    // The body names the target's Admin: their Viewer is refused for typing as someone else.
    request: (ctx, target) => ({
      url: `/api/conversations/${keyOf(ctx, target)}/typing`,
      payload: { userId: peopleOf(ctx, target)[0]!.id, isTyping: true },
    }),
    expect: { ...participants(200), viewerA: [403, 404] },
  },
  'POST /api/conversations/key/:conversationKey/typing': {
    // The published path of the same signal (the one above is kept for older clients).
    request: (ctx, target) => ({
      url: `/api/conversations/key/${keyOf(ctx, target)}/typing`,
      payload: { userId: peopleOf(ctx, target)[0]!.id, isTyping: true },
    }),
    expect: { ...participants(200), viewerA: [403, 404] },
  },
  'POST /api/conversations/messages/:messageId/reactions': {
    request: async (ctx, target) => ({
      url: `/api/conversations/messages/${await messageIn(ctx, target)}/reactions`,
      payload: { emoji: '👍' },
    }),
    expect: participants(200),
  },
  'POST /api/events/ticket': {
    request: () => ({ url: '/api/events/ticket' }),
    expect: {
      anonymous: [401, 401],
      superAdmin: [403, 403],
      adminA: [200, 200],
      viewerA: [200, 200],
      adminB: [200, 200],
    },
  },
  'GET /api/events': {
    public: 'the single-use, 60-second stream ticket in the query is the credential',
  },
};
