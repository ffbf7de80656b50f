import { describe, it } from 'vitest';
import { expectEnumToMatchSpec } from './enum-test-support';
import { advertisingEnum, courierTypeEnum, employmentTypeEnum, salutationEnum, titleEnum } from './person-fields';

describe('person field enums', () => {
  it('has the salutations of spec 01 §3', () => {
    expectEnumToMatchSpec(salutationEnum, { mrs: 0, mr: 10 });
  });

  it('has the titles of spec 01 §3', () => {
    expectEnumToMatchSpec(titleEnum, { dr: 0, prof: 10, ba: 20, bsc: 30, ma: 40, msc: 50 });
  });

  it('has the advertising consents of spec 01 §3', () => {
    expectEnumToMatchSpec(advertisingEnum, { none: 0, members: 10, all: 20 });
  });

  it('numbers the employment types 0 to 60 in steps of 10 in the spec order', () => {
    expectEnumToMatchSpec(employmentTypeEnum, {
      freelancer: 0,
      independent: 10,
      employeeOwnCompany: 20,
      employee: 30,
      unemployed: 40,
      retired: 50,
      other: 60,
    });
  });

  it('has the courier types of spec 01 §3', () => {
    expectEnumToMatchSpec(courierTypeEnum, { printed: 0, digital: 10 });
  });
});
