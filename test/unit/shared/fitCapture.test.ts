import assert from 'node:assert/strict';
import { fitCapture, SENT_FIELD_CHARS } from '../../../src/shared/fitCapture';
import { captureEventSchema } from '../../../src/shared/protocol';

describe('fitCapture: a browser cuts captures to the schemas before sending', () => {
  it('a capture with megabyte fields, keys and too many headers passes the schema after fitting, marked as cut', () => {
    const headers: Record<string, string> = { ['k'.repeat(5000)]: 'v'.repeat(2_000_000) };
    for (let i = 0; i < 800; i++) headers[`h${i}`] = String(i);
    const event = {
      type: 'network-request',
      method: 'M'.repeat(100_000),
      url: `http://app.test/${'u'.repeat(2_000_000)}`,
      statusText: 's'.repeat(5000),
      requestHeaders: headers,
      timestamp: 1,
    };
    assert.equal(captureEventSchema.safeParse(event).success, false, 'refused as it is');
    fitCapture(event);
    const parsed = captureEventSchema.safeParse(event);
    assert.ok(parsed.success, JSON.stringify(parsed.error?.issues[0]));
    assert.match(event.method, /^M+…\[truncated \d+ chars\]$/);
    assert.ok(event.url.length <= SENT_FIELD_CHARS + 40);
    assert.equal(Object.keys(event.requestHeaders).length, 500);
  });
});
