import { describe, it } from 'vitest';
import { expectEnumToMatchSpec } from './enum-test-support';
import { invoiceDeliveryEnum, invoiceStateEnum } from './invoice';

describe('invoice enums', () => {
  it('has the states of issue 17', () => {
    expectEnumToMatchSpec(invoiceStateEnum, { draft: 0, issued: 1, partlyPaid: 2, paid: 3, cancelled: 4 });
  });

  it('has the deliveries of issue 17', () => {
    expectEnumToMatchSpec(invoiceDeliveryEnum, { mail: 0, print: 10 });
  });
});
