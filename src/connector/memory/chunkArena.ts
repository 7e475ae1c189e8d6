/** Where one stored text lives in the arena. */
export interface TextLocation {
  chunk: number;
  offset: number;
  length: number;
}

interface Chunk {
  bytes: Buffer;
  used: number;
  /** Texts in this chunk not released yet. */
  live: number;
}

/**
 * Texts (UTF-8) written into large byte chunks and released oldest first, so a buffer's memory is a
 * few chunks outside the JS heap that the collector never walks, and what it holds is counted exactly:
 * `heldBytes` is the size of the chunks that hold texts, not an estimate. A chunk goes once every text
 * in it is released. The last one to go is kept as a spare (at most one, outside `heldBytes`), so a
 * full buffer that keeps evicting reuses it instead of leaving dead chunks for the collector.
 */
export class ChunkArena {
  /** Oldest first; `chunks[i]` has the id `firstId + i`. */
  private chunks: Chunk[] = [];
  private firstId = 0;
  private spare: Buffer | undefined;
  private held = 0;

  constructor(private readonly chunkSize: number) {}

  /** Bytes of the chunks that hold texts. */
  get heldBytes(): number {
    return this.held;
  }

  /**
   * Room for one stored text of `length` bytes: fills `location` and returns the chunk to write it
   * into at `location.offset`. The caller writes exactly `length` bytes there.
   */
  reserve(length: number, location: TextLocation): Buffer {
    let last = this.chunks[this.chunks.length - 1];
    if (!last || last.bytes.length - last.used < length) last = this.addChunk(length);
    location.chunk = this.firstId + this.chunks.length - 1;
    location.offset = last.used;
    location.length = length;
    last.used += length;
    last.live++;
    return last.bytes;
  }

  read(chunk: number, offset: number, length: number): string {
    return this.chunks[chunk - this.firstId]!.bytes.toString('utf8', offset, offset + length);
  }

  /** One text of `chunk` is gone; frees the oldest chunks that hold nothing any more. */
  release(chunk: number): void {
    this.chunks[chunk - this.firstId]!.live--;
    while (this.chunks.length > 0 && this.chunks[0]!.live === 0) {
      const oldest = this.chunks[0]!;
      if (this.chunks.length === 1) {
        oldest.used = 0; // the chunk being written: start it over instead of freeing it
        return;
      }
      this.chunks.shift();
      this.firstId++;
      this.recycle(oldest.bytes);
    }
  }

  clear(): void {
    this.firstId += this.chunks.length;
    this.chunks = [];
    this.spare = undefined;
    this.held = 0;
  }

  private addChunk(atLeast: number): Chunk {
    let bytes: Buffer;
    if (atLeast <= this.chunkSize && this.spare) {
      bytes = this.spare;
      this.spare = undefined;
    } else {
      // Not from Node's shared pool: each chunk is its own allocation, freed with it.
      bytes = Buffer.allocUnsafeSlow(Math.max(this.chunkSize, atLeast));
    }
    this.held += bytes.length;
    const chunk = { bytes, used: 0, live: 0 };
    this.chunks.push(chunk);
    return chunk;
  }

  /** Keeps one standard chunk for the next append; oversized ones and a second spare are freed. */
  private recycle(bytes: Buffer): void {
    this.held -= bytes.length;
    if (!this.spare && bytes.length === this.chunkSize) this.spare = bytes;
  }
}
