import type { Actor } from '@bpw/domain/actor';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type ActorKey, actorJson } from './actor.queries';
import { requireActor } from './auth-plugin';

/**
 * One round trip for the busiest reads (issue 20, docs/decisions/actor-check.md). A route with
 * `config.actorCheck` does not ask for the signed-in person's facts before its statement: it
 * runs with the facts her previous request found, and its statement reads her facts now as one
 * more column (`actorColumn`). The answer is sent only when the two are the same text, read in
 * the statement's own snapshot; else (or when no row came back to carry them) her facts are
 * read as on every other route, and the statement runs again with them if they changed.
 */
export type ActorCheck = {
  key: ActorKey;
  /** Called with the column's value of the statement's first row. */
  see: (text: string | null) => void;
};

/** What the auth hook leaves on a request that still has to confirm its actor. */
export type PendingActorCheck = {
  key: ActorKey;
  expected: string;
  /** Reads her facts now and admits (or refuses) the request with them; true when unchanged. */
  reload: () => Promise<boolean>;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's statement confirms the actor itself (`withCheckedActor`). */
    actorCheck?: boolean;
  }
  interface FastifyRequest {
    actorCheck?: PendingActorCheck;
  }
}

/** The placeholders' values of `actorColumn`: nulls (no row, nothing read) without a check. */
export const actorCheckValues = (check: ActorCheck | undefined) => ({
  actorPersonId: check?.key.personId ?? null,
  actorToday: check?.key.today ?? null,
  actorSessionId: check?.key.sessionId ?? null,
});

/** The column of a prepared statement that reads the actor's facts now. */
export const actorColumn = () =>
  actorJson({
    personId: sql.placeholder('actorPersonId'),
    today: sql.placeholder('actorToday'),
    sessionId: sql.placeholder('actorSessionId'),
  });

/**
 * Runs a read with the actor the auth hook admitted; when that was the previous request's
 * actor, the read's own statement must have seen the same facts, or it is run again with the
 * current ones (and refused, if she may no longer ask at all).
 */
export async function withCheckedActor<T>(
  request: FastifyRequest,
  read: (actor: Actor, check: ActorCheck | undefined) => Promise<T>,
): Promise<T> {
  const pending = request.actorCheck;
  if (!pending) return read(requireActor(request), undefined);
  request.actorCheck = undefined;
  let seen: string | null | undefined;
  const check: ActorCheck = { key: pending.key, see: (text) => (seen = text) };
  let outcome: { value: T } | { error: unknown };
  try {
    outcome = { value: await read(requireActor(request), check) };
  } catch (error) {
    outcome = { error };
  }
  if (seen !== pending.expected && !(await pending.reload())) return read(requireActor(request), undefined);
  if ('error' in outcome) throw outcome.error;
  return outcome.value;
}
