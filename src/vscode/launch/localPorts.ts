import { request } from 'node:http';

/** Ports dev servers usually take: Next/CRA/Express, Vite, Angular, Astro, Django/Rails, webpack, and friends. */
export const DEV_PORTS: readonly number[] = [
  3000, 3001, 3002, 4173, 4200, 4321, 5000, 5173, 5174, 5500, 8000, 8080, 8081, 8888, 9000,
];

/**
 * Where `localhost` may listen: a dev server bound to `localhost` takes ::1 only on some systems (Vite on
 * macOS), others 127.0.0.1 only. The browser resolves `localhost` to both, so either counts.
 */
export const LOOPBACK_HOSTS: readonly string[] = ['127.0.0.1', '::1'];

/** Whether something answers HTTP on localhost:port (IPv4 or IPv6 loopback) within the timeout (any status counts). */
export async function answersHttp(port: number, timeoutMs = 400): Promise<boolean> {
  const answers = await Promise.all(LOOPBACK_HOSTS.map((host) => answersOn(host, port, timeoutMs)));
  return answers.includes(true);
}

function answersOn(host: string, port: number, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request({ host, port, method: 'HEAD', path: '/', timeout: timeoutMs }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('timeout', () => (req.destroy(), resolve(false)));
    req.on('error', () => resolve(false));
    req.end();
  });
}

/** The candidate ports that answer, all probed at once, in the order given. */
export async function answeringPorts(ports: readonly number[], timeoutMs = 400): Promise<number[]> {
  const answers = await Promise.all(ports.map((port) => answersHttp(port, timeoutMs)));
  return ports.filter((_, i) => answers[i]);
}
