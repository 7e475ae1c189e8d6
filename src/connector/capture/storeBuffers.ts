import {
  captureEventSchema,
  type StoredConsoleError,
  type StoredConsoleLog,
  type StoredCurrentUrl,
  type StoredNetworkRequest,
  type StoredPageNavigated,
  type StoredScreenshot,
  type StoredSelectedElement,
  type StoredWebSocketEvent,
} from '../../shared/protocol';
import type { IndexSpec } from '../memory/entryColumns';
import type { RingBufferOptions } from './ringBuffer';

/** The store's ring buffers: which kind of entry each holds, and what its readers filter on. */
export interface BufferTypes {
  consoleLogs: StoredConsoleLog;
  consoleErrors: StoredConsoleError;
  networkSuccess: StoredNetworkRequest;
  networkErrors: StoredNetworkRequest;
  selectedElements: StoredSelectedElement;
  pageLoads: StoredPageNavigated | StoredCurrentUrl;
  screenshots: StoredScreenshot;
  websocketFrames: StoredWebSocketEvent;
}
export type BufferKind = keyof BufferTypes;
export const BUFFER_KINDS: readonly BufferKind[] = [
  'consoleLogs',
  'consoleErrors',
  'networkSuccess',
  'networkErrors',
  'selectedElements',
  'pageLoads',
  'screenshots',
  'websocketFrames',
];

/** What the store's readers filter on (level, time, page load, method, status) and search (message, URL), kept beside each stored text. */
const INDEX: IndexSpec = {
  numbers: ['timestamp', 'tabId', 'status'],
  values: ['type', 'level', 'method', 'pageLoadId'],
  texts: ['message', 'url'],
};
/** Every field a stored entry can have, from the capture schemas, so a filter may read any of them. */
const FIELDS = [
  ...new Set([
    ...captureEventSchema.options.flatMap((option) => Object.keys(option.shape)),
    'id',
    'seq',
    'pageLoadId',
    'timestamp',
    'path',
    'size',
    'format',
    'dimensions',
  ]),
];
export const RING_OPTIONS: RingBufferOptions = { index: INDEX, fields: FIELDS };
