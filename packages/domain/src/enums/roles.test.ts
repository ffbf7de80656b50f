import { describe, expect, it } from 'vitest';
import { expectEnumToMatchSpec } from './enum-test-support';
import { derivedRoles, isDerivedRole, isStoredRole, permissionEnum, roleEnum, storedRoles } from './roles';

describe('permissions and roles', () => {
  it('has the permissions of spec 01 §3', () => {
    expectEnumToMatchSpec(permissionEnum, { SuperAdmin: 'SuperAdmin', Admin: 'Admin' });
  });

  it('has the roles of spec 01 §3 and the two derived in spec 01 §6', () => {
    expectEnumToMatchSpec(roleEnum, {
      SuperAdmin: 'SuperAdmin',
      Admin: 'Admin',
      CentralExecutiveCommittee: 'CentralExecutiveCommittee',
      eventManager: 'eventManager',
      clubManager: 'clubManager',
      member: 'member',
    });
  });

  it('derives club manager, event manager and member, and stores the others', () => {
    expect(derivedRoles).toEqual(['eventManager', 'clubManager', 'member']);
    expect(storedRoles).toEqual(['SuperAdmin', 'Admin', 'CentralExecutiveCommittee']);
    for (const role of roleEnum.values) expect(isDerivedRole(role)).not.toBe(isStoredRole(role));
  });
});
