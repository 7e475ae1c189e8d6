/** The standalone connector (dist/cli.js) as the action benchmarks start it, resolved once it listens. */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

export async function startConnector(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [resolve(__dirname, '../dist/cli.js'), '--port', String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((done) =>
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('listening') && done()),
  );
  return child;
}
