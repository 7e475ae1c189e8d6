import assert from 'node:assert/strict';
import fc from 'fast-check';
import { utf8Length } from '../../../browser-extension/src/content/websockets/socketHook';

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
});
