import type { AuditTrailEntry } from '@bpw/domain/schemas/audit-trail';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../../i18n/i18n';
import { auditActorText, auditEntryText } from './audit-entry-text';

const entry = (overrides: Partial<AuditTrailEntry>): AuditTrailEntry => ({
  id: '7f1c6c55-8d1a-4d3f-9a53-0a6c7a1b2c3d',
  at: '2026-05-04T10:00:00Z',
  action: 'updated',
  entity: 'person',
  actor: { id: '2b1c6c55-8d1a-4d3f-9a53-0a6c7a1b2c3d', firstname: 'Ada', lastname: 'Admin' },
  club: null,
  membershipType: null,
  outputFormat: null,
  rowCount: null,
  isComplete: null,
  ...overrides,
});

describe('change history texts', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('de-CH');
  });
  const t = i18n.getFixedT('de-CH');

  it('names the leave and erasure requests and the erasure (issue 25)', () => {
    expect(auditEntryText(entry({ entity: 'leaveRequest', action: 'requested' }), t)).toBe(
      'Austritt aus einem Club beantragt',
    );
    expect(auditEntryText(entry({ entity: 'erasureRequest', action: 'declined' }), t)).toBe('Löschgesuch abgelehnt');
    expect(auditEntryText(entry({ action: 'erased' }), t)).toBe('Personendaten gelöscht');
  });

  it('names what happened, with the club and role or the export', () => {
    expect(auditEntryText(entry({ action: 'archived' }), t)).toBe('Archiviert');
    expect(
      auditEntryText(
        entry({ entity: 'clubRelation', action: 'created', club: { id: 'c', name: 'BPW Bern' }, membershipType: 0 }),
        t,
      ),
    ).toBe('Clubrolle hinzugefügt: BPW Bern, Einzelmitglied');
    expect(
      auditEntryText(
        entry({ entity: 'persons', action: 'exported', outputFormat: 10, rowCount: 42, isComplete: false }),
        t,
      ),
    ).toMatch(/^In Export enthalten: .+, 42 Personen \(abgebrochen\)$/);
  });

  it('names changes of contact data, the avatar and the sign-in data', async () => {
    await i18n.loadLanguages('en-US');
    expect(auditEntryText(entry({ entity: 'address', action: 'created' }), t)).toBe('Adresse hinzugefügt');
    expect(auditEntryText(entry({ entity: 'addressEmail', action: 'updated' }), t)).toBe('E-Mail-Adresse geändert');
    expect(auditEntryText(entry({ entity: 'addressPhone', action: 'deleted' }), t)).toBe('Telefonnummer gelöscht');
    expect(auditEntryText(entry({ entity: 'addressUrl', action: 'created' }), t)).toBe('Webadresse hinzugefügt');
    expect(auditEntryText(entry({ entity: 'avatar', action: 'updated' }), t)).toBe('Profilbild geändert');
    expect(auditEntryText(entry({ entity: 'account', action: 'updated' }), t)).toBe(
      'Anmeldedaten geändert (Benutzername oder Passwort)',
    );
    // An action the entity does not have reads plainly, not as a missing key.
    expect(auditEntryText(entry({ entity: 'avatar', action: 'created' }), t)).toBe('avatar: created');
    expect(auditEntryText(entry({ entity: 'address', action: 'deleted' }), i18n.getFixedT('en-US'))).toBe(
      'Address deleted',
    );
  });

  it('has a text for every known entity and action in every locale', async () => {
    await i18n.loadLanguages(['fr-CH', 'it-CH', 'en-US']);
    const entities = {
      address: ['created', 'updated', 'deleted'],
      addressEmail: ['created', 'updated', 'deleted'],
      addressPhone: ['created', 'updated', 'deleted'],
      addressUrl: ['created', 'updated', 'deleted'],
      avatar: ['updated', 'deleted'],
      account: ['updated'],
    };
    for (const locale of ['de-CH', 'fr-CH', 'it-CH', 'en-US']) {
      for (const [entity, actions] of Object.entries(entities)) {
        for (const action of actions) {
          const key = `personPrivacy.action.${entity}.${action}`;
          expect(i18n.exists(key, { lng: locale }), `${locale} ${key}`).toBe(true);
          expect(auditEntryText(entry({ entity, action }), i18n.getFixedT(locale))).not.toContain(':');
        }
      }
    }
  });

  it('says when the club or the actor was deleted, and reads unknown entries plainly', () => {
    expect(
      auditEntryText(entry({ entity: 'clubRelation', action: 'deleted', club: { id: 'c', name: null } }), t),
    ).toMatch(/^Clubrolle entfernt: Gelöschter Club/);
    expect(auditActorText(entry({ actor: { id: 'x', firstname: null, lastname: null } }), t)).toBe('Gelöschte Person');
    expect(auditActorText(entry({ actor: null }), t)).toBe('System');
    expect(auditEntryText(entry({ entity: 'event', action: 'created' }), t)).toBe('event: created');
  });
});
