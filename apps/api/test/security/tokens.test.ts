import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens } from '../../src/db/schema/accounts';
import { hashToken } from '../../src/platform/auth/secure-tokens';
import { createPerson, nextIp, signIn } from '../factories';
import { reportFigure } from './figures';
import {
  appClaims,
  attackerEs256,
  attackerPublicPem,
  attackerRs256,
  hmacJwt,
  unsigned,
  withClaims,
} from './forged-tokens';
import { type SecurityWorld, createSecurityWorld } from './security-world';

/** ASVS V9 (self-contained tokens) and V7 (sessions): forged tokens, refresh rotation and reuse. */
describe('tokens: forged JWTs, refresh reuse, parallel refresh, archived and deleted persons', () => {
  let w: SecurityWorld;
  let now = new Date();
  beforeAll(async () => {
    w = await createSecurityWorld({ now: () => now });
  });
  afterAll(() => w.t.close());

  const key = () => new TextEncoder().encode(w.t.config.jwtSecret!);
  const getSelf = (token: string, personId: string) =>
    w.app.inject({ url: `/api/v1/person/${personId}`, headers: { authorization: `Bearer ${token}` } });
  const refresh = (refreshToken: string, jwtToken: string) =>
    w.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: { 'x-forwarded-for': nextIp() },
      payload: { refreshToken, jwtToken },
    });
  const streamTicket = async (token: string) =>
    (
      await w.app.inject({
        method: 'POST',
        url: '/api/v1/notification/stream-ticket',
        headers: { authorization: `Bearer ${token}` },
      })
    ).json().ticket as string;

  it('refuses every forged, tampered, expired or misdirected access token', async () => {
    const person = await createPerson(w.db, { clubId: w.clubA });
    const admin = w.actors.admin;
    const session = await signIn(w.app, person.username, person.password);
    const claims = appClaims(person.id, now);
    const at = { alg: 'HS256', typ: 'at+jwt' };
    const secondsNow = Math.floor(now.getTime() / 1000);
    const revoked = await signIn(w.app, person.username, person.password);
    await w.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { authorization: `Bearer ${revoked.token}` },
      payload: { userId: person.id, refreshToken: revoked.refreshToken },
    });

    const forged: Record<string, string> = {
      'alg none': unsigned('none', claims),
      'alg None (case variant)': unsigned('None', claims),
      'alg none with a signature kept': `${unsigned('none', claims)}${session.token.split('.')[2]}`,
      'wrong key': hmacJwt(at, claims, 'another-secret-another-secret-1234567'),
      'empty key': hmacJwt(at, claims, ''),
      'HS384 with the right key': hmacJwt({ ...at, alg: 'HS384' }, claims, key(), 'sha384'),
      'HS512 with the right key': hmacJwt({ ...at, alg: 'HS512' }, claims, key(), 'sha512'),
      'RS256 by an attacker, key embedded as jwk': attackerRs256(claims),
      'ES256 by an attacker': attackerEs256(claims),
      'alg confusion: RS256 header, HMAC with the real key': hmacJwt({ ...at, alg: 'RS256' }, claims, key()),
      'alg confusion: HS256 keyed with a public key PEM': hmacJwt(at, claims, attackerPublicPem),
      'kid path traversal, empty key': hmacJwt({ ...at, kid: '../../../../dev/null' }, claims, ''),
      'unknown critical header': hmacJwt({ ...at, crit: ['exp-ext'], 'exp-ext': 1 }, claims, key()),
      expired: hmacJwt(at, { ...claims, iat: secondsNow - 1200, exp: secondsNow - 600 }, key()),
      'not yet valid (nbf)': hmacJwt(at, { ...claims, nbf: secondsNow + 3600 }, key()),
      'wrong audience': hmacJwt(at, { ...claims, aud: 'bpw-notification-stream' }, key()),
      'wrong issuer': hmacJwt(at, { ...claims, iss: 'someone-else' }, key()),
      'wrong type JWT': hmacJwt({ ...at, typ: 'JWT' }, claims, key()),
      'a stream ticket as access token': await streamTicket(session.token),
      'tampered sub (the admin)': withClaims(session.token, (c) => ({ ...c, sub: admin.id })),
      'tampered permissions Admin': withClaims(session.token, (c) => ({
        ...c,
        permissions: ['Admin'],
        roles: ['Admin'],
      })),
      'tampered exp (a year)': withClaims(session.token, (c) => ({ ...c, exp: secondsNow + 365 * 86400 })),
      'signature stripped': `${session.token.split('.').slice(0, 2).join('.')}.`,
      'no session id': hmacJwt(at, { ...claims, sid: undefined }, key()),
      'sub not a uuid': hmacJwt(at, { ...claims, sub: 'admin' }, key()),
      'sub of nobody': hmacJwt(at, appClaims('00000000-0000-4000-8000-000000000000', now), key()),
      'the refresh token as bearer': session.refreshToken,
      'a logged-out session': revoked.token,
      'four parts': `${session.token}.${session.token.split('.')[2]}`,
    };
    const accepted: string[] = [];
    for (const [name, token] of Object.entries(forged)) {
      const res = await getSelf(token, person.id);
      if (res.statusCode !== 401) accepted.push(`${name}: ${res.statusCode}`);
      const isExpiry = name === 'expired';
      if (Boolean(res.headers['token-expired']) !== isExpiry) accepted.push(`${name}: Token-Expired header wrong`);
    }
    // The same forged tokens as the refresh call's jwtToken: no successor for anyone.
    for (const [name, token] of Object.entries(forged)) {
      // Genuine tokens of the app that are merely old (or not yet valid) still prove who signed in.
      if (['expired', 'not yet valid (nbf)', 'a logged-out session'].includes(name)) continue;
      const res = await refresh(session.refreshToken, token);
      if (res.statusCode !== 401) accepted.push(`refresh with ${name}: ${res.statusCode}`);
    }
    expect((await getSelf(session.token, person.id)).statusCode, 'the genuine token still works').toBe(200);
    reportFigure(
      'forged access tokens',
      `${Object.keys(forged).length} bad JWTs on a signed-in route and as refresh proof: ${accepted.length} accepted`,
    );
    expect(accepted).toEqual([]);
  });

  it('revokes the whole chain when a used refresh token comes back', async () => {
    const person = await createPerson(w.db, { clubId: w.clubA });
    const first = await signIn(w.app, person.username, person.password);
    const second = (await refresh(first.refreshToken, first.token)).json();
    const third = (await refresh(second.refreshToken, second.token)).json();
    expect((await getSelf(third.token, person.id)).statusCode).toBe(200);

    const replay = await refresh(first.refreshToken, first.token);
    const afterReplay = {
      replay: replay.statusCode,
      newestRefresh: (await refresh(third.refreshToken, third.token)).statusCode,
      newestAccess: (await getSelf(third.token, person.id)).statusCode,
    };
    reportFigure(
      'refresh reuse',
      `replay ${afterReplay.replay}; newest refresh then ${afterReplay.newestRefresh}, newest access token ${afterReplay.newestAccess}`,
    );
    expect(afterReplay).toEqual({ replay: 401, newestRefresh: 401, newestAccess: 401 });
  });

  it('lets at most one of 20 parallel refreshes of one token through', async () => {
    const person = await createPerson(w.db, { clubId: w.clubA });
    const tokens = await signIn(w.app, person.username, person.password);
    const answers = await Promise.all(Array.from({ length: 20 }, () => refresh(tokens.refreshToken, tokens.token)));
    const successes = answers.filter((res) => res.statusCode === 200).length;
    const [parent] = await w.db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(tokens.refreshToken)));
    const successors = await w.db.select().from(refreshTokens).where(eq(refreshTokens.parentId, parent!.id));
    reportFigure(
      'parallel refresh',
      `20 parallel refreshes of one token: ${successes} answered, ${successors.length} successor stored`,
    );
    expect(answers.every((res) => res.statusCode === 200 || res.statusCode === 401)).toBe(true);
    expect(successes).toBeLessThanOrEqual(1);
    expect(successors.length).toBeLessThanOrEqual(1);
  });

  it('refuses a stolen refresh token proven with another person’s access token, and leaves it usable', async () => {
    const victim = await createPerson(w.db, { clubId: w.clubA });
    const thief = await createPerson(w.db, { clubId: w.clubB });
    const victimTokens = await signIn(w.app, victim.username, victim.password);
    const thiefTokens = await signIn(w.app, thief.username, thief.password);
    expect((await refresh(victimTokens.refreshToken, thiefTokens.token)).statusCode).toBe(401);
    expect((await refresh(victimTokens.refreshToken, victimTokens.token)).statusCode).toBe(200);
  });

  it('ends an archived or deleted person’s sign-in at once, refresh included', async () => {
    const results: Record<string, number> = {};
    for (const change of ['archive', 'delete'] as const) {
      const person = await createPerson(w.db, { clubId: w.clubA });
      const tokens = await signIn(w.app, person.username, person.password);
      const res = await w.call('admin', {
        method: change === 'archive' ? 'PUT' : 'DELETE',
        url: change === 'archive' ? `/api/v1/person/${person.id}/state` : `/api/v1/person/${person.id}`,
        ...(change === 'archive' ? { payload: { state: 90 } } : {}),
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
      results[`${change}: refresh`] = (await refresh(tokens.refreshToken, tokens.token)).statusCode;
      results[`${change}: access token`] = (await getSelf(tokens.token, person.id)).statusCode;
    }
    reportFigure(
      'archived or deleted person',
      Object.entries(results)
        .map(([k, v]) => `${k} ${v}`)
        .join(', '),
    );
    expect(Object.values(results)).toEqual([401, 401, 401, 401]);
  });

  it('ends a sign-in at its absolute lifetime, however often it was refreshed', async () => {
    const person = await createPerson(w.db, { clubId: w.clubA });
    let tokens = await signIn(w.app, person.username, person.password);
    const start = now;
    try {
      for (const day of [10, 20, 29]) {
        now = new Date(start.getTime() + day * 86_400_000);
        const res = await refresh(tokens.refreshToken, tokens.token);
        expect(res.statusCode).toBe(200);
        tokens = res.json();
      }
      now = new Date(start.getTime() + 30 * 86_400_000 + 1000);
      expect((await refresh(tokens.refreshToken, tokens.token)).statusCode).toBe(401);
    } finally {
      now = start;
    }
  });
});
