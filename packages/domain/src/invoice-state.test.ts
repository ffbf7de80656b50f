import { describe, expect, it } from 'vitest';
import { InvoiceState } from './enums/invoice';
import { isCancellable, isOverdue, openCentimes, stateAfterPayments, surplusCentimes } from './invoice-state';

describe('invoice state', () => {
  it('follows the payments', () => {
    expect(stateAfterPayments(10000, 0)).toBe(InvoiceState.issued);
    expect(stateAfterPayments(10000, 4000)).toBe(InvoiceState.partlyPaid);
    expect(stateAfterPayments(10000, 10000)).toBe(InvoiceState.paid);
    expect(stateAfterPayments(10000, 12000)).toBe(InvoiceState.paid);
    expect(surplusCentimes({ totalCentimes: 10000, paidCentimes: 12000 })).toBe(2000);
    expect(openCentimes({ totalCentimes: 10000, paidCentimes: 4000, state: 2 })).toBe(6000);
    expect(openCentimes({ totalCentimes: 10000, paidCentimes: 0, state: 4 })).toBe(0);
  });

  it('is overdue after the due date while open, and cancellable only unpaid', () => {
    expect(isOverdue({ state: 1, dueDate: '2027-02-14' }, '2027-02-15')).toBe(true);
    expect(isOverdue({ state: 1, dueDate: '2027-02-14' }, '2027-02-14')).toBe(false);
    expect(isOverdue({ state: 3, dueDate: '2027-02-14' }, '2027-03-01')).toBe(false);
    expect(isCancellable({ state: 1, paidCentimes: 0 })).toBe(true);
    expect(isCancellable({ state: 2, paidCentimes: 100 })).toBe(false);
    expect(isCancellable({ state: 4, paidCentimes: 0 })).toBe(false);
  });
});
