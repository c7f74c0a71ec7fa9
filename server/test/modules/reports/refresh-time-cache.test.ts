import { describe, expect, it } from 'vitest';
import { RefreshTimeCache } from '../../../src/modules/reports/refresh-time-cache.ts';

describe('RefreshTimeCache', () => {
  it('asks once per dataset within the time to live, and again after it', async () => {
    let now = 0;
    const cache = new RefreshTimeCache(1_000, () => now);
    let calls = 0;
    const load = () => Promise.resolve(`t${++calls}`);
    expect(await cache.get('w d1', load)).toBe('t1');
    now = 999;
    expect(await cache.get('w d1', load)).toBe('t1');
    expect(await cache.get('w d2', load)).toBe('t2');
    now = 1_000;
    expect(await cache.get('w d1', load)).toBe('t3');
  });

  it('shares one call between lookups at the same moment, and keeps no failure', async () => {
    const cache = new RefreshTimeCache(60_000);
    let calls = 0;
    let release: (value: string) => void = () => undefined;
    const slow = () => {
      calls++;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const both = Promise.all([cache.get('k', slow), cache.get('k', slow)]);
    release('t');
    expect(await both).toEqual(['t', 't']);
    expect(calls).toBe(1);
    await expect(cache.get('bad', () => Promise.reject(new Error('503')))).rejects.toThrow('503');
    expect(await cache.get('bad', () => Promise.resolve('later'))).toBe('later');
  });

  it('forgets the oldest datasets past its size', async () => {
    const cache = new RefreshTimeCache(60_000, Date.now, 2);
    let calls = 0;
    const load = () => Promise.resolve(`t${++calls}`);
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('c', load);
    expect(await cache.get('a', load)).toBe('t4');
    expect(await cache.get('c', load)).toBe('t3');
  });
});
