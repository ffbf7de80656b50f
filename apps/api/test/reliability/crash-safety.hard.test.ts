import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ApiProcess, freePort, startApiProcess } from './api-process';
import { checkCrashInvariants } from './crash-invariants';
import { seedCrashWorld } from './crash-world';
import { type Acknowledged, type WriteOutcome, performWrite, writeKinds } from './crash-writes';
import { reportFigure } from './figures';
import { startSmtpSink } from './smtp-sink';
import { type TargetDatabase, createTargetDatabase, databaseKinds } from './target-database';

/**
 * Issue 9, crash safety: the real API is killed with SIGKILL at random moments while clients
 * send 1,000 multi-row writes; after each kill it is started again on the same database. After
 * the last one: no transaction left half its rows, nothing acknowledged is missing, and the mail
 * outbox delivered every mail to a real SMTP peer, a mail at most twice when a kill cut its
 * sending short (its Message-ID is the same both times).
 */
const TOTAL_WRITES = Number(process.env.CRASH_WRITES ?? 1000);
const CONCURRENT_CLIENTS = 6;
/**
 * How long each server lives: until it has acknowledged a random number of writes between these,
 * then a random few milliseconds more, so the kill lands among the requests in flight.
 */
const WRITES_PER_LIFE = [20, 160] as const;
/** The outbox's lease: a mail claimed by a killed server is sent again after it (outbox.ts). */
// The servers' MAIL_LEASE_SECONDS: a killed sender's mails are taken over after 30 s, not 120.
const OUTBOX_LEASE_MS = 30_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const random = (min: number, max: number) => min + Math.random() * (max - min);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

describe.each(databaseKinds)('crash safety on %s (SIGKILL during writes)', (kind) => {
  let target: TargetDatabase | undefined;
  let api: ApiProcess | undefined;
  afterAll(async () => {
    api?.kill('SIGKILL');
    await api?.exited;
    await target?.drop();
  });

  it('loses no acknowledged write, leaves no partial record, and the outbox loses no mail', async () => {
    target = await createTargetDatabase(kind, 'crash');
    const world = await seedCrashWorld(target);
    const smtp = await startSmtpSink();
    // The servers' logs (warnings and errors, never personal data), read when a write failed.
    const logFile = path.join(target.dataDir, 'api.log');
    const env = {
      ...target.env,
      PORT: String(await freePort()),
      SMTP_URL: smtp.url,
      JWT_SECRET: 'crash-test-secret-crash-test-secret-42',
      MAIL_LEASE_SECONDS: String(OUTBOX_LEASE_MS / 1000),
      ACCESS_TOKEN_TTL_SECONDS: '7200',
    };

    // The server generations: each starts, lives a random while, and is killed.
    let current = startApiProcess(env, { logFile });
    api = current;
    await current.ready;
    const signIn = await fetch(`${current.baseUrl}/api/v1/auth/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...world.admin, acceptedTermsAndConditions: true }),
    });
    expect(signIn.status).toBe(200);
    const adminToken = ((await signIn.json()) as { token: string }).token;

    const acknowledged: Acknowledged = {
      persons: [],
      addressIds: [],
      registrationIds: [],
      invitationsByPerson: new Map(),
    };
    const unexpected: WriteOutcome[] = [];
    let attempts = 0;
    let interrupted = 0;
    let kills = 0;
    let acknowledgedInLife = 0;
    const startSeconds: number[] = [];
    let spawnedAt = Date.now();
    let lastKillAt = Date.now();
    let isDone = false;
    let fatal: unknown;
    const started = Date.now();

    const client = async () => {
      while (attempts < TOTAL_WRITES && !fatal) {
        const n = attempts++;
        const server = current;
        await server.ready.catch(() => undefined);
        const outcome = await performWrite({
          baseUrl: server.baseUrl,
          adminToken,
          world,
          kind: writeKinds[n % writeKinds.length]!,
          n,
          acknowledged,
        });
        if (outcome === 'interrupted') {
          interrupted++;
          // Wait for the next generation rather than spinning against a dead port.
          while (current === server && !isDone) await sleep(50);
        } else if (outcome === 'acknowledged') acknowledgedInLife++;
        else unexpected.push(outcome);
      }
    };
    const killer = async () => {
      while (!isDone) {
        // A server that cannot start again on its database is the failure this test looks for.
        await current.ready.catch((error: unknown) => {
          fatal = error;
          isDone = true;
        });
        if (isDone) return;
        if (kills > 0) startSeconds.push((Date.now() - spawnedAt) / 1000);
        acknowledgedInLife = 0;
        const lifeWrites = Math.round(random(...WRITES_PER_LIFE));
        while (acknowledgedInLife < lifeWrites && !isDone) await sleep(5);
        if (isDone) return;
        await sleep(random(0, 30));
        current.kill('SIGKILL');
        await current.exited;
        kills++;
        lastKillAt = Date.now();
        spawnedAt = Date.now();
        current = startApiProcess(env, { logFile });
        api = current;
      }
    };
    const killing = killer();
    await Promise.all(Array.from({ length: CONCURRENT_CLIENTS }, client));
    isDone = true;
    await killing;
    if (fatal) throw fatal;
    await current.ready;
    const writeSeconds = (Date.now() - started) / 1000;

    // Mails claimed by a killed server are due again once their lease ends; then the last
    // server has sent everything when no new mail arrives for a few seconds.
    await sleep(Math.max(0, lastKillAt + OUTBOX_LEASE_MS + 5000 - Date.now()));
    for (let seen = -1; seen !== smtp.messageIds.length;) {
      seen = smtp.messageIds.length;
      await sleep(5000);
    }
    current.kill('SIGTERM');
    await current.exited;
    api = undefined;
    await smtp.close();

    const database = await target.open();
    const check = await checkCrashInvariants(database, { eventId: world.eventId, acknowledged });
    await database.close();

    // The Message-ID is the outbox id on the mail domain (issue 27).
    const outboxIdOf = (messageId: string) => /^<([^@>]+)@/.exec(messageId)?.[1] ?? messageId;
    const delivered = new Set(smtp.messageIds.map(outboxIdOf));
    const expectedIds = new Set(check.outboxIds);
    const lostMails = [...expectedIds].filter((id) => !delivered.has(id)).length;
    const strangerMails = [...delivered].filter((id) => !expectedIds.has(id)).length;
    const duplicates = smtp.messageIds.length - delivered.size;
    const partialRecords = Object.values(check.partial).reduce((a, b) => a + b, 0);

    reportFigure(
      'crash safety',
      kind === 'pglite' ? 'pglite' : 'postgresql',
      `${attempts} writes in ${writeSeconds.toFixed(0)} s, ${kills} SIGKILLs, ${interrupted} cut off, ` +
        `restart to ready ${median(startSeconds).toFixed(1)} s (median); ` +
        `${partialRecords} partial records, ${check.lostAcknowledged} acknowledged writes lost; ` +
        `${check.counts.mails} mails: ${lostMails} lost, ${duplicates} sent twice (≤ ${kills} kills)`,
    );
    if (unexpected.length > 0) process.stdout.write(`API log:\n${fs.readFileSync(logFile, 'utf8').slice(-5000)}\n`);
    expect(unexpected, JSON.stringify(unexpected.slice(0, 3))).toEqual([]);
    expect(kills).toBeGreaterThanOrEqual(TOTAL_WRITES >= 500 ? 5 : 1);
    expect(check.partial).toEqual({
      personsWithoutAccountRelationOrAudit: 0,
      addressesWithoutAllEntries: 0,
      registrationsWithoutBothValues: 0,
      registrationsWithoutMail: 0,
      passwordLinksWithoutMail: 0,
      mailsWithoutTheirRow: 0,
    });
    expect(check.lostAcknowledged).toBe(0);
    expect(check.counts.registrations).toBeGreaterThan(0);
    expect(check.counts.passwordLinks).toBeGreaterThan(0);
    expect(check.mailStatuses).toEqual({ sent: check.counts.mails });
    expect(lostMails).toBe(0);
    expect(strangerMails).toBe(0);
    // The worker sends one mail at a time, so a kill can interrupt at most one send.
    expect(duplicates).toBeLessThanOrEqual(kills);
  });
});
