import { describe, expect, it } from 'vitest';
import { fallbackPage, pageCount, pageWindow } from './notification-pages';

describe('fallbackPage', () => {
  it('falls back by one when the page is past the last page', () => {
    expect(fallbackPage(2, 10, 5)).toBe(1);
    expect(fallbackPage(1, 0, 5)).toBe(0);
  });

  it('keeps a page that still exists, and the first page', () => {
    expect(fallbackPage(1, 6, 5)).toBe(1);
    expect(fallbackPage(0, 0, 5)).toBe(0);
  });
});

describe('pageWindow', () => {
  it('links every page when there are at most five', () => {
    expect(pageWindow(0, 3)).toEqual([0, 1, 2]);
    expect(pageWindow(4, 5)).toEqual([0, 1, 2, 3, 4]);
  });

  it('centres five links on the current page and stops at the ends', () => {
    expect(pageWindow(0, 20)).toEqual([0, 1, 2, 3, 4]);
    expect(pageWindow(10, 20)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(19, 20)).toEqual([15, 16, 17, 18, 19]);
  });

  it('has no links without pages', () => {
    expect(pageWindow(0, 0)).toEqual([]);
    expect(pageCount(0, 5)).toBe(0);
  });
});
