import type { Db } from '../client';

/** Filled in by the demo-data module; see docs/decisions.md. */
export async function seedDemoDataIfEmpty(_db: Db): Promise<boolean> {
  return false;
}
