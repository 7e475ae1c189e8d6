import assert from 'node:assert/strict';
import { evalModuleMap, isEvalModuleUrl, scriptSources } from '../../../src/connector/sourceMaps/evalMaps';

describe('eval module maps (webpack eval devtools)', () => {
  const map = { version: 3, sources: ['webpack://app/./src/index.js?b635'], mappings: ';;AAAA', names: [] };
  const dataUrl = `data:application/json;charset=utf-8;base64,${Buffer.from(JSON.stringify(map)).toString('base64')}`;
  const bundle = [
    '/***/ "./src/index.js":',
    `eval("{console.warn(1);\\n//# sourceURL=[module]\\n//# sourceMappingURL=${dataUrl}\\n//# sourceURL=webpack-internal:///./src/index.js\\n\\n}");`,
    '/***/ "./src/index.js.other":',
    'eval("{x()\\n//# sourceURL=webpack-internal:///./src/index.js.other\\n}");',
  ].join('\n');

  it('finds the inline map next to the module’s exact sourceURL, and nothing for a module without one', () => {
    assert.ok(
      isEvalModuleUrl('webpack-internal:///./src/index.js') &&
        isEvalModuleUrl('webpack://app/./src/a.js') &&
        !isEvalModuleUrl('http://h/main.js'),
    );
    assert.deepEqual(JSON.parse(evalModuleMap(bundle, 'webpack-internal:///./src/index.js')!), map);
    assert.equal(
      evalModuleMap(bundle, 'webpack-internal:///./src/index.js.other'),
      undefined,
      'the earlier module’s map is not borrowed',
    );
    assert.equal(evalModuleMap(bundle, 'webpack-internal:///./src/missing.js'), undefined);
  });

  it('reads a page’s script URLs', () => {
    assert.deepEqual(
      scriptSources(
        '<script src="/main.js"></script><script type="module" src=\'vendor.js?v=2\'></script><script>inline()</script>',
        'http://h:8080/app/',
      ),
      ['http://h:8080/main.js', 'http://h:8080/app/vendor.js?v=2'],
    );
  });
});
