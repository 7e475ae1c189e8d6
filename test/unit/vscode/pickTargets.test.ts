import assert from 'node:assert/strict';
import type { ElementInspection } from '../../../src/shared/inspection';
import { componentTarget, cssRuleTarget, fileCandidates } from '../../../src/vscode/inspection/pickTargets';

const inspection = {
  rules: [
    {
      selector: 'style attribute',
      origin: 'inline',
      declarations: [{ name: 'color', value: 'red', status: 'winning' }],
    },
    {
      selector: '.gone',
      origin: 'author',
      location: { sheetUrl: '', line: 3, column: 1, original: { source: 'src/a.css', line: 3 } },
      declarations: [{ name: 'color', value: 'blue', status: 'overridden' }],
    },
    {
      selector: '.counter',
      origin: 'author',
      location: {
        sheetUrl: '',
        line: 5,
        column: 1,
        original: { source: 'src/App.css', file: '/app/src/App.css', line: 5 },
      },
      declarations: [{ name: 'padding', value: '0', status: 'winning' }],
    },
  ],
  components: {
    framework: 'react',
    components: [{ name: 'Counter', original: { source: 'src/App.tsx', line: 16 } }],
    element: { name: '<button>', original: { source: 'src/App.tsx', line: 7 } },
  },
} as unknown as ElementInspection;

describe('Element view jump targets', () => {
  it('Go to CSS Rule: the first author rule that still applies, or the row asked for', () => {
    assert.equal(cssRuleTarget(inspection)?.line, 5);
    assert.equal(cssRuleTarget(inspection, 1)?.source, 'src/a.css');
    assert.equal(cssRuleTarget(inspection, 0), undefined);
  });

  it('Go to Component: the element’s own JSX first, then the nearest component', () => {
    assert.equal(componentTarget(inspection)?.line, 7);
    const noElement = { ...inspection, components: { ...inspection.components, element: undefined } };
    assert.equal(componentTarget(noElement)?.line, 16);
  });

  it('tries the absolute file, then each workspace folder with the relative source', () => {
    assert.deepEqual(
      fileCandidates({ source: 'src/App.css', file: '/app/src/App.css', line: 5 }, ['/ws']).slice(0, 2),
      ['/app/src/App.css', '/ws/src/App.css'],
    );
  });
});
