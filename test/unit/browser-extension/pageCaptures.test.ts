import assert from 'node:assert/strict';
import { fromPage, trustedPageUrl } from '../../../browser-extension/src/background/pageCaptures';
import { WS_TEXT_HEAD } from '../../../src/shared/websockets';

describe('browser extension: page captures', () => {
  const stack = (line: number) =>
    `Error\n    at render (http://localhost:5173/app.js:${line}:9)\n    at http://localhost:5173/app.js:40:3`;
  const log = (message: string, extra: object) => ({
    type: 'console-log',
    level: 'log',
    message,
    timestamp: 1,
    url: 'http://localhost:5173/',
    ...extra,
  });

  it('gives a capture marked sameStack the stack of the one before it, parsed once, in order', () => {
    const events = fromPage(
      JSON.stringify([
        log('a', { stackText: stack(7) }),
        log('b', { sameStack: true }),
        log('c', { sameStack: true }),
        log('d', { stackText: stack(9) }),
        log('e', { sameStack: true }),
      ]),
    ) as Record<string, any>[];
    assert.deepEqual(
      events.map((event) => [event.message, event.source]),
      [
        ['a', 'http://localhost:5173/app.js:7:9'],
        ['b', 'http://localhost:5173/app.js:7:9'],
        ['c', 'http://localhost:5173/app.js:7:9'],
        ['d', 'http://localhost:5173/app.js:9:9'],
        ['e', 'http://localhost:5173/app.js:9:9'],
      ],
    );
    assert.equal(events[2]!.frames[1].line, 40);
    assert.notEqual(events[1]!.frames, events[2]!.frames, 'each event owns its frames');
    assert.ok(events.every((event) => !('sameStack' in event) && !('stackText' in event)));
  });

  it('gives a first capture marked sameStack no stack rather than a wrong one', () => {
    const [event] = fromPage(JSON.stringify([log('x', { sameStack: true })])) as Record<string, any>[];
    assert.equal(event!.source, undefined);
    assert.deepEqual(event!.frames, []);
  });

  it('hands a batch’s fetch/XHR initiators on in order, apart from its events, without shifting sameStack', () => {
    const initiators: unknown[] = [];
    const initiator = (line: number) => ({
      type: 'initiator',
      url: 'http://localhost:5173/api',
      method: 'GET',
      stackText: stack(line),
    });
    const events = fromPage(
      JSON.stringify([log('a', { stackText: stack(7) }), initiator(20), log('b', { sameStack: true }), initiator(21)]),
      (found) => initiators.push(found),
    ) as Record<string, any>[];
    assert.deepEqual(
      events.map((event) => [event.message, event.source]),
      [
        ['a', 'http://localhost:5173/app.js:7:9'],
        ['b', 'http://localhost:5173/app.js:7:9'],
      ],
    );
    assert.deepEqual(initiators, [initiator(20), initiator(21)]);
  });

  it('resolves an initiator’s relative URL against the base the page sent, and normalises absolute ones', () => {
    const initiators: { url: string }[] = [];
    const initiator = (url: unknown, base?: unknown) => ({ type: 'initiator', url, method: 'POST', base });
    fromPage(
      JSON.stringify([
        initiator('/api/cart?id=1', 'http://localhost:5173/shop/'),
        initiator('items', 'http://localhost:5173/shop/'),
        initiator('HTTP://LocalHost:5173/a b'),
        initiator('http:cart', 'http://localhost:5173/shop/'),
        initiator('/api', 'not a base'),
        initiator(42),
      ]),
      (found) => initiators.push(found),
    );
    assert.deepEqual(
      initiators.map((found) => found.url),
      [
        'http://localhost:5173/api/cart?id=1',
        'http://localhost:5173/shop/items',
        'http://localhost:5173/a%20b',
        'http://localhost:5173/shop/cart',
      ],
    );
  });

  it('drops a stack that is not text, keeping the initiator', () => {
    const found: { stackText?: unknown }[] = [];
    fromPage(
      JSON.stringify([{ type: 'initiator', url: 'http://localhost:5173/a', method: 'GET', stackText: 42 }]),
      (i) => found.push(i),
    );
    assert.equal(found.length, 1);
    assert.equal(found[0]!.stackText, undefined);
  });

  const socketRun = (type: string, connectionId: string, timestamp: number, frames: unknown[]) => ({
    type,
    connectionId,
    socketUrl: 'ws://localhost:5173/live',
    timestamp,
    frames,
  });

  it('turns a run of socket frames into one event a frame, in the batch’s order, with its UTF-8 size; a malformed frame is left out and a forged long text cut', () => {
    const frames = [0, 0, '{"seq":1}', 1, 7, 'ack€', 1, 'late', 'bad', 0, 9, 'x'.repeat(2000)];
    const run = socketRun('websocket-run', 'ws-1', 1000, frames);
    const events = fromPage(JSON.stringify([log('before', {}), run, log('after', {})])) as Record<string, any>[];
    assert.deepEqual(
      events.map((event) => [event.type, event.message ?? event.direction, event.timestamp, event.size, event.text]),
      [
        ['console-log', 'before', 1, undefined, undefined],
        ['websocket', 'sent', 1000, 9, '{"seq":1}'],
        ['websocket', 'received', 1007, 6, 'ack€'],
        ['websocket', 'sent', 1009, 2000, 'x'.repeat(WS_TEXT_HEAD)],
        ['console-log', 'after', 1, undefined, undefined],
      ],
    );
    const frame = events[1]!;
    assert.deepEqual(
      [frame.event, frame.opcode, frame.connectionId, frame.socketUrl, frame.url],
      ['frame', 1, 'ws-1', 'ws://localhost:5173/live', 'http://localhost:5173/'],
      'a run without a page URL is on the page of the capture before it',
    );
  });

  it('reads a run from an earlier build’s hook (four values a frame, its size given), as a tab left open across an update sends it', () => {
    const frames = [0, 0, 9, '{"seq":1}', 1, 5, 3000, 'x'.repeat(WS_TEXT_HEAD), 1, 'late', 3, 'bad'];
    const older = socketRun('websocket-frames', 'ws-2', 2000, frames);
    const events = fromPage(JSON.stringify([older])) as Record<string, any>[];
    assert.deepEqual(
      events.map((event) => [event.direction, event.timestamp, event.size, event.text]),
      [
        ['sent', 2000, 9, '{"seq":1}'],
        ['received', 2005, 3000, 'x'.repeat(WS_TEXT_HEAD)],
      ],
    );
  });

  it('gives a capture without a page URL the URL of the one before it, across joined batches', () => {
    const { url: _url, ...bare } = log('b', {});
    const events = fromPage(
      JSON.stringify([log('a', {}), bare, log('c', { url: 'http://localhost:5173/next' }), { ...bare, message: 'd' }]),
    ) as Record<string, any>[];
    assert.deepEqual(
      events.map((event) => [event.message, event.url]),
      [
        ['a', 'http://localhost:5173/'],
        ['b', 'http://localhost:5173/'],
        ['c', 'http://localhost:5173/next'],
        ['d', 'http://localhost:5173/next'],
      ],
    );
  });

  it('files captures under the URL the browser reports for the frame; a forged page URL on another origin is replaced', () => {
    const frame = 'http://localhost:5173/cart';
    const forged = ['file:///index.html', 'http://10.0.0.1/', 'http://169.254.169.254/latest/', 'not a url', 42];
    const events = fromPage(
      JSON.stringify([
        ...forged.map((url, i) => log(`forged ${i}`, { url })),
        log('same origin, new path (pushState)', { url: 'http://localhost:5173/checkout' }),
      ]),
      undefined,
      frame,
    ) as Record<string, any>[];
    assert.deepEqual(
      events.map((event) => event.url),
      [...forged.map(() => frame), 'http://localhost:5173/checkout'],
    );
    assert.equal(trustedPageUrl('file:///etc/', 'file:///home/dev/app/index.html'), 'file:///home/dev/app/index.html');
    assert.equal(trustedPageUrl(undefined, frame), frame);
    assert.equal(trustedPageUrl('https://localhost:5173/', frame), frame, 'another scheme is another origin');
  });
});
