/** A small in-process cache whose entries expire; the oldest entry goes when it is full. */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();
  constructor(private readonly options: { ttlMs: number; maxEntries: number; now?: () => number }) {}

  private now() {
    return this.options.now?.() ?? Date.now();
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Replaces the value of an entry that is still there, keeping its expiry. */
  update(key: string, value: V) {
    const entry = this.entries.get(key);
    if (entry) entry.value = value;
    else this.set(key, value);
  }

  set(key: string, value: V) {
    this.entries.delete(key);
    if (this.entries.size >= this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, expiresAt: this.now() + this.options.ttlMs });
  }
}
