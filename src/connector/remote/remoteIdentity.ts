import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { generateClientKeys, type ClientKeys } from '../../shared/remote';

/** Who this connector is to the edge: its key pair (the private key never leaves the file) and its session. */
export interface RemoteIdentity {
  keys: ClientKeys;
  sessionId: string;
}

/**
 * Reads the identity file, or creates it once: the edge binds a client id to its first public key,
 * so the same pair must come back after every restart, and the same session keeps readers' links.
 */
export async function loadRemoteIdentity(file: string): Promise<RemoteIdentity> {
  const stored = await readIdentity(file);
  if (stored) return stored;
  const keys = await generateClientKeys(
    `connector-${hostname()
      .replace(/[^\w.-]/g, '-')
      .slice(0, 40)}-${randomUUID().slice(0, 8)}`,
  );
  const identity: RemoteIdentity = { keys, sessionId: randomUUID() };
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify(identity, null, 2), { mode: 0o600 });
  await rename(temporary, file);
  return identity;
}

async function readIdentity(file: string): Promise<RemoteIdentity | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const damaged = new Error(
    `The remote identity file ${file} is damaged: delete it to enrol this connector again (with an API key).`,
  );
  let parsed: Partial<RemoteIdentity>;
  try {
    parsed = JSON.parse(text) as Partial<RemoteIdentity>;
  } catch {
    throw damaged;
  }
  if (!parsed.keys?.clientId || !parsed.keys.publicKey || !parsed.keys.privateJwk || !parsed.sessionId) throw damaged;
  return parsed as RemoteIdentity;
}
