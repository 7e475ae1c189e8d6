import assert from 'node:assert/strict';
import { startTogether } from '../../support/startTogether';

describe('startTogether (the rigs start their servers at once)', () => {
  it('keeps a server that comes up after another failed, and throws that failure', async () => {
    const kept: string[] = [];
    let comeUp!: () => void;
    const late = new Promise<string>((resolve) => (comeUp = () => resolve('late')));
    const started = startTogether([Promise.reject(new Error('port in use')), late.then((server) => kept.push(server))]);
    let settled = false;
    void started.catch(() => (settled = true));
    await Promise.resolve();
    assert.equal(settled, false, 'the failure waits for the late start');
    comeUp();
    await assert.rejects(started, /port in use/);
    assert.deepEqual(kept, ['late']);
  });

  it('resolves when every start is up', async () => {
    const kept: number[] = [];
    await startTogether([1, 2].map(async (n) => kept.push(n)));
    assert.deepEqual(kept.sort(), [1, 2]);
  });
});
