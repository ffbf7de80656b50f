import { describe, it } from 'vitest';
import { expectEnumToMatchSpec } from './enum-test-support';
import { exportFormatEnum } from './export-format';

describe('export format', () => {
  it('has the values of spec 01 §3', () => {
    expectEnumToMatchSpec(exportFormatEnum, {
      allData: 0,
      emailList: 10,
      addressList: 20,
      badgeList: 30,
      onlyMainData: 40,
    });
  });
});
