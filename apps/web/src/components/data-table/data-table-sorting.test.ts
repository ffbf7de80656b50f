import { describe, expect, it } from 'vitest';
import { clampPage, lastPageIndex, nextSorting, toSortQuery } from './data-table-sorting';

const asc = (id: string) => ({ id, desc: false });
const desc = (id: string) => ({ id, desc: true });

describe('nextSorting', () => {
  it('cycles a plain click on the only key: ascending, descending, server default', () => {
    expect(nextSorting([], 'name', false)).toEqual([asc('name')]);
    expect(nextSorting([asc('name')], 'name', false)).toEqual([desc('name')]);
    expect(nextSorting([desc('name')], 'name', false)).toEqual([]);
  });

  it('makes a plain click on another or a secondary column the only ascending key', () => {
    expect(nextSorting([asc('a'), asc('b')], 'b', false)).toEqual([asc('b')]);
    expect(nextSorting([desc('a')], 'c', false)).toEqual([asc('c')]);
    expect(nextSorting([asc('a'), asc('b')], 'a', false)).toEqual([desc('a')]);
  });

  it('adds, flips and removes a key on shift+click, keeping the others in order', () => {
    expect(nextSorting([asc('a')], 'b', true)).toEqual([asc('a'), asc('b')]);
    expect(nextSorting([asc('a'), asc('b')], 'b', true)).toEqual([asc('a'), desc('b')]);
    expect(nextSorting([asc('a'), desc('b'), asc('c')], 'b', true)).toEqual([asc('a'), asc('c')]);
  });
});

describe('paging helpers', () => {
  it('builds repeated SortBy and matching SortDesc parameters', () => {
    expect(toSortQuery([asc('firstname'), desc('lastname')])).toEqual({
      SortBy: ['firstname', 'lastname'],
      SortDesc: [false, true],
    });
  });

  it('clamps a page above the last page to the last page', () => {
    expect(lastPageIndex(0, 10)).toBe(0);
    expect(lastPageIndex(10, 10)).toBe(0);
    expect(lastPageIndex(11, 10)).toBe(1);
    expect(clampPage(7, 45, 10)).toBe(4);
    expect(clampPage(2, 45, 10)).toBe(2);
    expect(clampPage(3, 0, 10)).toBe(0);
    expect(clampPage(-1, 45, 10)).toBe(0);
  });
});
