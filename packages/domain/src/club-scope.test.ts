import { describe, expect, it } from 'vitest';
import type { Actor } from './actor';
import { dashboardScope, exportScope } from './club-scope';

const actor = (overrides: Partial<Actor> = {}): Actor => ({
  personId: 'p',
  isAdmin: false,
  isCentralCommittee: false,
  clubManagerOf: [],
  eventManagerOf: [],
  memberOf: [],
  ...overrides,
});

describe('club scope of the dashboard and the export (spec 01 §6)', () => {
  it('gives admins and the committee every club, or exactly the clubs asked for', () => {
    for (const who of [actor({ isAdmin: true, isCentralCommittee: true }), actor({ isCentralCommittee: true })]) {
      expect(dashboardScope(who, [])).toEqual({ isAllClubs: true });
      expect(dashboardScope(who, ['a', 'b', 'a'])).toEqual({ isAllClubs: false, clubIds: ['a', 'b'] });
    }
  });

  it('limits club managers to the clubs they manage', () => {
    const manager = actor({ clubManagerOf: ['a', 'b'] });
    expect(dashboardScope(manager, [])).toEqual({ isAllClubs: false, clubIds: ['a', 'b'] });
    expect(dashboardScope(manager, ['b', 'c'])).toEqual({ isAllClubs: false, clubIds: ['b'] });
    expect(exportScope(manager, ['c'])).toEqual({ isAllClubs: false, clubIds: [] });
  });

  it('refuses members and event managers', () => {
    expect(dashboardScope(actor({ memberOf: ['a'], eventManagerOf: ['a'] }), [])).toBeUndefined();
    expect(exportScope(actor({ memberOf: ['a'] }), ['a'])).toBeUndefined();
  });
});
