import { afterEach, describe, expect, it, vi } from 'vitest';

// The id generator repeats itself once: the second request draws the first one's id (the first
// draw names the proxy).
const drawn = ['proxy-name', 'same1', 'same1', 'other'];
vi.mock('../src/transport/ids.ts', () => ({
  createRandomString: () => drawn.shift() ?? 'later',
  generateUUID: () => '0'.repeat(20),
}));

const { MessageProxy } = await import('../src/transport/message-proxy.ts');

/**
 * Two pending requests must never share a tracking id: with a collision the second entry replaced
 * the first, whose promise then never settled (seen as a hang among 1,000 concurrent requests).
 */
describe('tracking ids of pending requests', () => {
  afterEach(() => vi.restoreAllMocks());

  it('draws again while an id is still pending, so every request settles', async () => {
    const posted: { headers: { id: string } }[] = [];
    const target = {
      postMessage: (message: { headers: { id: string } }) => posted.push(message),
    } as unknown as Window;
    const proxy = new MessageProxy({ receiveWindow: window });
    const first = proxy.postMessage(target, { method: 'GET', url: '/a' });
    const second = proxy.postMessage(target, { method: 'GET', url: '/b' });
    expect(posted.map((m) => m.headers.id)).toEqual(['same1', 'other']);
    expect(proxy.pendingCount).toBe(2);

    for (const message of posted) {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { statusCode: 200, headers: { id: message.headers.id }, body: message.headers.id },
          source: target as unknown as MessageEventSource,
        }),
      );
    }
    await expect(first).resolves.toMatchObject({ body: 'same1' });
    await expect(second).resolves.toMatchObject({ body: 'other' });
    proxy.stop();
  });
});
