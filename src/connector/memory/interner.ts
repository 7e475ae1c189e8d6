/**
 * Shares one string instance between entries that repeat a value (a page load id, a level, a method),
 * so the index keeps one copy. Bounded: past `max` distinct values it starts over.
 */
export class Interner {
  private readonly known = new Map<string, string>();

  constructor(private readonly max = 1024) {}

  intern<T>(value: T): T {
    if (typeof value !== 'string') return value;
    const known = this.known.get(value);
    if (known !== undefined) return known as T;
    if (this.known.size >= this.max) this.known.clear();
    this.known.set(value, value);
    return value;
  }
}
