import { describe, expect, it } from 'vitest';
import type { Actor } from './actor';
import {
  canManageAnyInvoices,
  canManageAssociationInvoicing,
  canManageInvoicesOf,
  canSeeInvoice,
  invoiceClubsOf,
} from './invoice-permissions';

const base: Actor = {
  personId: 'p',
  isAdmin: false,
  isCentralCommittee: false,
  clubManagerOf: [],
  eventManagerOf: [],
  memberOf: [],
};

describe('invoice permissions', () => {
  it('lets the finance responsible and the database managers of a club, and admins, manage it', () => {
    expect(canManageInvoicesOf({ ...base, financeOf: ['a'] }, 'a')).toBe(true);
    expect(canManageInvoicesOf({ ...base, clubManagerOf: ['a'] }, 'a')).toBe(true);
    expect(canManageInvoicesOf({ ...base, isAdmin: true }, 'a')).toBe(true);
    expect(canManageInvoicesOf({ ...base, financeOf: ['b'], clubManagerOf: ['c'] }, 'a')).toBe(false);
    expect(
      canManageInvoicesOf({ ...base, memberOf: ['a'], eventManagerOf: ['a'], isCentralCommittee: true }, 'a'),
    ).toBe(false);
  });

  it('scopes lists to the managed clubs', () => {
    expect(invoiceClubsOf({ ...base, financeOf: ['b'], clubManagerOf: ['a', 'b'] })).toEqual({
      isAllClubs: false,
      clubIds: ['a', 'b'],
    });
    expect(invoiceClubsOf({ ...base, isAdmin: true })).toEqual({ isAllClubs: true });
    expect(canManageAnyInvoices(base)).toBe(false);
    expect(canManageAnyInvoices({ ...base, financeOf: ['x'] })).toBe(true);
  });

  it('keeps the association to admins and a member to her own invoices', () => {
    expect(canManageAssociationInvoicing({ ...base, isAdmin: true })).toBe(true);
    expect(canManageAssociationInvoicing({ ...base, isCentralCommittee: true })).toBe(false);
    expect(canSeeInvoice(base, { personId: 'p', clubId: 'a' })).toBe(true);
    expect(canSeeInvoice(base, { personId: 'q', clubId: 'a' })).toBe(false);
  });
});
