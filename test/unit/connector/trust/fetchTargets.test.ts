import assert from 'node:assert/strict';
import type { LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { SourceMapper } from '../../../../src/connector/sourceMaps/sourceMapper';
import {
  addressKind,
  NO_PAGE_SCOPE,
  refusal,
  scopeOfPage,
  type Resolver,
} from '../../../../src/connector/trust/fetchTargets';
import type { Logger } from '../../../../src/connector/logging/logger';
import { buildBundle, FAILING_LINE, serveFiles } from '../../../support/bundle';

describe('fetch targets: which addresses a page may make the connector fetch', () => {
  it('sorts every address range, IPv4-mapped IPv6 as its IPv4 address', () => {
    const cases: [string, string][] = [
      ['8.8.8.8', 'public'],
      ['2606:4700::1111', 'public'],
      ['127.0.0.1', 'loopback'],
      ['127.8.9.10', 'loopback'],
      ['::1', 'loopback'],
      ['0.0.0.0', 'loopback'],
      ['10.0.0.1', 'private'],
      ['172.16.0.1', 'private'],
      ['172.31.255.254', 'private'],
      ['192.168.1.1', 'private'],
      ['100.64.0.1', 'private'],
      ['fc00::1', 'private'],
      ['fd00:ec2::254', 'private'],
      ['169.254.169.254', 'linkLocal'],
      ['169.254.1.1', 'linkLocal'],
      ['fe80::1', 'linkLocal'],
      ['::ffff:10.0.0.1', 'private'],
      ['::ffff:169.254.169.254', 'linkLocal'],
      ['::ffff:127.0.0.1', 'loopback'],
      ['::ffff:8.8.8.8', 'public'],
      ['224.0.0.1', 'never'],
      ['255.255.255.255', 'never'],
      ['2002:a00:1::', 'never'],
      ['64:ff9b::a00:1', 'never'],
      ['not an address', 'never'],
    ];
    for (const [address, kind] of cases) assert.equal(addressKind(address), kind, address);
    assert.equal(addressKind('172.32.0.1'), 'public', 'just outside 172.16/12');
    assert.equal(addressKind('100.128.0.1'), 'public', 'just outside 100.64/10');
  });

  it('a page on a kind of address may reach that kind, and public ones; no page only loopback', async () => {
    const dns: Resolver = (host) =>
      Promise.resolve(
        { 'shop.example': ['93.184.216.34'], 'dev.test': ['127.0.0.1'], 'nas.lan': ['192.168.1.20'] }[host]?.map(
          (address): LookupAddress => ({ address, family: isIP(address) }),
        ) ?? [],
      );
    const scope = (url?: string) => scopeOfPage(url, dns);
    assert.deepEqual([...(await scope('https://shop.example/'))], ['public']);
    assert.deepEqual([...(await scope('http://dev.test:5173/'))].sort(), ['loopback', 'public']);
    assert.deepEqual([...(await scope('http://nas.lan/'))].sort(), ['private', 'public']);
    assert.deepEqual([...(await scope('http://[::ffff:10.1.1.1]/'))].sort(), ['private', 'public']);
    for (const none of [undefined, 'file:///index.html', 'file:///home/dev/app/index.html', 'not a url'])
      assert.equal(await scope(none), NO_PAGE_SCOPE, String(none));
    const publicPage = await scope('https://shop.example/');
    for (const address of ['10.0.0.1', '169.254.169.254', '::ffff:192.168.0.1', 'fd00::1', '127.0.0.1'])
      assert.match(refusal('internal.test', address, publicPage)!, /not fetched for a page on public addresses/);
    assert.equal(refusal('nas.lan', '192.168.1.30', await scope('http://nas.lan/')), undefined);
    assert.match(refusal('x', '169.254.169.254', await scope('http://nas.lan/'))!, /link-local or cloud metadata/);
    assert.equal(refusal('localhost', '127.0.0.1', NO_PAGE_SCOPE), undefined);
    assert.match(refusal('cdn.example', '8.8.8.8', NO_PAGE_SCOPE)!, /no page \(loopback only\)/);
  });

  describe('source maps: checked after DNS, on the address the socket connects to', () => {
    let bundle: Awaited<ReturnType<typeof buildBundle>>;
    let served: Awaited<ReturnType<typeof serveFiles>>;
    let port: string;
    before(async () => {
      bundle = await buildBundle('linked');
      served = await serveFiles({ '/assets/app.js': bundle.code, '/assets/app.js.map': bundle.map! });
      port = new URL(served.base).port;
    });
    after(() => served.server.close());
    beforeEach(() => (served.hits.length = 0));

    /** A DNS that answers from a table, each host's answers in turn (the last one repeats): a rebinding server. */
    function fakeDns(table: Record<string, string[]>): { resolver: Resolver; asked: string[] } {
      const asked: string[] = [];
      const resolver: Resolver = (host) => {
        asked.push(host);
        const answers = table[host] ?? [];
        const address = answers.length > 1 ? answers.shift()! : answers[0];
        return Promise.resolve(address ? [{ address, family: isIP(address) }] : []);
      };
      return { resolver, asked };
    }

    function mapperWith(resolver: Resolver): { mapper: SourceMapper; refusals: string[] } {
      const refusals: string[] = [];
      const logger = { debug: (message: string) => refusals.push(message) } as unknown as Logger;
      return { mapper: new SourceMapper({ resolver, logger }), refusals };
    }

    const frame = (host: string) => ({
      url: `http://${host}:${port}/assets/app.js`,
      line: bundle.line,
      column: bundle.column,
    });

    it('a loopback page maps its loopback scripts (the local server answers)', async () => {
      const { resolver } = fakeDns({ 'dev.test': ['127.0.0.1'] });
      const { mapper } = mapperWith(resolver);
      const mapped = await mapper.mapFrame(frame('dev.test'), [], `http://dev.test:${port}/`);
      assert.equal(mapped.original?.line, FAILING_LINE);
      assert.deepEqual(served.hits, ['/assets/app.js', '/assets/app.js.map']);
    });

    it('a rebinding answer cannot turn a public page into a loopback fetch: the server is never reached', async () => {
      // The page's host is public when the scope is taken, then answers 127.0.0.1 when the socket asks.
      const { resolver, asked } = fakeDns({ 'shop.example': ['93.184.216.34', '127.0.0.1'] });
      const { mapper, refusals } = mapperWith(resolver);
      const mapped = await mapper.mapFrame(frame('shop.example'), [], `http://shop.example:${port}/`);
      assert.equal(mapped.original, undefined);
      assert.deepEqual(served.hits, [], 'no request reached the loopback server');
      assert.deepEqual(asked, ['shop.example', 'shop.example'], 'DNS was asked for the page, then by the socket');
      assert.match(refusals.join('\n'), /shop\.example is a loopback address \(127\.0\.0\.1\); not fetched/);
    });

    it('a public page cannot aim the connector at private, link-local or metadata addresses', async () => {
      for (const [address, words] of [
        ['10.0.0.1', 'a private address'],
        ['::ffff:192.168.0.1', 'a private address'],
        ['169.254.169.254', 'a link-local or cloud metadata address'],
        ['fd00:ec2::254', 'a private address'],
      ]) {
        const { resolver } = fakeDns({ 'shop.example': ['93.184.216.34', address!] });
        const { mapper, refusals } = mapperWith(resolver);
        const mapped = await mapper.mapFrame(frame('shop.example'), [], `http://shop.example:${port}/`);
        assert.equal(mapped.original, undefined, address);
        assert.ok(
          refusals.some((line) => line.includes(`is ${words} (${address})`)),
          refusals.join('\n'),
        );
      }
      // An IP literal is checked as it is (sockets skip the lookup for those): here with no page, loopback only.
      const { mapper, refusals } = mapperWith(fakeDns({}).resolver);
      for (const url of ['http://10.0.0.1/app.js', 'http://169.254.169.254/latest/app.js', 'http://[fe80::1]/app.js'])
        assert.equal((await mapper.mapFrame({ url, line: 1, column: 1 })).original, undefined);
      assert.equal(refusals.length, 3, refusals.join('\n'));
      assert.match(refusals.join('\n'), /10\.0\.0\.1 is a private address/);
      assert.match(refusals.join('\n'), /169\.254\.169\.254 is a link-local or cloud metadata address/);
      assert.match(refusals.join('\n'), /fe80::1 is a link-local/);
      assert.deepEqual(served.hits, []);
    });

    it('with no page, only loopback: a host resolving to a public address is not fetched', async () => {
      const { resolver } = fakeDns({ 'cdn.example': ['8.8.8.8'], 'dev.test': ['127.0.0.1'] });
      const { mapper, refusals } = mapperWith(resolver);
      assert.equal((await mapper.mapFrame(frame('cdn.example'))).original, undefined);
      assert.match(refusals.join('\n'), /cdn\.example is a public address \(8\.8\.8\.8\); not fetched for no page/);
      assert.equal((await mapper.mapFrame(frame('dev.test'))).original?.line, FAILING_LINE, 'loopback still maps');
    });
  });
});
