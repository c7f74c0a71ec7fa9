import { describe, expect, it } from 'vitest';
import { pageCount, pageOfText, pageSlice, PAGE_SIZE, showingText } from './pagination.ts';

describe('pagination texts', () => {
  it('should say which rows a page shows', () => {
    expect(showingText(1, 5, 12)).toBe('Showing 1 to 5 of 12 results');
    expect(showingText(3, 5, 12)).toBe('Showing 11 to 12 of 12 results');
    expect(showingText(1, 5, 0)).toBe('Showing 0 to 0 of 0 results');
  });

  it('should count pages, at least one', () => {
    expect(pageCount(0, 5)).toBe(1);
    expect(pageCount(5, 5)).toBe(1);
    expect(pageCount(6, 5)).toBe(2);
    expect(pageOfText(2, 3)).toBe('Page 2 of 3');
  });

  it('should slice the rows of a page', () => {
    const rows = Array.from({ length: 12 }, (_, i) => i);
    expect(pageSlice(rows, 3, 5)).toEqual([10, 11]);
  });

  it('should show 5 tenants and 5 tenant users per page', () => {
    expect(PAGE_SIZE.tenants).toBe(5);
    expect(PAGE_SIZE.tenantUsers).toBe(5);
  });
});
