import type { MockRule } from '../../../shared/networkMocks';
import type { ExportMock } from '../../../shared/recordingExport';

/**
 * The replay's network mock rules as an exported test's mocks. Only `respond` rules have an answer a test
 * runner can give in every format; rules that fail, block or delay requests are left out (docs/export-tests.md).
 */
export function exportMocksOf(rules: readonly MockRule[] | undefined): ExportMock[] {
  return (rules ?? [])
    .filter((rule) => rule.action === 'respond')
    .map((rule) => ({
      url: playwrightGlob(rule),
      ...(rule.method ? { method: rule.method.toUpperCase() } : {}),
      status: rule.status ?? 200,
      ...(rule.headers ? { headers: rule.headers } : {}),
      ...(rule.body !== undefined ? { body: rule.body } : {}),
    }));
}

/**
 * Our globs let `*` cross slashes and match anywhere without one; a URLPattern path's `:name` is one segment.
 * Playwright's globs need `**` for that.
 */
function playwrightGlob(rule: MockRule): string {
  if (rule.urlPattern !== undefined) return `**${rule.urlPattern.replace(/:\w+/g, '*')}`;
  const url = rule.url ?? '';
  return url.includes('*') ? url.replace(/\*+/g, '**') : `**${url}**`;
}
