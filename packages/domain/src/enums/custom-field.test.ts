import { describe, it } from 'vitest';
import { customFieldModeEnum, customFieldTypeEnum } from './custom-field';
import { expectEnumToMatchSpec } from './enum-test-support';

describe('custom field enums', () => {
  it('has the field types of spec 02 §3', () => {
    expectEnumToMatchSpec(customFieldTypeEnum, { string: 1, date: 2, email: 3, number: 4, boolean: 5, option: 6 });
  });

  it('has the field modes of spec 02 §3', () => {
    expectEnumToMatchSpec(customFieldModeEnum, { hidden: 1, optional: 2, required: 3 });
  });
});
