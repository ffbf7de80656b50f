import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { pgliteExtensions } from '../../apps/api/src/db/client';

/**
 * Bulk loading into either database: COPY FROM STDIN on PostgreSQL (the wire protocol, through a
 * small `pg` submittable, so no extra package), COPY FROM '/dev/blob' on PGlite, one batch at
 * a time. Foreign-key triggers are switched off for the load (session_replication_role), since
 * persons and their primary address point at each other and the generator keeps them consistent.
 */
export type Loader = {
  kind: 'postgres' | 'pglite';
  exec: (text: string) => Promise<{ rows: Record<string, unknown>[] }>;
  copy: (table: string, columns: readonly string[], text: string) => Promise<void>;
  close: () => Promise<void>;
};

type PgConnection = {
  query: (text: string) => void;
  sendCopyFromChunk: (chunk: Buffer) => void;
  endCopyFrom: () => void;
};

/** A `client.query()` submittable that runs one COPY ... FROM STDIN with the given text. */
class CopyIn {
  private error: Error | undefined;
  readonly done: Promise<void>;
  private settle!: (error?: Error) => void;
  constructor(
    private readonly text: string,
    private readonly data: Buffer,
  ) {
    this.done = new Promise((resolve, reject) => {
      this.settle = (error) => (error ? reject(error) : resolve());
    });
  }
  submit(connection: PgConnection) {
    connection.query(this.text);
  }
  handleCopyInResponse(connection: PgConnection) {
    const chunk = 1 << 20;
    for (let at = 0; at < this.data.length; at += chunk)
      connection.sendCopyFromChunk(this.data.subarray(at, at + chunk));
    connection.endCopyFrom();
  }
  handleError(error: Error) {
    this.error = error;
  }
  handleReadyForQuery() {
    this.settle(this.error);
  }
  handleCommandComplete() {}
  handleRowDescription() {}
  handleDataRow() {}
  handleEmptyQuery() {}
  handleCopyData() {}
  handlePortalSuspended() {}
}

const quoted = (columns: readonly string[]) => columns.map((c) => `"${c}"`).join(', ');

export async function openPostgresLoader(databaseUrl: string): Promise<Loader> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return {
    kind: 'postgres',
    exec: async (text) => ({ rows: (await client.query(text)).rows as Record<string, unknown>[] }),
    copy: async (table, columns, text) => {
      if (!text) return;
      const copy = new CopyIn(`COPY "${table}" (${quoted(columns)}) FROM STDIN`, Buffer.from(text));
      client.query(copy as never);
      await copy.done;
    },
    close: () => client.end(),
  };
}

export function openPgliteLoader(pglite: PGlite): Loader {
  return {
    kind: 'pglite',
    exec: async (text) => {
      const results = await pglite.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
    copy: async (table, columns, text) => {
      if (!text) return;
      await pglite.query(`COPY "${table}" (${quoted(columns)}) FROM '/dev/blob'`, [], { blob: new Blob([text]) });
    },
    close: async () => undefined,
  };
}

export async function openPglite(dir: string): Promise<PGlite> {
  fs.mkdirSync(dir, { recursive: true });
  return PGlite.create(dir, { extensions: pgliteExtensions });
}
