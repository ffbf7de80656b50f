import { describe, expect, it } from 'vitest';
import { whoCanSee } from './person-visibility';

const bern = '11111111-1111-4111-8111-111111111111';
const biel = '22222222-2222-4222-8222-222222222222';
const her = { id: '33333333-3333-4333-8333-333333333333', primaryClubId: bern, clubIds: [bern, biel] };
const partsOf = (result: ReturnType<typeof whoCanSee>, kind: string, clubId: string | null = null) =>
  result.entries.find((e) => e.audience.kind === kind && e.audience.clubId === clubId)?.parts;

describe('whoCanSee', () => {
  it('gives her primary club’s managers the manager fields and a second club’s managers only her subscriptions beyond the profile', () => {
    const result = whoCanSee({ ...her, isArchived: false, isProfilePublic: false });
    expect(partsOf(result, 'clubManager', bern)).toEqual(
      expect.arrayContaining(['profile', 'managerFields', 'system', 'consentLog', 'subscriptions']),
    );
    expect(partsOf(result, 'clubManager', biel)).toEqual(['profile', 'contact', 'clubs', 'subscriptions']);
    expect(partsOf(result, 'signedIn')).toEqual(['profile', 'contact', 'clubs']);
    expect(partsOf(result, 'admin')).toContain('auditTrail');
    expect(partsOf(result, 'centralCommittee')).toEqual(['profile', 'contact', 'clubs']);
  });

  it('hides an archived person from everybody but admins and her managers', () => {
    const result = whoCanSee({ ...her, isArchived: true, isProfilePublic: true });
    expect(partsOf(result, 'signedIn')).toEqual([]);
    expect(partsOf(result, 'clubMember', bern)).toEqual([]);
    expect(partsOf(result, 'clubManager', bern)).toContain('profile');
    expect(partsOf(result, 'admin')).toContain('profile');
  });

  it('lists one entry per audience and club, her primary club first', () => {
    const result = whoCanSee({ ...her, primaryClubId: biel, isArchived: false, isProfilePublic: true });
    expect(result.entries.filter((e) => e.audience.kind === 'clubManager').map((e) => e.audience.clubId)).toEqual([
      biel,
      bern,
    ]);
    expect(result.ifProfileVisibilityChanged).toEqual([]);
  });
});
