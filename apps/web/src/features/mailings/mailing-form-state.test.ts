import { describe, expect, it } from 'vitest';
import {
  emptyTexts,
  formatBytes,
  initialAudience,
  isAudienceComplete,
  languagesWithoutSubject,
  parsePersonFilter,
  toMailingWrite,
  withClubLimit,
} from './mailing-form-state';
import { progressPercent } from './mailing-progress';

const club = '0b7c3c4e-7a51-4d57-9a52-1f7a39b0d001';

describe('the compose form', () => {
  it('sends only the languages that hold a text, subjects trimmed', () => {
    const texts = emptyTexts();
    texts.de = { subject: ' Einladung ', body: 'Liebe {firstName}' };
    texts.fr = { subject: 'Invitation', body: '' };
    const write = toMailingWrite({ kind: 'club', clubId: club }, false, texts);
    expect(write.texts).toEqual([
      { language: 'de', subject: 'Einladung', body: 'Liebe {firstName}' },
      { language: 'fr', subject: 'Invitation', body: '' },
    ]);
  });

  it('names the languages whose body is written without a subject', () => {
    const texts = emptyTexts();
    texts.it = { subject: '  ', body: 'Testo' };
    expect(languagesWithoutSubject(texts)).toEqual(['it']);
  });

  it('takes the persons list filter from the address, without sort and paging', () => {
    const filter = JSON.stringify({ Clubs: [club], Name: 'mül', SortBy: ['firstname'], Page: 2, Zip: '' });
    const params = new URLSearchParams({ kind: 'persons', filter });
    expect(initialAudience(params, club)).toEqual({
      kind: 'persons',
      clubId: club,
      filter: { Clubs: [club], Name: 'mül' },
    });
    expect(parsePersonFilter('not json')).toBeNull();
    expect(parsePersonFilter('[1]')).toBeNull();
  });

  it('starts with the club given in the address, else the first club, and needs an event or list chosen', () => {
    expect(initialAudience(new URLSearchParams(), club)).toEqual({ kind: 'club', clubId: club });
    expect(initialAudience(new URLSearchParams(), null)).toBeNull();
    const event = initialAudience(new URLSearchParams({ kind: 'event' }), null);
    expect(isAudienceComplete(event)).toBe(false);
    expect(isAudienceComplete(initialAudience(new URLSearchParams({ kind: 'list', listId: club }), null))).toBe(true);
  });

  it('limits a club manager’s unrestricted person filter to the sending club', () => {
    const audience = { kind: 'persons' as const, clubId: club, filter: { Name: 'x' } };
    expect(withClubLimit(audience, false)).toEqual({ ...audience, filter: { Name: 'x', Clubs: [club] } });
    expect(withClubLimit(audience, true)).toBe(audience);
  });

  it('shows sizes in B, kB and MB', () => {
    expect(formatBytes(512, 'en-US')).toBe('512 B');
    expect(formatBytes(2048, 'en-US')).toBe('2 kB');
    expect(formatBytes(10 * 1024 * 1024, 'en-US')).toBe('10 MB');
  });
});

describe('the send progress', () => {
  const counts = { queued: 0, handed: 0, sent: 0, failed: 0, skipped: 0, cancelled: 0 };
  const progress = { state: 'sending' as const, total: 10, counts, withoutConsent: 0, withoutEmail: 0, jobId: null };
  it('is the share through of those the mailing goes to (left-out ones do not count)', () => {
    expect(progressPercent({ ...progress, counts: { ...counts, sent: 3, failed: 1, skipped: 2 } })).toBe(50);
    expect(progressPercent({ ...progress, total: null })).toBeUndefined();
    expect(progressPercent({ ...progress, state: 'sent' })).toBe(100);
    expect(progressPercent({ ...progress, counts: { ...counts, skipped: 10 } })).toBe(100);
  });
});
