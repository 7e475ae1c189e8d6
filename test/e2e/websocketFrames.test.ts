import assert from 'node:assert/strict';
import type { StoredWebSocketEvent } from '../../src/shared/protocol';
import { WS_FRAMES_PER_CONNECTION } from '../../src/shared/websockets';
import { get } from '../support/http';
import { TestSocket } from '../support/wsClient';
import { actRig } from './support/actRig';
import { until } from './support/chromium';
import { startEchoSocketServer, type EchoSocketServer } from './support/echoSocketServer';

describe('WebSocket frames: passive capture by the page hook, served over HTTP, MCP and /ws', function () {
  this.timeout(90_000);
  const rig = actRig();
  let echo: EchoSocketServer;
  before(async () => (echo = await startEchoSocketServer()));
  after(() => echo?.close());

  const events = async (query: string): Promise<StoredWebSocketEvent[]> =>
    (await get(rig.connector.port, `/websocket-frames?limit=1000&${query}`)).json.frames;

  it('lists every frame once, in order, with its direction: text and binary, open and close', async () => {
    const live = await TestSocket.open(`ws://127.0.0.1:${rig.connector.port}/ws`);
    live.send({ type: 'subscribe' });
    const page = await rig.open('/mocks.html');
    await page.evaluate(async (url) => {
      const socket = new WebSocket(`${url}?chat`);
      const received: unknown[] = [];
      socket.onmessage = (event) => received.push(event.data);
      await new Promise((resolve) => (socket.onopen = resolve));
      socket.send('hello');
      socket.send(new Uint8Array([1, 2, 3, 255]));
      socket.send('x'.repeat(3000));
      while (received.length < 3) await new Promise((resolve) => setTimeout(resolve, 10));
      socket.close(4000, 'done');
      await new Promise((resolve) => (socket.onclose = resolve));
    }, echo.url);
    await until(async () => (await events('url=chat')).some((event) => event.event === 'close'), 5000, 'the close');
    const seen = (await events('url=chat')).map(({ event, direction, opcode, size, text, hex, code, reason }) =>
      [event, direction, opcode, size, text?.length === 1024 ? 'x×1024' : text, hex, code, reason].filter(
        (part) => part !== undefined,
      ),
    );
    assert.deepEqual(seen, [
      ['open'],
      ['frame', 'sent', 1, 5, 'hello'],
      ['frame', 'sent', 2, 4, '010203ff'],
      ['frame', 'sent', 1, 3000, 'x×1024'],
      ['frame', 'received', 1, 5, 'hello'],
      ['frame', 'received', 2, 4, '010203ff'],
      ['frame', 'received', 1, 3000, 'x×1024'],
      ['close', 4000, 'done'],
    ]);
    const sent = await events('url=chat&direction=sent');
    assert.equal(sent.length, 3);
    const record = await live.next((frame) => frame.type === 'websocket' && frame.event === 'frame');
    assert.equal(record.socketUrl, `${echo.url}?chat`);
    live.ws.close();
    const answer = await rig.tool('get_websocket_frames', { url: 'chat', direction: 'received' });
    assert.match(answer.text, /↓ received text 5 B "hello"/);
    assert.match(answer.text, /↓ received binary 4 B hex 010203ff/);
    assert.doesNotMatch(answer.text, /↑ sent/);
    const searched = await rig.tool('get_websocket_frames', { text: 'hell' });
    assert.match(searched.text, /2 WebSocket events|showing 1–2 of 2/i);
  });

  it('keeps each socket’s order beside another socket, a Blob and a log, and files each frame under the page URL it was sent on (push, fragment, replace)', async () => {
    const page = await rig.open('/mocks.html');
    const start = page.url();
    await page.evaluate(async (url) => {
      const [a, b] = ['a', 'b'].map((name) => new WebSocket(`${url}?pair-${name}`)) as [WebSocket, WebSocket];
      await Promise.all([a, b].map((socket) => new Promise((resolve) => (socket.onopen = resolve))));
      let echoed = 0;
      a.onmessage = b.onmessage = () => echoed++;
      a.send('a1');
      b.send('b1');
      console.log('between the frames');
      a.send('a2');
      history.pushState({}, '', '/mocks.html?step=2');
      a.send('a3');
      b.send(new Blob(['blob']));
      b.send('b2');
      a.send('a4');
      location.hash = 'four';
      a.send('a5');
      history.replaceState({}, '', '/mocks.html?step=3');
      a.send('a6');
      while (echoed < 9) await new Promise((resolve) => setTimeout(resolve, 10));
      a.close();
      b.close();
      await Promise.all([a, b].map((socket) => new Promise((resolve) => (socket.onclose = resolve))));
    }, echo.url);
    await until(
      async () => (await events('url=pair-')).filter((event) => event.event === 'close').length === 2,
      5000,
      'both closes',
    );
    const sent = (await events('url=pair-&direction=sent')).map((event) => [
      event.socketUrl.split('?')[1],
      event.text ?? event.hex,
      event.url === start ? 'start' : event.url?.replace(/.*\?step=/, 'step '),
    ]);
    assert.deepEqual(sent.slice(0, 4), [
      ['pair-a', 'a1', 'start'],
      ['pair-b', 'b1', 'start'],
      ['pair-a', 'a2', 'start'],
      ['pair-a', 'a3', 'step 2'],
    ]);
    const of = (socket: string) => sent.filter(([name]) => name === socket).map(([, text, url]) => `${text} ${url}`);
    assert.deepEqual(of('pair-a'), ['a1 start', 'a2 start', 'a3 step 2', 'a4 step 2', 'a5 step 2#four', 'a6 step 3']);
    assert.deepEqual(of('pair-b'), ['b1 start', '626c6f62 step 2', 'b2 step 2']);
    const received = await events('url=pair-&direction=received');
    assert.deepEqual(
      received.filter((event) => event.socketUrl.endsWith('pair-b')).map((event) => event.text ?? event.hex),
      ['b1', '626c6f62', 'b2'],
    );
  });

  it(`keeps a socket that sends 10,000 frames within the caps (${WS_FRAMES_PER_CONNECTION} per connection), and says how many it left out`, async () => {
    const page = await rig.open('/mocks.html');
    const count = await page.evaluate(async (url) => {
      const socket = new WebSocket(`${url}?flood`);
      let count = 0;
      socket.onmessage = () => count++;
      await new Promise((resolve) => (socket.onopen = resolve));
      socket.send('flood 10000');
      while (count < 10_000) await new Promise((resolve) => setTimeout(resolve, 20));
      socket.close(1000, 'enough');
      await new Promise((resolve) => (socket.onclose = resolve));
      return count;
    }, echo.url);
    assert.equal(count, 10_000, 'the page got every frame');
    await until(async () => (await events('url=flood')).some((event) => event.event === 'close'), 10_000, 'close');
    const flood = await events('url=flood');
    const received = await events('url=flood&direction=received');
    assert.equal((await events('url=flood&direction=sent')).length, 1);
    assert.equal(received.length, WS_FRAMES_PER_CONNECTION - 1);
    assert.deepEqual(
      received.map((event) => event.text),
      received.map((_, index) => `frame ${index + 1}`),
      'the first ones, each once, in order',
    );
    assert.ok(flood.some((event) => event.event === 'capped'));
    const close = flood.find((event) => event.event === 'close')!;
    assert.equal(close.dropped, 10_001 - WS_FRAMES_PER_CONNECTION);
  });
});
