import { describe, it } from 'vitest';
import { addressTypeEnum, phoneTypeEnum, urlTypeEnum } from './address';
import { expectEnumToMatchSpec } from './enum-test-support';

describe('address enums', () => {
  it('has the address types of spec 01 §3', () => {
    expectEnumToMatchSpec(addressTypeEnum, { private: 0, business: 10 });
  });

  it('has the phone kinds of spec 01 §3 in steps of 10', () => {
    expectEnumToMatchSpec(phoneTypeEnum, { landline: 0, direct: 10, mobile: 20, fax: 30, other: 40 });
  });

  it('has the URL kinds of spec 01 §3 in steps of 10', () => {
    expectEnumToMatchSpec(urlTypeEnum, { website: 0, socialMedia: 10, other: 20 });
  });
});
