// `npm run load` in edge/: the spec's maximum of 1000 simultaneous tunnel clients on one session,
// held for LOAD_SECONDS (default 60) while the connector sends captures; every client must get
// every capture, in order. Traffic stays on loopback. (test/node/load.test.ts asserts the same.)
import { runTunnelLoad } from '../test/node/tunnelLoad';
import { benchEnv } from './setup';

const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 1000);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const PER_SECOND = Number(process.env.LOAD_RATE ?? 10);

const env = await benchEnv();
const cpuBefore = env.cpuSeconds();
const result = await runTunnelLoad({
  url: env.dev.url,
  token: await env.token(),
  clients: CLIENTS,
  seconds: SECONDS,
  perSecond: PER_SECOND,
});
const cpu = env.cpuSeconds() - cpuBefore;
console.log(`${CLIENTS} clients connected in ${result.connectMs} ms`);
console.log(
  `| Load: ${CLIENTS} tunnel clients for ${SECONDS} s, ${PER_SECOND} captures/s | ${result.complete}/${CLIENTS} clients got all ${result.sent} captures in order; ${result.open} still open; ${result.delivered.toLocaleString('en')} frames delivered; workerd CPU ${cpu.toFixed(1)} s (${((cpu / result.delivered) * 1e6).toFixed(0)} µs per delivered frame) |`,
);
await env.dev.stop();
process.exit(result.complete === CLIENTS ? 0 : 1);
