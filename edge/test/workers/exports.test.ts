import { describe, expect, it } from 'vitest';
import { csvCell } from '../../src/export/csv';
import { bearer, expectError, issueToken, json, registerAccount } from './helpers';
import { seedSession } from './sockets';

/** RFC 4180 reader: what a spreadsheet does with the file. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  return rows;
}

const T0 = Date.parse('2026-03-02T08:00:00Z');
const tricky = [
  '=HYPERLINK("http://evil.test","click")',
  '+1+2',
  '-2+3',
  '@SUM(A1:A2)',
  '\tTabbed',
  'plain, with comma',
  'say "hi"',
  'line one\nline two',
  ' padded ',
];

async function fixture() {
  const account = await registerAccount();
  const { token } = await issueToken(account);
  const events = [
    ...tricky.map((message, i) => ({
      type: 'console-log',
      level: i % 2 ? 'warn' : 'error',
      message,
      timestamp: T0 + i,
    })),
    {
      type: 'network-request',
      method: 'GET',
      url: 'https://api.test/=cmd',
      status: 500,
      timestamp: T0 + 100,
      duration: 12,
    },
  ];
  const sessionId = await seedSession(token, events);
  return { account, token, sessionId, headers: bearer(token) };
}

describe('exports', () => {
  it('CSV: RFC 4180 quoting, and formula-looking cells neutralised with a leading apostrophe', async () => {
    const { account, headers } = await fixture();
    const res = await account.call.fetch('/export/csv', { headers });
    expect(res.headers.get('Content-Type')).toContain('text/csv');
    expect(res.headers.get('Content-Disposition')).toMatch(/^attachment; filename="browser-debug-export-.*\.csv"$/);
    const rows = parseCsv(await res.text());
    expect(rows[0]).toEqual([
      'sessionId',
      'seq',
      'type',
      'time',
      'level',
      'message',
      'source',
      'method',
      'url',
      'status',
      'duration',
      'error',
    ]);
    const messages = rows.slice(1, 1 + tricky.length).map((row) => row[5]);
    expect(messages).toEqual([
      '\'=HYPERLINK("http://evil.test","click")',
      "'+1+2",
      "'-2+3",
      "'@SUM(A1:A2)",
      "'\tTabbed",
      'plain, with comma',
      'say "hi"',
      'line one\nline two',
      ' padded ',
    ]);
    const network = rows[1 + tricky.length]!;
    expect(network.slice(7, 11)).toEqual(['GET', 'https://api.test/=cmd', '500', '12']);
    expect(rows[1]![3]).toBe('2026-03-02T08:00:00.000Z');
    expect(rows).toHaveLength(tricky.length + 2);
  });

  it('csvCell leaves numbers alone and quotes only when needed', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
    expect(csvCell('simple')).toBe('simple');
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('\r=x')).toBe(`"'\r=x"`);
    expect(csvCell({ a: 1 })).toBe('"{""a"":1}"');
  });

  it('JSON: every capture with session and seq, filterable by kind and since, as an attachment', async () => {
    const { account, headers, sessionId } = await fixture();
    const res = await account.call.fetch('/export/json', { headers });
    expect(res.headers.get('Content-Disposition')).toMatch(/\.json"$/);
    const doc = await json(res);
    expect(doc).toMatchObject({ count: tricky.length + 1, truncated: false, kind: 'all' });
    expect(doc.captures[0]).toMatchObject({ sessionId, seq: 1, message: tricky[0] });
    expect((await json(await account.call.fetch('/export/json?kind=network', { headers }))).count).toBe(1);
    expect((await json(await account.call.fetch(`/export/json?kind=console&since=${T0 + 5}`, { headers }))).count).toBe(
      tricky.length - 5,
    );
    const limited = await account.call.fetch('/export/json?limit=2', { headers });
    expect(limited.headers.get('X-Export-Truncated')).toBe('true');
    expect((await json(limited)).count).toBe(2);
    await expectError(await account.call.fetch('/export/csv?kind=images', { headers }), 400, 'INVALID_PARAMETER');
    await expectError(await account.call.fetch('/export/csv'), 401, 'UNAUTHORIZED');
  });

  it('/stats counts sessions, captures by kind, errors and failed requests, per session with X-Session-ID', async () => {
    const { account, headers, token, sessionId } = await fixture();
    await seedSession(token, [{ type: 'console-log', level: 'error', message: 'other', timestamp: T0 }]);
    const all = (await json(await account.call.fetch('/stats', { headers }))).data;
    expect(all.sessions).toEqual({ total: 2, online: 0 });
    expect(all.captures).toEqual({
      total: tricky.length + 2,
      byKind: { 'console-log': tricky.length + 1, 'network-request': 1 },
    });
    expect(all.consoleErrors).toBe(6);
    expect(all.failedRequests).toBe(1);
    expect(all.oldestCapture).toBe('2026-03-02T08:00:00.000Z');
    const one = (
      await json(await account.call.fetch('/api/v1/stats', { headers: { ...headers, 'X-Session-ID': sessionId } }))
    ).data;
    expect(one).toMatchObject({ sessionId, sessions: { total: 1 }, consoleErrors: 5 });
  });

  it('/metrics is Prometheus text: HELP/TYPE lines, valid samples, the account’s figures', async () => {
    const { account, headers } = await fixture();
    const res = await account.call.fetch('/metrics', { headers });
    expect(res.headers.get('Content-Type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await res.text();
    const sample =
      /^[a-zA-Z_:][a-zA-Z0-9_:]*(\{[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*"(,[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*")*\})? -?[0-9.e+]+$/;
    const typed = new Set<string>();
    for (const line of text.trimEnd().split('\n')) {
      if (line.startsWith('# TYPE ')) typed.add(line.split(' ')[2]!);
      else if (!line.startsWith('# HELP ')) {
        expect(line).toMatch(sample);
        expect(typed.has(line.split(/[{ ]/)[0]!)).toBe(true);
      }
    }
    expect(text).toContain('browser_debug_captures{kind="console-log"} 9');
    expect(text).toContain('browser_debug_sessions 1');
    expect(text).toMatch(/browser_debug_requests_today [1-9]/);
    await expectError(await account.call.fetch('/metrics'), 401, 'UNAUTHORIZED');
  });
});
