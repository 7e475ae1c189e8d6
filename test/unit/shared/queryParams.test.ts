import assert from 'node:assert/strict';
import { lastValue, METHOD_PATTERN, parseSinceValue, statusRange } from '../../../src/shared/queryParams';

describe('shared query parameters (src/shared/queryParams)', () => {
  it('reads since as ISO 8601 or ms since epoch, and nothing else', () => {
    assert.equal(parseSinceValue('2026-01-31T12:00:00Z'), Date.UTC(2026, 0, 31, 12));
    assert.equal(parseSinceValue('1700000000000'), 1_700_000_000_000);
    assert.equal(parseSinceValue('yesterday'), undefined);
    assert.equal(parseSinceValue(''), undefined);
  });

  it('reads status as one code or a class', () => {
    assert.deepEqual(statusRange('404'), [404, 404]);
    assert.deepEqual(statusRange('4xx'), [400, 499]);
    assert.deepEqual(statusRange('5XX'), [500, 599]);
    for (const bad of ['6xx', '40', '4044', 'xx', 'abc']) assert.equal(statusRange(bad), undefined, bad);
  });

  it('accepts an HTTP method of letters only', () => {
    assert.ok(METHOD_PATTERN.test('get') && METHOD_PATTERN.test('PATCH'));
    assert.ok(!METHOD_PATTERN.test('GET;') && !METHOD_PATTERN.test(''));
  });

  it('keeps the last of a repeated parameter, and counts empty as absent', () => {
    assert.equal(lastValue(['10', '20']), '20');
    assert.equal(lastValue('5'), '5');
    assert.equal(lastValue(''), undefined);
    assert.equal(lastValue(undefined), undefined);
    assert.equal(lastValue([]), undefined);
  });
});
