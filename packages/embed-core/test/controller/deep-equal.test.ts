import { describe, expect, it } from 'vitest';
import { snapshotValue } from '../../src/controller/deep-equal.ts';
import { deepEqual } from '../../src/index.ts';
import { reportConfig } from './controller-bed.ts';

describe('deepEqual', () => {
  it('should compare by value, treat undefined keys as absent and dates by time', () => {
    expect(deepEqual({ a: [1, { b: 2 }], c: undefined }, { a: [1, { b: 2 }] })).toBe(true);
    expect(deepEqual({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(deepEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(deepEqual(new Date(5), new Date(5))).toBe(true);
    expect(deepEqual(new Date(5), new Date(6))).toBe(false);
    expect(deepEqual(new Date(5), {})).toBe(false);
    expect(deepEqual([1], { 0: 1 })).toBe(false);
    expect(deepEqual(null, {})).toBe(false);
    expect(deepEqual(Number.NaN, Number.NaN)).toBe(true);
  });

  it('should treat any two functions as equal (the controller calls the latest one)', () => {
    expect(deepEqual({ hook: () => 1 }, { hook: () => 2 })).toBe(true);
    expect(deepEqual({ hook: () => 1 }, { hook: 1 })).toBe(false);
  });
});

describe('snapshotValue', () => {
  it('should copy nested data so that later in-place mutation is a change', () => {
    const settings = { panes: { filters: { visible: true } } };
    const config = reportConfig({ settings, when: new Date(1) });
    const copy = snapshotValue(config);
    expect(deepEqual(copy, config)).toBe(true);
    settings.panes.filters.visible = false;
    expect(deepEqual(copy, config)).toBe(false);
  });
});
