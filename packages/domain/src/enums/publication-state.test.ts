import { describe, it } from 'vitest';
import { expectEnumToMatchSpec } from './enum-test-support';
import { publicationStateEnum } from './publication-state';

describe('publication state', () => {
  it('has the values of spec 02 §3', () => {
    expectEnumToMatchSpec(publicationStateEnum, { Invited: 10, Confirmed: 20, Rejected: 30 });
  });
});
