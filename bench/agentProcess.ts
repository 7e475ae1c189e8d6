/**
 * One bench agent per process, as real agents are (each MCP client is its own program): several clients in one
 * Node process would share one event loop, a serial hop of the bench's own making (issue 32). The bench forks
 * an agent script (`forkAgent`), which answers through `serveAgent`: `ready` once its client is connected, then
 * one reply per question, and it ends its session and exits on `close`. A child that fails or exits early
 * rejects the question with what it said, so the bench stops with a clear error instead of hanging.
 */
import { fork } from 'node:child_process';

type ToAgent<Q> = { type: 'ask'; ask: Q } | { type: 'close' };
type FromAgent<R> = { type: 'ready' } | { type: 'reply'; reply: R } | { type: 'failed'; message: string };

export interface AgentProcess<Q, R> {
  pid: number | undefined;
  ask(question: Q): Promise<R>;
  /** Ends the agent's session (its tabs close) and waits for its process to exit. */
  close(): Promise<void>;
}

/** Forks `script` (run through tsx) with `env` added, and resolves once the agent says it is ready. */
export async function forkAgent<Q, R>(script: string, env: Record<string, string>): Promise<AgentProcess<Q, R>> {
  const child = fork(script, [], { execArgv: ['--import', 'tsx'], env: { ...process.env, ...env } });
  const name = `${script.split('/').at(-1)} (pid ${child.pid})`;
  let waiting: { done(message: FromAgent<R>): void; fail(error: Error): void } | undefined;
  let exited: Error | undefined;
  const next = () => new Promise<FromAgent<R>>((done, fail) => (exited ? fail(exited) : (waiting = { done, fail })));
  const take = () => {
    const wait = waiting;
    waiting = undefined;
    return wait;
  };
  child.on('message', (message: FromAgent<R>) => {
    if (message.type === 'failed') take()?.fail(new Error(`Agent ${name} failed: ${message.message}`));
    else take()?.done(message);
  });
  const end = (error: Error) => {
    exited ??= error;
    take()?.fail(error);
  };
  child.on('error', (error) => end(new Error(`Agent ${name} could not run: ${error.message}`)));
  // 'close', not 'exit': it comes after the IPC channel closed, so a last 'failed' message is read first.
  child.on('close', (code, signal) => end(new Error(`Agent ${name} exited (${signal ?? code}) before answering.`)));
  await next();
  return {
    pid: child.pid,
    async ask(question) {
      const reply = next();
      child.send({ type: 'ask', ask: question } satisfies ToAgent<Q>);
      const message = await reply;
      if (message.type !== 'reply') throw new Error(`Agent ${name} answered '${message.type}' to a question.`);
      return message.reply;
    },
    close: () =>
      new Promise<void>((done) => {
        if (exited || child.exitCode !== null) return done();
        child.once('close', () => done());
        child.send({ type: 'close' } satisfies ToAgent<Q>);
      }),
  };
}

/** The agent's side: `setup` connects its client; each question gets `answer`'s reply, or `failed` with why. */
export function serveAgent<Q, R>(
  setup: () => Promise<{ answer(question: Q): Promise<R>; close(): Promise<void> }>,
): void {
  const send = (message: FromAgent<R>) => process.send!(message);
  const failed = (error: unknown) => ({
    type: 'failed' as const,
    message: error instanceof Error ? error.message : String(error),
  });
  // The bench went away (it failed, or was stopped): nothing is left to answer.
  process.on('disconnect', () => process.exit(1));
  setup().then(
    (agent) => {
      process.on('message', (message: ToAgent<Q>) => {
        if (message.type === 'close') return void agent.close().finally(() => process.exit(0));
        agent.answer(message.ask).then(
          (reply) => send({ type: 'reply', reply }),
          (error: unknown) => send(failed(error)),
        );
      });
      send({ type: 'ready' });
    },
    (error: unknown) => process.send!(failed(error), () => process.exit(1)),
  );
}
