import { describe, expect, it } from 'vitest';
import { clubBodySchema, clubListQuerySchema } from './club';
import { membershipDevelopmentQuerySchema } from './dashboard';
import { exportQuerySchema } from './export';
import { notificationListQuerySchema, subscriptionCreateBodySchema } from './notification';

const codes = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((i) => `${i.path.join('.')}:${i.message}`);

describe('query schemas of clubs, dashboard, notifications and export', () => {
  it('reads a repeated key as a list and a single one as a list of one', () => {
    const uuid = '6b1e0c3e-4b5d-4c1e-9f0a-1b2c3d4e5f60';
    expect(membershipDevelopmentQuerySchema.parse({ Clubs: uuid })).toEqual({
      Clubs: [uuid],
      GroupBy: 'quarter',
      NumberOfBuckets: 4,
    });
    expect(membershipDevelopmentQuerySchema.parse({ Clubs: [uuid, uuid], NumberOfBuckets: '8' }).Clubs).toHaveLength(2);
    expect(clubListQuerySchema.parse({ SortBy: ['clubType', 'name'], SortDesc: ['true', 'false'] })).toEqual({
      SortBy: ['clubType', 'name'],
      SortDesc: [true, false],
      Page: 0,
      PerPage: 0,
    });
  });

  it('takes only the texts true and false as booleans', () => {
    expect(notificationListQuerySchema.parse({ IsRead: 'false' }).IsRead).toBe(false);
    expect(codes(notificationListQuerySchema.safeParse({ IsRead: '0' }))).toEqual(['IsRead:boolean']);
    expect(codes(notificationListQuerySchema.safeParse({ Page: '-1', PerPage: '1001' }))).toEqual([
      'Page:integer',
      'PerPage:invalid',
    ]);
  });

  it('checks the club form (spec 01 §5)', () => {
    expect(codes(clubBodySchema.safeParse({ name: '  ', clubType: '0' }))).toEqual([
      'name:required',
      'clubType:invalid',
    ]);
    expect(clubBodySchema.parse({ name: ' BPW Zug ', clubType: 30 })).toEqual({ name: 'BPW Zug', clubType: 30 });
  });

  it('binds a subscription to a club exactly for the club-related types', () => {
    const clubId = '6b1e0c3e-4b5d-4c1e-9f0a-1b2c3d4e5f60';
    expect(subscriptionCreateBodySchema.parse({ notificationType: 5, clubId })).toMatchObject({ clubId });
    expect(subscriptionCreateBodySchema.parse({ notificationType: 3 })).toMatchObject({ clubId: null });
    expect(codes(subscriptionCreateBodySchema.safeParse({ notificationType: 2 }))).toEqual(['clubId:required']);
    expect(codes(subscriptionCreateBodySchema.safeParse({ notificationType: 4, clubId }))).toEqual(['clubId:invalid']);
  });

  it('needs an output format for the export and reads the lists', () => {
    expect(codes(exportQuerySchema.safeParse({}))).toEqual(['OutputFormat:required']);
    expect(exportQuerySchema.parse({ OutputFormat: '20', PersonOptions: ['0', '30'], LanguageCodes: 'it' })).toEqual({
      OutputFormat: 20,
      PersonOptions: [0, 30],
      PersonMentoringTypes: [],
      Clubs: [],
      LanguageCodes: ['it'],
      BpwCourier: [],
    });
    expect(exportQuerySchema.safeParse({ OutputFormat: '25' }).success).toBe(false);
  });
});
