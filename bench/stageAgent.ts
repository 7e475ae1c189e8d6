/**
 * One agent of bench:agents:stages in its own process (agentProcess.ts). Started with `PORT`, `URL`, `CALLS`: opens
 * its tab and takes a snapshot, then for each stage name it is asked makes CALLS calls of that stage and answers
 * their times.
 */
import { STAGES } from './agentStageList';
import { serveAgent } from './agentProcess';
import { connectOurs } from './ourClient';
import { toolText } from './toolText';

serveAgent<string, number[]>(async () => {
  const { client, close } = await connectOurs(process.env.PORT!, 'Stages');
  await toolText(client, 'new_tab', { url: process.env.URL! });
  const snapshot = await toolText(client, 'take_snapshot', {});
  return {
    close,
    async answer(name) {
      const stage = STAGES.find((one) => one.name === name);
      if (!stage) throw new Error(`No stage '${name}'.`);
      const times: number[] = [];
      for (let i = 0; i < Number(process.env.CALLS); i++) {
        const started = performance.now();
        await toolText(client, stage.tool, stage.args(snapshot));
        times.push(performance.now() - started);
      }
      return times;
    },
  };
});
