/** Moves a finished trace to the connector: gzipped here, in base64 chunks well under the WS frame cap. */

const CHUNK_BYTES = 1024 * 1024;

export type FrameSender = (frame: object) => boolean;

async function gzip(text: string): Promise<Uint8Array> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Sends the trace file (DevTools' `{traceEvents, metadata}` form) as `trace-chunk` frames; the command's reply follows them. */
export async function uploadTrace(
  file: object,
  transferId: string,
  send: FrameSender,
): Promise<{ chunks: number; bytes: number }> {
  const gz = await gzip(JSON.stringify(file));
  let chunks = 0;
  for (let offset = 0; offset < gz.length; offset += CHUNK_BYTES) {
    const sent = send({
      type: 'trace-chunk',
      transferId,
      index: chunks++,
      data: toBase64(gz.subarray(offset, offset + CHUNK_BYTES)),
    });
    if (!sent) throw new Error('The connection to the connector closed while the trace was sent. Retry.');
  }
  return { chunks, bytes: gz.length };
}
