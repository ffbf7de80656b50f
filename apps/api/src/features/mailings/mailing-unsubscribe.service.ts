import { languageCodeEnum } from '@bpw/domain/enums/language';
import { sql } from 'drizzle-orm';
import { notFound } from '../../platform/errors';
import type { FeatureDeps } from '../../platform/feature-deps';
import { verifyUnsubscribeToken } from './unsubscribe-token';
import { deleteSubscription, isSubscribed } from './mailing-lists.queries';

type Deps = Pick<FeatureDeps, 'db'>;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The list and person a token stands for (404 for a token that is not ours or a list gone). */
async function subscriptionOf(deps: Deps, token: string) {
  const recipientId = await verifyUnsubscribeToken(deps.db, token);
  if (!recipientId) throw notFound();
  const [row] = rowsOf<{
    list_id: string;
    list_name: string;
    club_name: string | null;
    person_id: string | null;
    language: string;
  }>(
    await deps.db.execute(sql`
      select l.id as list_id, l.name as list_name, c.name as club_name, r.person_id, r.language
      from mailing_recipients r
        join mailings m on m.id = r.mailing_id
        join mailing_lists l on l.id = m.mailing_list_id
        left join clubs c on c.id = l.club_id
      where r.id = ${recipientId}`),
  );
  if (!row) throw notFound();
  return row;
}

/** GET: what the page shows; changes nothing (mail scanners follow links). */
export async function getUnsubscribeInfo(deps: Deps, token: string) {
  const s = await subscriptionOf(deps, token);
  const subscribed =
    s.person_id !== null && (await isSubscribed(deps.db, { listId: s.list_id, personId: s.person_id }));
  // The language her mail was written for, so the page speaks it too (a code we do not know: none).
  const language = languageCodeEnum.is(s.language) ? s.language : null;
  return { listName: s.list_name, clubName: s.club_name, isSubscribed: subscribed, language };
}

/** POST (RFC 8058 one-click, or the page's button): takes her off the list; again is no error. */
export async function unsubscribe(deps: Deps, token: string) {
  const s = await subscriptionOf(deps, token);
  if (s.person_id !== null) await deleteSubscription(deps.db, { listId: s.list_id, personId: s.person_id });
}
