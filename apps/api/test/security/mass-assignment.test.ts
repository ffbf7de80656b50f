import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, uniqueSuffix } from '../factories';
import { type ActorName, permissionMatrix } from '../permission-matrix';
import { changedCells, snapshotDatabase } from './db-snapshot';
import { reportFigure } from './figures';
import { withAvatar } from './object-fixtures';
import { bodyFieldsOf, operationOf } from './openapi-routes';
import { type Role, type SecurityWorld, createSecurityWorld, roles } from './security-world';

/**
 * OWASP API3:2023 (mass assignment), ASVS V15.3.3: every write route, called with a valid body
 * (the permission matrix's request) plus protected fields the route does not declare. The
 * database before and after is compared: no protected value may land anywhere.
 */
describe('mass assignment: protected fields in every write body change nothing', () => {
  let w: SecurityWorld;
  let planted: Record<string, unknown>;
  /** Values that no legitimate request of the matrix writes: finding one is a violation. */
  let distinctive: Map<string, string>;
  beforeAll(async () => {
    w = await createSecurityWorld();
    const victimFile = (await w.call('admin', { url: `/api/v1/person/${await withAvatar(w, w.victim.id)}` })).json()
      .avatarId as string;
    const victimEvent = (await createEvent(w.db, { responsibleClubId: w.clubC })).id;
    const plantedId = '00000000-0000-4000-8000-00000000dead';
    const plantedTime = '2001-02-03T04:05:06Z';
    const username = `planted-${uniqueSuffix()}@example.test`;
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$planted';
    planted = {
      id: plantedId,
      personId: w.victim.id,
      userId: w.victim.id,
      username,
      passwordHash: hash,
      state: 90,
      isAdmin: true,
      isCentralCommittee: true,
      roles: ['Admin', 'SuperAdmin', 'CentralExecutiveCommittee'],
      permissions: ['Admin', 'SuperAdmin'],
      isLocked: true,
      eventState: 40,
      eventRegistrationState: 30,
      paymentState: 20,
      responsibleClubId: w.clubC,
      primaryClubId: w.clubC,
      clubId: w.clubC,
      eventId: victimEvent,
      avatarId: victimFile,
      eventImageId: victimFile,
      competenceLogoId: victimFile,
      createdAt: plantedTime,
      updatedAt: plantedTime,
      createdBy: w.victim.id,
      updatedBy: w.victim.id,
      acceptedTermsAndConditionsAt: plantedTime,
      linkKeyHash: 'planted-link-key-hash',
      tokenHash: 'planted-token-hash',
    };
    distinctive = new Map([
      [plantedId, 'id'],
      [w.victim.id, 'the victim (personId, userId, createdBy)'],
      [w.clubC, 'club C (responsibleClubId, primaryClubId, clubId)'],
      [victimEvent, 'the victim event (eventId)'],
      [victimFile, "the victim's file (avatarId, eventImageId, competenceLogoId)"],
      [username, 'username'],
      [hash, 'passwordHash'],
      ['planted-link-key-hash', 'linkKeyHash'],
      ['planted-token-hash', 'tokenHash'],
    ]);
  });
  afterAll(() => w.t.close());

  /** Protected values that are not distinctive: a column set to them is a violation. */
  const protectedColumns: Record<string, { field: string; value: unknown }> = {
    is_admin: { field: 'isAdmin', value: true },
    is_central_committee: { field: 'isCentralCommittee', value: true },
    state: { field: 'state', value: 90 },
    is_locked: { field: 'isLocked', value: true },
    event_state: { field: 'eventState', value: 40 },
    event_registration_state: { field: 'eventRegistrationState', value: 30 },
    payment_state: { field: 'paymentState', value: 20 },
  };
  /** Routes whose very purpose is to change one of these columns (through another field). */
  const purposeOf: Record<string, string[]> = {
    'POST /api/v1/auth/toggle-role': ['is_admin', 'is_central_committee'],
    // Confirming is Pending -> Confirmed (30), whatever the body says.
    'PUT /api/v1/event-registration-public/:keyOrId/confirm': ['event_registration_state'],
    // Erasure leaves an archived placeholder of the person (docs/decisions/erasure.md).
    'PUT /api/v1/erasure-request/:id/execute': ['state'],
  };
  const isPlantedTime = (value: unknown) => typeof value === 'string' && value.startsWith('2001-02-03');

  /** The roles to try a route with: the least privileged one allowed, and the admin. */
  function callersOf(allowed: readonly ActorName[]): Role[] {
    const allowedRoles = roles.filter((role) => allowed.includes(role));
    const weakest = allowedRoles.find((role) => role !== 'admin');
    return [...new Set([weakest, allowedRoles.includes('admin') ? 'admin' : undefined])].filter(
      (role): role is Role => role !== undefined,
    );
  }

  /** Adds every protected field the route does not declare, on the body and on its list items. */
  function withPlanted(payload: object | undefined, declared: string[]) {
    const extra = Object.fromEntries(Object.entries(planted).filter(([field]) => !declared.includes(field)));
    const body: Record<string, unknown> = { ...(payload as Record<string, unknown> | undefined) };
    for (const [field, value] of Object.entries(body)) {
      if (Array.isArray(value) && value.every((item) => typeof item === 'object' && item !== null)) {
        body[field] = value.map((item: object) => ({ ...extra, ...item }));
      }
    }
    return { ...extra, ...body };
  }

  it('lets no protected field through on any write route', async () => {
    const violations: string[] = [];
    const uncovered: string[] = [];
    const statuses: Record<string, number> = {};
    let calls = 0;
    const writeRoutes = w.app.apiRoutes.filter((route) => route.method !== 'GET');
    for (const route of writeRoutes) {
      const key = `${route.method} ${route.url}`;
      const rule = permissionMatrix[key];
      // A route without its matrix row fails permission-matrix.test.ts; here it is only counted.
      if (!rule) {
        uncovered.push(key);
        continue;
      }
      const declared = bodyFieldsOf(operationOf(w.app, route));
      for (const role of callersOf(rule.allowed)) {
        const request = await rule.request(w.matrixWorld, role);
        const before = await snapshotDatabase(w.t.database);
        const res = await w.call(role, {
          method: route.method as InjectOptions['method'],
          url: request.url ?? route.url,
          payload: withPlanted(request.payload, declared),
        });
        calls++;
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        if (res.statusCode >= 500) violations.push(`${key} as ${role}: ${res.statusCode}`);
        for (const cell of changedCells(before, await snapshotDatabase(w.t.database))) {
          const where = `${key} as ${role}: ${cell.table}.${cell.column}`;
          const text = typeof cell.after === 'string' ? cell.after : JSON.stringify(cell.after);
          for (const [value, field] of distinctive) {
            if (text?.includes(value)) violations.push(`${where} took ${field}`);
          }
          if (isPlantedTime(cell.after)) violations.push(`${where} took the planted time`);
          const guarded = protectedColumns[cell.column];
          if (
            guarded &&
            cell.after === guarded.value &&
            !declared.includes(guarded.field) &&
            !purposeOf[key]?.includes(cell.column)
          ) {
            violations.push(`${where} set to ${String(guarded.value)} (${guarded.field})`);
          }
        }
        // A call may have ended the caller's session (logout, own password): sign in again.
        if (role !== 'anonymous') w.forgetToken(role);
      }
    }
    reportFigure(
      'mass assignment',
      `${writeRoutes.length} write routes, ${calls} calls with ${Object.keys(planted).length} protected fields ` +
        `(answers ${JSON.stringify(statuses)}): ${violations.length} protected values stored` +
        (uncovered.length ? `; not yet in the matrix: ${uncovered.join(', ')}` : ''),
    );
    expect(violations).toEqual([]);
  }, 600_000);
});
