import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { forkAgent } from '../../../bench/agentProcess';

const script = resolve(__dirname, 'fixtures/benchAgent.ts');
const env = (mode: string) => ({ MODE: mode, XDG_STATE_HOME: process.env.XDG_STATE_HOME ?? '' });

describe('bench agent processes (bench/agentProcess.ts: one process per agent)', () => {
  it('asks and answers, then closes the process', async () => {
    const agent = await forkAgent<number, number>(script, env('ok'));
    assert.equal(await agent.ask(21), 42);
    assert.equal(await agent.ask(2), 4);
    await agent.close();
  });

  it("rejects with the child's own message when it cannot start", async () => {
    await assert.rejects(forkAgent(script, env('setup')), /benchAgent\.ts \(pid \d+\) failed: no connector on port 1/);
  });

  it('rejects a question the child failed, and the child still closes', async () => {
    const agent = await forkAgent<number, number>(script, env('answer'));
    await assert.rejects(agent.ask(7), /failed: question 7 went wrong/);
    await agent.close();
  });

  it('rejects when the child exits before answering, and later questions too', async () => {
    const agent = await forkAgent<number, number>(script, env('die'));
    await assert.rejects(agent.ask(1), /exited \(3\) before answering/);
    await assert.rejects(agent.ask(1), /exited \(3\)/);
    await agent.close();
  });
});
