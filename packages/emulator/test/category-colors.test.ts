import { describe, expect, it } from 'vitest';
import { categoryColor } from '../src/frame/render/category-colors.ts';

const region = { table: 'Sales', column: 'Region' };
const colors = ['#111111', '#222222', '#333333'];

describe('categoryColor', () => {
  it('keeps a value in its colour when other values disappear, per column', () => {
    const first = ['Africa', 'Americas', 'Asia'].map((v) => categoryColor(region, v, colors));
    expect(first).toEqual(colors);
    // A filter removed Africa: Americas and Asia keep their colours instead of shifting left.
    expect(['Americas', 'Asia'].map((v) => categoryColor(region, v, colors))).toEqual([
      '#222222',
      '#333333',
    ]);
    // A new value takes the next slot (wrapping), and another column has slots of its own.
    expect(categoryColor(region, 'Europe', colors)).toBe('#111111');
    expect(categoryColor({ table: 'Sales', column: 'Channel' }, 'Online', colors)).toBe('#111111');
    // A theme's colours apply to the same slots.
    expect(categoryColor(region, 'Asia', ['#a', '#b', '#c'])).toBe('#c');
  });
});
