import { afterEach, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../helper.ts';

/** "Contact Administrator" on the sign-in page writes to the operator's address, not a fixed one. */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('GET /api/auth/contact', () => {
  it('answers CANOPY_SUPPORT_EMAIL to anyone', async () => {
    t = await build({ env: { CANOPY_SUPPORT_EMAIL: 'help@acme.example' } });
    const res = await t.request({ method: 'GET', url: '/api/auth/contact' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ supportEmail: 'help@acme.example' });
  });

  it('answers null when none is configured', async () => {
    t = await build();
    const res = await t.request({ method: 'GET', url: '/api/auth/contact' });
    expect(res.json()).toEqual({ supportEmail: null });
  });
});
