import { describe, it } from 'vitest';
import { expectEnumToMatchSpec } from './enum-test-support';
import { entityStateEnum } from './entity-state';

describe('entity state', () => {
  it('has the values of spec 01 §3', () => {
    expectEnumToMatchSpec(entityStateEnum, { Active: 0, Archived: 90 });
  });
});
