import assert from 'node:assert/strict';
import { CaptureStore } from '../../../src/connector/capture/store';
import { resolveConfig } from '../../../src/connector/config/config';
import { redactedIn } from '../../../src/connector/capture/redaction';
import { describeTally, emptyTally, redactBody, redactUrl } from '../../../src/shared/redaction';

describe('redaction: secret headers, query parameters, JSON/form keys and WebSocket frames', () => {
  it('blanks query and fragment parameters whose name matches, and leaves the rest of the URL as written', () => {
    const tally = emptyTally();
    assert.equal(
      redactUrl('https://a.test/cb?q=shoes&access_token=abc&Session=1#id_token=x&state=ok', tally),
      'https://a.test/cb?q=shoes&access_token=%5Bredacted%5D&Session=%5Bredacted%5D#id_token=%5Bredacted%5D&state=ok',
    );
    assert.equal(redactUrl('https://a.test/p?q=1%2F2#top', tally), 'https://a.test/p?q=1%2F2#top');
    assert.equal(describeTally(tally), 'query parameters access_token, Session, id_token');
  });

  it('blanks JSON keys at any depth, JSON cut short, and form fields; other text stays', () => {
    const tally = emptyTally();
    assert.equal(
      redactBody('{"user":"ann","password":"hunter2","nested":[{"apiKey":42,"ok":true}]}', tally),
      '{"user":"ann","password":"[redacted]","nested":[{"apiKey":"[redacted]","ok":true}]}',
    );
    assert.equal(
      redactBody('{"type":"auth","csrfToken":"abc\\"d", "message":"cut sh', tally),
      '{"type":"auth","csrfToken":"[redacted]", "message":"cut sh',
    );
    assert.equal(
      redactBody('user=ann&password=hunter2', tally, 'application/x-www-form-urlencoded'),
      'user=ann&password=%5Bredacted%5D',
    );
    assert.equal(redactBody('plain text with password in it', tally), 'plain text with password in it');
    assert.equal(describeTally(tally), 'JSON/form keys password ×2, apiKey, csrfToken');
  });

  it('the store blanks before it keeps: headers by pattern, URL, bodies, frames; fullBodies keeps the bodies', () => {
    const limits = resolveConfig().limits;
    const request = {
      type: 'network-request' as const,
      method: 'POST',
      url: 'http://app.test/login?token=t1',
      status: 200,
      timestamp: 1,
      requestHeaders: { 'Content-Type': 'application/json', 'X-CSRF-Token': 'c' },
      requestBody: '{"email":"a@b","password":"hunter2"}',
    };
    const frame = {
      type: 'websocket' as const,
      event: 'frame' as const,
      connectionId: 'c1',
      socketUrl: 'ws://app.test/s?sessionId=s1',
      direction: 'sent' as const,
      text: '{"op":"auth","token":"t2"}',
      timestamp: 2,
    };
    const store = new CaptureStore(limits);
    const stored = [store.ingest(structuredClone(request)), store.ingest(structuredClone(frame))];
    const text = JSON.stringify(stored);
    for (const secret of ['t1', 'hunter2', '"c"', 's1', 't2'])
      assert.ok(!text.includes(secret), `${secret} in ${text}`);
    assert.equal(
      describeTally(redactedIn(stored)),
      'headers x-csrf-token; query parameters token, sessionId; JSON/form keys password, token',
    );
    const full = new CaptureStore(limits, { headers: [], fullBodies: true });
    const kept = full.ingest(structuredClone(request));
    assert.ok(kept.type === 'network-request');
    assert.equal(kept.requestBody, request.requestBody, 'the body as sent');
    assert.equal(kept.url, 'http://app.test/login?token=%5Bredacted%5D', 'URLs are redacted either way');
    assert.equal(kept.requestHeaders!['X-CSRF-Token'], '[redacted]', 'headers too');
  });
});
