import { describe, expect, it } from 'vitest';
import { defaultLeaveEnd, leaveRequestBodySchema, privacySettingBodySchema } from './privacy-request';

describe('privacy requests (issue 25)', () => {
  it('asks to leave by default at the end of the current year', () => {
    expect(defaultLeaveEnd('2026-06-10')).toBe('2026-12-31');
    expect(defaultLeaveEnd('2027-01-01')).toBe('2027-12-31');
  });

  it('takes an optional message and wished end', () => {
    const body = leaveRequestBodySchema.parse({ clubId: '0b7d9c36-4f4c-4c8e-9a51-2f7f7c4c8b11', message: '  ' });
    expect(body.message).toBeNull();
    expect(leaveRequestBodySchema.safeParse({ clubId: 'x' }).success).toBe(false);
  });

  it('has no retention period by default and whole months only', () => {
    expect(privacySettingBodySchema.parse({ retentionMonths: null })).toEqual({ retentionMonths: null });
    expect(privacySettingBodySchema.safeParse({ retentionMonths: 0 }).success).toBe(false);
    expect(privacySettingBodySchema.safeParse({ retentionMonths: 2.5 }).success).toBe(false);
    expect(privacySettingBodySchema.parse({ retentionMonths: 36 })).toEqual({ retentionMonths: 36 });
  });
});
