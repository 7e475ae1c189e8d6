import assert from 'node:assert/strict';
import { PacedScans, type Clock } from '../../../browser-extension/src/background/workers/pacedScans';

/** A clock the test moves by hand: timers run when `tick` passes their time. */
function fakeClock(): Clock & { tick(ms: number): void } {
  let now = 0;
  let timers: { at: number; run: () => void }[] = [];
  return {
    now: () => now,
    after(ms, run) {
      const timer = { at: now + ms, run };
      timers.push(timer);
      return () => (timers = timers.filter((other) => other !== timer));
    },
    tick(ms) {
      now += ms;
      const due = timers.filter((timer) => timer.at <= now);
      timers = timers.filter((timer) => timer.at > now);
      for (const timer of due) timer.run();
    },
  };
}

/** A scan per tab that the test ends by hand; `started` lists the tabs in the order their scans began. */
function scans() {
  const started: number[] = [];
  const ends: (() => void)[] = [];
  const scan = (tabId: number) =>
    new Promise<void>((resolve) => {
      started.push(tabId);
      ends.push(resolve);
    });
  /** Ends the oldest running scan and lets its promise chain run. */
  const endOne = async () => {
    ends.shift()!();
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { started, scan, endOne };
}

describe('PacedScans: per-tab scans, one in flight and one owed at most, starts a gap apart', () => {
  it('starts at once when the tab has no scan running and its gap has passed', () => {
    const clock = fakeClock();
    const { started, scan } = scans();
    const paced = new PacedScans(scan, 200, clock);
    paced.request(1);
    paced.request(2);
    assert.deepEqual(started, [1, 2], 'tabs do not wait for each other');
  });

  it('runs exactly one more scan for any number of requests during a scan, once the gap has passed', async () => {
    const clock = fakeClock();
    const { started, scan, endOne } = scans();
    const paced = new PacedScans(scan, 200, clock);
    paced.request(1);
    for (let i = 0; i < 50; i++) paced.request(1);
    clock.tick(50);
    await endOne();
    assert.deepEqual(started, [1], 'the gap has not passed');
    clock.tick(149);
    assert.deepEqual(started, [1]);
    clock.tick(1);
    assert.deepEqual(started, [1, 1]);
    await endOne();
    clock.tick(1000);
    assert.deepEqual(started, [1, 1], 'nothing more was owed');
  });

  it('starts an owed scan when a long scan ends, the gap having passed meanwhile', async () => {
    const clock = fakeClock();
    const { started, scan, endOne } = scans();
    const paced = new PacedScans(scan, 200, clock);
    paced.request(1);
    clock.tick(500);
    paced.request(1);
    assert.deepEqual(started, [1], 'one in flight');
    await endOne();
    assert.deepEqual(started, [1, 1]);
  });

  it('bounds a flood of requests to one scan per gap', async () => {
    const clock = fakeClock();
    const startedAt: number[] = [];
    const paced = new PacedScans(async () => void startedAt.push(clock.now()), 200, clock);
    for (let ms = 0; ms < 1000; ms += 10) {
      paced.request(1);
      for (let i = 0; i < 5; i++) await Promise.resolve();
      clock.tick(10);
    }
    assert.deepEqual(startedAt, [0, 200, 400, 600, 800, 1000], '100 requests in one second');
  });

  it('drops an owed scan when the tab is forgotten, and keeps going after a scan that failed', async () => {
    const clock = fakeClock();
    let fail = true;
    const started: number[] = [];
    const paced = new PacedScans(
      (tabId) => (started.push(tabId), fail ? Promise.reject(new Error('refused')) : Promise.resolve()),
      200,
      clock,
    );
    paced.request(1);
    for (let i = 0; i < 5; i++) await Promise.resolve();
    paced.request(1);
    paced.forget(1);
    clock.tick(1000);
    assert.deepEqual(started, [1], 'the owed scan was dropped');
    fail = false;
    paced.request(1);
    assert.deepEqual(started, [1, 1], 'a failed scan does not block the next');
  });
});
