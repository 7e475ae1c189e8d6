import assert from 'node:assert/strict';
import { MockHits } from '../../../browser-extension/src/background/networkMocks/mockHits';
import { fetchPattern, ruleMatcher } from '../../../browser-extension/src/background/networkMocks/ruleMatch';
import { mockRuleSchema } from '../../../src/shared/networkMockSchema';

const request = (url: string, method = 'GET', resourceType = 'Fetch') => ({ url, method, resourceType });

describe('network mock rules (browser extension worker)', () => {
  it('matches a glob over the full URL: * any characters, ? one, and no * means "contains"', () => {
    const star = ruleMatcher({ url: 'http://localhost:*/api/orders*', action: 'block' });
    assert.equal(star(request('http://localhost:5173/api/orders?id=1')), true);
    assert.equal(star(request('http://localhost:5173/app/api/orders')), true, '* spans slashes too');
    assert.equal(star(request('http://example.test/api/orders')), false);
    const one = ruleMatcher({ url: '*/v?/users', action: 'block' });
    assert.equal(one(request('https://x.test/v2/users')), true);
    assert.equal(one(request('https://x.test/v10/users')), false);
    const contains = ruleMatcher({ url: 'menu.json', action: 'block' });
    assert.equal(contains(request('http://127.0.0.1:8080/static/menu.json?x=(1)')), true);
    assert.equal(contains(request('http://127.0.0.1:8080/menuXjson')), false, 'a dot is a dot');
    assert.deepEqual(fetchPattern({ url: 'menu.json', action: 'block' }), {
      urlPattern: '*menu.json*',
      requestStage: 'Request',
    });
  });

  it('narrows by method (any case) and resource type', () => {
    const post = ruleMatcher({ url: '*', method: 'post', resourceType: 'xhr', action: 'block' });
    assert.equal(post(request('http://a.test/', 'POST', 'XHR')), true);
    assert.equal(post(request('http://a.test/', 'GET', 'XHR')), false);
    assert.equal(post(request('http://a.test/', 'POST', 'Fetch')), false);
  });

  it('validates a rule: one URL form, the action’s own fields, delay needs its time', () => {
    const ok = mockRuleSchema.safeParse({ url: '*/api/*', action: 'respond', status: 503, body: 'down', times: 2 });
    assert.equal(ok.success, true);
    const issues = (rule: unknown) =>
      (mockRuleSchema.safeParse(rule).error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    assert.deepEqual(issues({ action: 'block' }), ['url: give exactly one of url (a glob) or urlPattern']);
    assert.deepEqual(issues({ url: '*', urlPattern: '/a', action: 'block' }), [
      'url: give exactly one of url (a glob) or urlPattern',
    ]);
    assert.deepEqual(issues({ url: '*', action: 'delay' }), ['delayMs: delay needs delayMs']);
    assert.deepEqual(issues({ url: '*', action: 'block', status: 500 }), ['status: status belongs to action respond']);
    assert.match(issues({ url: '*', action: 'fail', error: 'Oops' })[0]!, /^error: /);
    assert.match(issues({ url: '*', action: 'block', extra: 1 })[0]!, /extra/);
  });

  it('hands each mocked request its mark once, oldest first, by tab, method and URL', () => {
    const hits = new MockHits();
    hits.add(1, 'get', 'http://a.test/x', { ruleId: 'mock-1', action: 'respond' });
    hits.add(1, 'GET', 'http://a.test/x', { ruleId: 'mock-2', action: 'block' });
    assert.equal(hits.take(2, 'GET', 'http://a.test/x'), undefined, 'another tab');
    assert.equal(hits.take(1, 'POST', 'http://a.test/x'), undefined, 'another method');
    assert.deepEqual(hits.take(1, 'GET', 'http://a.test/x'), { ruleId: 'mock-1', action: 'respond' });
    assert.deepEqual(hits.take(1, 'GET', 'http://a.test/x'), { ruleId: 'mock-2', action: 'block' });
    assert.equal(hits.take(1, 'GET', 'http://a.test/x'), undefined);
  });
});
