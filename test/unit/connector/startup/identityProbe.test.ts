import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { resolve } from 'node:path';
import { Connector } from '../../../../src/connector/connector';
import { probeIdentity } from '../../../../src/connector/startup/identityProbe';
import { HOLDER_NOTES, HOLDERS, holdPort } from '../../../support/heldPorts';
import { closeServer, freePortRun, listenOn } from '../../../support/ports';

const root = resolve(__dirname, '../../../..');

describe('identity probe', function () {
  this.timeout(30_000);

  for (const holder of HOLDERS) {
    it(`settles, not ours, against a listener that ${holder}`, async () => {
      const held = await holdPort(await freePortRun(1), holder);
      try {
        const started = Date.now();
        const probe = await probeIdentity('127.0.0.1', held.port, 500);
        assert.equal(probe.ours, false);
        assert.match(probe.holder, HOLDER_NOTES[holder]);
        assert.ok(Date.now() - started < 5_000, 'it gave up in time');
      } finally {
        await held.close();
      }
    });
  }

  it('knows our own connector, and a JSON answer that is someone else', async () => {
    const connector = await Connector.start({ port: 0 });
    const port = await freePortRun(1);
    const other = await listenOn(port, () => ({ name: 'browser-tools-server', signature: 'x' }));
    try {
      const ours = await probeIdentity('127.0.0.1', connector.port);
      assert.equal(ours.ours, true);
      assert.equal(ours.identity?.name, 'browser-debug-connector');
      const theirs = await probeIdentity('127.0.0.1', port);
      assert.deepEqual([theirs.answered, theirs.ours], [true, false]);
      assert.match(theirs.holder, /not a Browser Debug connector \(browser-tools-server\)/);
    } finally {
      await connector.stop();
      await closeServer(other);
    }
  });

  it('says nothing is there on a free port', async () => {
    const probe = await probeIdentity('127.0.0.1', await freePortRun(1));
    assert.deepEqual([probe.answered, probe.ours, probe.holder], [false, false, 'nothing accepted the connection']);
  });

  it('keeps a process alive until it settles, even with nothing else to wait for (Node 20 fetch did not)', async () => {
    const held = await holdPort(await freePortRun(1), 'closes at once');
    try {
      const script = `require('./src/connector/startup/identityProbe').probeIdentity('127.0.0.1', ${held.port}, 3000).then((p) => console.log(JSON.stringify(p)))`;
      // Not spawnSync: the listener lives in this process and must keep accepting.
      const run = await promisify(execFile)(process.execPath, ['--import', 'tsx', '-e', script], {
        cwd: root,
        encoding: 'utf8',
        timeout: 20_000,
      });
      assert.match(run.stdout, /"holder":"it closed the connection at once"/, run.stderr);
    } finally {
      await held.close();
    }
  });

  it('a start-up that stalls prints why and exits 1 instead of 0 in silence', () => {
    const script = `require('./src/connector/startup/startupGuard').guardStartup('Test thing'); new Promise(() => undefined);`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], {
      cwd: root,
      encoding: 'utf8',
      timeout: 20_000,
    });
    assert.equal(run.status, 1);
    assert.match(run.stderr, /Test thing could not start: start-up stalled/);
  });
});
