import type { SecondFactorChallenge } from '@canopy/portal-contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../shared/api/query-client.ts';
import { setupTestRoot } from '../../shared/testing/setup-test-root.ts';
import { STEP_EXPIRED } from './api/second-step.ts';
import { SecondFactorStep } from './components/second-factor-step.tsx';

const view = setupTestRoot();

const challenge = (methods: SecondFactorChallenge['methods']): SecondFactorChallenge => ({
  step: 'second-factor',
  ticket: 'ticket-1',
  expiresAt: new Date(Date.now() + 5 * 60_000).toISOString(),
  methods,
});

/** No server runs in this tier: every request is recorded and answered with `answer`. */
let requests: { url: string; body: unknown }[];
let answer: { status: number; body: unknown };
beforeEach(() => {
  requests = [];
  answer = { status: 400, body: { error: 'That code is not correct.', code: 'MFA_CODE_INVALID' } };
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      requests.push({ url, body: init.body ? JSON.parse(init.body as string) : undefined });
      return Promise.resolve(
        new Response(JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const render = (methods: SecondFactorChallenge['methods'], onEnded = vi.fn()) => {
  act(() =>
    view.root.render(
      <QueryClientProvider client={createQueryClient()}>
        <SecondFactorStep
          key={methods.join()}
          challenge={challenge(methods)}
          onSignedIn={() => undefined}
          onEnded={onEnded}
        />
      </QueryClientProvider>,
    ),
  );
  return onEnded;
};

const input = () => view.container.querySelector<HTMLInputElement>('input')!;
const type = (value: string) =>
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input(), value);
    input().dispatchEvent(new Event('input', { bubbles: true }));
  });
const buttons = () => [...view.container.querySelectorAll('button')].map((b) => b.textContent);
/** Lets the request and React's updates after it finish. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe('the second step of sign-in', () => {
  it('keeps only the digits of a pasted code and sends it as soon as it has six', async () => {
    render(['totp', 'recovery-code']);
    expect(input().autocomplete).toBe('one-time-code');
    expect(input().inputMode).toBe('numeric');
    type('123 45');
    expect(input().value).toBe('12345');
    expect(requests).toEqual([]);
    type('123 456');
    await settle();
    expect(requests).toEqual([
      {
        url: '/api/auth/mfa/verify',
        body: { ticket: 'ticket-1', method: 'totp', code: '123456' },
      },
    ]);
    // The server's reason is said, and the step stays.
    expect(view.container.querySelector('[role="alert"]')?.textContent).toBe(
      'That code is not correct.',
    );
  });

  it('goes back to the password when the server says the ticket is gone', async () => {
    answer = { status: 401, body: { error: 'Sign in again', code: 'MFA_TICKET_INVALID' } };
    const onEnded = render(['totp']);
    type('654321');
    await settle();
    expect(onEnded).toHaveBeenCalledWith(STEP_EXPIRED);
  });

  it('offers the other ways the person has, the recovery code last', () => {
    render(['totp', 'recovery-code', 'passkey']);
    // happy-dom has no WebAuthn: the passkey is not offered where it cannot work.
    expect(buttons()).toEqual(['Verify', 'Use a recovery code', 'Back to sign in']);
    render(['recovery-code']);
    expect(buttons()).toEqual(['Verify', 'Back to sign in']);
    expect(view.container.querySelector('label')?.textContent).toBe('Recovery code');
  });
});
