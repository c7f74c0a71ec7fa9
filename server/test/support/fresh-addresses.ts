import type { InjectOptions } from 'fastify';
import type { TestApp } from '../helper.ts';

/**
 * `t.request`, from a new client address on every call, so the per-address sign-in limits never
 * answer in tests about something else. `block` (the second octet) keeps test files apart when
 * they share a database; `app` is a getter because the app is built in `beforeAll`.
 */
export function fromFreshAddresses(app: () => TestApp, block: number) {
  let count = 0;
  return (options: InjectOptions & { token?: string }) => {
    count += 1;
    return app().request({
      ...options,
      remoteAddress: `10.${block}.${Math.floor(count / 250)}.${count % 250}`,
    });
  };
}
