import assert from 'node:assert/strict';
import fc from 'fast-check';
import { finishFrame } from '../../../browser-extension/src/content/websockets/socketHook';
import { utf8Length, WS_TEXT_HEAD, type WebSocketEvent } from '../../../src/shared/websockets';

describe('browser extension: WebSocket frame sizes', () => {
  it('counts a text frame’s UTF-8 bytes as the socket sends them, without encoding it', () => {
    const encoder = new TextEncoder();
    for (const text of [
      '',
      'hello',
      'x'.repeat(3000),
      'héllo wörld',
      '€ 100 — ✓',
      '😀 emoji 👍🏽',
      '\ud800 lone high',
      'lone low \udc00',
      'ends high \ud83d',
      '\u07ff\u0800\uffff',
    ])
      assert.equal(utf8Length(text), encoder.encode(text).length, JSON.stringify(text));
  });

  it('counts any string as TextEncoder does, ASCII or not, lone surrogates included', () => {
    const encoder = new TextEncoder();
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' })), (text) => {
        assert.equal(utf8Length(text), encoder.encode(text).length);
      }),
    );
  });

  describe('a text frame completed when its batch goes', () => {
    const frame = (text: string, size?: number): WebSocketEvent => ({
      type: 'websocket',
      event: 'frame',
      connectionId: 'ws-1',
      socketUrl: 'ws://127.0.0.1/echo',
      timestamp: 1,
      direction: 'sent',
      opcode: 1,
      size,
      text,
    });

    it('keeps the head of a long text and the whole string’s UTF-8 size', () => {
      const text = '€'.repeat(WS_TEXT_HEAD + 10);
      const capture = frame(text);
      finishFrame(capture);
      assert.equal(capture.text, text.slice(0, WS_TEXT_HEAD));
      assert.equal(capture.size, new TextEncoder().encode(text).length);
    });

    it('keeps a short text whole, and leaves a frame already complete as it is', () => {
      const short = frame('{"seq":1}');
      finishFrame(short);
      assert.deepEqual([short.text, short.size], ['{"seq":1}', 9]);
      const done = frame('x'.repeat(WS_TEXT_HEAD), 5000);
      finishFrame(done);
      assert.deepEqual([done.text?.length, done.size], [WS_TEXT_HEAD, 5000]);
      const binary: WebSocketEvent = { ...frame('', 4), opcode: 2, text: undefined, hex: '01020304' };
      finishFrame(binary);
      assert.deepEqual([binary.size, binary.hex, binary.text], [4, '01020304', undefined]);
    });
  });
});
