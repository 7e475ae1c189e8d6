import type { WebSocket } from 'ws';

/** The connector handles frames in order, so a heartbeat's answer means everything before it is stored. */
export function drained(ws: WebSocket): Promise<void> {
  return new Promise((done) => {
    const onMessage = (data: Buffer) => {
      if (JSON.parse(data.toString()).type !== 'heartbeat') return;
      ws.off('message', onMessage);
      done();
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ type: 'heartbeat' }));
  });
}
