import { describe, it } from 'vitest';
import { clubTypeEnum } from './club-type';
import { expectEnumToMatchSpec } from './enum-test-support';

describe('club type', () => {
  it('has the values of spec 01 §3', () => {
    expectEnumToMatchSpec(clubTypeEnum, { regional: 0, national: 10, continental: 20, worldwide: 30 });
  });
});
