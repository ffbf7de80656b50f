import { beforeEach, describe, expect, it } from 'vitest';
import { markEndedByUser, wasEndedByUser } from './ended-by-user';

describe('the logout mark', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('outlives the page, for this tab, until the next sign-in clears it', () => {
    expect(wasEndedByUser()).toBe(false);
    markEndedByUser(true);
    expect(wasEndedByUser()).toBe(true);
    markEndedByUser(false);
    expect(wasEndedByUser()).toBe(false);
  });
});
