import { RedirectPath } from '@canopy/portal-contract';
import { describe, expect, it } from 'vitest';
import { safeReturnPath, signInPath, withReturnPath } from './return-path.ts';

const SAME_ORIGIN = [
  '/tenant/reports/7',
  '/tenant/users?search=ada&role=Admin',
  '/account/subscriptions#list',
  '/tenant/users?search=a%20b',
];
const ELSEWHERE = [
  '//evil.test',
  '///evil.test',
  '/\\evil.test',
  '/\\/evil.test',
  '\\\\evil.test',
  'https://evil.test/',
  'javascript:alert(1)',
  '/\t/evil.test',
  '/\n/evil.test',
  '/a\u0000b',
  '/a\u007fb',
  '/a b',
  'evil.test',
  '',
  `/${'a'.repeat(600)}`,
];

describe('safeReturnPath', () => {
  it.each(SAME_ORIGIN)('keeps the same-origin path %s', (path) => {
    expect(safeReturnPath(path)).toBe(path);
    expect(RedirectPath.safeParse(path).success).toBe(true);
  });

  it.each(ELSEWHERE)('refuses %j, as the contract does', (path) => {
    expect(safeReturnPath(path)).toBeNull();
    expect(RedirectPath.safeParse(path).success).toBe(false);
  });

  it('does not return to sign-in pages (they would loop)', () => {
    for (const path of [
      '/login',
      '/login?next=%2Fx',
      '/two-step-setup',
      '/reset-password?token=x',
      '/',
    ])
      expect(safeReturnPath(path)).toBeNull();
    expect(safeReturnPath(null)).toBeNull();
  });
});

describe('signInPath', () => {
  it('carries the whole address, encoded once', () => {
    expect(
      signInPath({ pathname: '/tenant/users', search: '?search=a%20b&role=Admin', hash: '' }),
    ).toBe('/login?next=%2Ftenant%2Fusers%3Fsearch%3Da%2520b%26role%3DAdmin');
    const next = new URL(
      `http://x${signInPath({ pathname: '/tenant/users', search: '?search=a%20b', hash: '#top' })}`,
    ).searchParams.get('next');
    expect(next).toBe('/tenant/users?search=a%20b#top');
  });

  it('adds nothing for the root or a path that is not a destination', () => {
    expect(signInPath({ pathname: '/', search: '', hash: '' })).toBe('/login');
    expect(withReturnPath('/two-step-setup', '//evil.test')).toBe('/two-step-setup');
  });
});
