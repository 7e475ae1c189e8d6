import assert from 'node:assert/strict';
import type { LeakReport } from '../../src/shared/leaks';
import { post } from '../support/http';
import { textOf } from '../support/mcp';
import { startApp, type RunningApp } from './support/devApps';
import { leakyReactApp, REACT_LISTENER_LINE } from './support/leakApps';
import { leakRig, openCloseFlow } from './support/leakRig';

describe('find_leaks in a real Vite React app (npm create vite, react-ts)', function () {
  // A cold machine installs the app from the npm registry first.
  this.timeout(600_000);
  const rig = leakRig();
  let app: RunningApp;
  let id = '';

  before(async () => {
    app = await startApp(leakyReactApp);
    await rig.page.goto(`${app.origin}/`);
    id = await rig.importFlow(openCloseFlow(`${app.origin}/`, 'section.chart'));
  });
  after(() => app?.stop());

  it("names the useEffect's leak and maps its listener to the .tsx line", async () => {
    const startedAt = Date.now();
    const answer = await rig.findLeaks({ id });
    const text = textOf(answer);
    assert.ok(!answer.isError, text);
    assert.match(text, /^Verdict: leak\n/, text);
    assert.match(text, /ChartModel: \+\d/, text);
    assert.match(text, new RegExp(`held by: src/App\\.tsx:${REACT_LISTENER_LINE}:`), text);
    console.log(`      React verdict: ${Date.now() - startedAt} ms\n${text.replace(/^/gm, '        ')}`);

    const report = (await post(rig.connector.port, `/recordings/${id}/leaks`, {})).json as LeakReport;
    const model = report.leaks.find((leak) => leak.name === 'ChartModel');
    assert.ok(model, JSON.stringify(report.leaks.map((leak) => leak.name)));
    assert.equal(model.location?.file, 'src/App.tsx');
    assert.equal(model.location?.line, REACT_LISTENER_LINE);
    assert.ok(model.retainers.includes('onResize()'), model.retainers.join(' → '));
    assert.ok(
      report.leaks.some((leak) => leak.name === 'Detached <section>'),
      `the chart's node, kept with its fiber: ${report.leaks.map((leak) => leak.name).join(', ')}`,
    );
  });
});
