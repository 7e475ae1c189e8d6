/**
 * The Replay viewer's webview: the run's video with the visual changes as boxes on the frame, its chapters (one
 * per step; a click seeks), and the errors, requests and vitals of the run under it on the same clock. Page text
 * is set as text only. Posts `ready` last; the host answers with `show`.
 */
import type { HostToReplayViewer, ReplayViewerToHost, RunTimeline } from '../../src/shared/replayViewerMessages';
import { el } from './dom';

declare function acquireVsCodeApi(): { postMessage(message: ReplayViewerToHost): void };
const api = acquireVsCodeApi();
const app = document.getElementById('app')!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

type Event = RunTimeline['events'][number];

function eventText(event: Event): { kind: string; text: string; error: boolean } {
  switch (event.kind) {
    case 'console':
      return { kind: event.error ? 'error' : (event.level ?? 'log'), text: event.text ?? '', error: !!event.error };
    case 'network':
      return {
        kind: event.failed ? 'failed' : 'request',
        text: `${event.method ?? 'GET'} ${event.url ?? ''} → ${event.status ?? 'failed'}`,
        error: false,
      };
    case 'vital':
      return { kind: 'vital', text: `${event.name} ${event.value} (${event.rating})`, error: false };
    case 'dialog':
      return {
        kind: 'dialog',
        text: `${event.type ?? 'dialog'} “${event.message ?? ''}” → ${event.answer ?? ''}`,
        error: false,
      };
    default:
      return { kind: event.kind, text: event.text ?? event.url ?? '', error: false };
  }
}

function show(message: HostToReplayViewer): void {
  const { timeline } = message;
  const video = message.videoSrc ? el('video', { controls: true, src: message.videoSrc, preload: 'auto' }) : undefined;
  const boxes = el('div', { className: 'boxes' });
  const stage = el(
    'div',
    { className: 'stage' },
    video ?? el('div', { className: 'none' }, 'This run has no video.'),
    boxes,
  );
  const seek = (ms: number) => {
    if (video) video.currentTime = ms / 1000;
  };
  const chapterButtons = timeline.chapters.map((chapter) =>
    el(
      'button',
      { title: `${seconds(chapter.startMs)}–${seconds(chapter.endMs)}`, onclick: () => seek(chapter.startMs) },
      `${chapter.index + 1}. ${chapter.title}`,
    ),
  );
  const chapters = el('ol', { className: 'chapters' }, ...chapterButtons.map((button) => el('li', {}, button)));
  const events = el('div', { className: 'events', role: 'table' });
  for (const event of timeline.events) {
    const { kind, text, error } = eventText(event);
    const cell = error
      ? el(
          'button',
          { onclick: () => (seek(event.atMs), api.postMessage({ type: 'openError', atMs: event.atMs, text })) },
          text,
        )
      : el('span', {}, text);
    events.append(
      el('span', { className: 'time' }, seconds(event.atMs)),
      el('span', { className: `kind ${kind}` }, kind),
      cell,
    );
  }
  const changes = el(
    'ul',
    { className: 'changes' },
    ...timeline.visualChanges.map((change) =>
      el(
        'li',
        {},
        `Step ${change.step + 1}: ${change.element}${change.component ? ` in ${change.component.name}${change.component.source ? ` (${change.component.source})` : ''}` : ''}`,
      ),
    ),
  );
  const drawBoxes = (step: number | undefined) => {
    const width = timeline.video?.width ?? video?.videoWidth ?? 0;
    const scale = width && video ? video.clientWidth / width : 1;
    boxes.replaceChildren(
      ...timeline.visualChanges
        .filter((change) => step === undefined || change.step <= step)
        .map((change) => {
          const box = el('div', {}, el('span', {}, change.element));
          Object.assign(box.style, {
            left: `${change.box.x * scale}px`,
            top: `${change.box.y * scale}px`,
            width: `${change.box.width * scale}px`,
            height: `${change.box.height * scale}px`,
          });
          return box;
        }),
    );
  };
  const chapterAt = (ms: number) =>
    timeline.chapters.findIndex((chapter) => ms >= chapter.startMs && ms < chapter.endMs);
  const update = () => {
    const current = video ? chapterAt(video.currentTime * 1000) : -1;
    chapterButtons.forEach((button, index) => button.classList.toggle('current', index === current));
    drawBoxes(current < 0 ? undefined : timeline.chapters[current]!.index);
  };
  video?.addEventListener('timeupdate', update);
  video?.addEventListener('loadedmetadata', update);
  window.addEventListener('resize', update);
  app.replaceChildren(
    el('h1', {}, message.title),
    stage,
    el('h2', {}, `Chapters (${timeline.chapters.length})`),
    chapters,
    el('h2', {}, `Errors, requests, vitals and dialogs (${timeline.events.length})`),
    events,
    el('h2', {}, `Visual changes (${timeline.visualChanges.length})`),
    changes,
  );
  update();
}

window.addEventListener('message', (event: MessageEvent<HostToReplayViewer>) => {
  if (event.data?.type === 'show') show(event.data);
});
api.postMessage({ type: 'ready' });
