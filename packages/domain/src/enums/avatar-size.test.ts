import { describe, it } from 'vitest';
import { avatarSizeEnum } from './avatar-size';
import { expectEnumToMatchSpec } from './enum-test-support';

describe('avatar size', () => {
  it('has the values of spec 01 §3', () => {
    expectEnumToMatchSpec(avatarSizeEnum, { orig: 0, s: 10, m: 20, l: 30 });
  });
});
