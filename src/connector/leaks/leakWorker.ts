/**
 * Entry of the leak-analysis worker thread (dist/leakWorker.js): three snapshot paths in, one HeapDiff out,
 * then the thread ends. MemLab's parser and its graph live on this thread's heap only.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { diffHeaps, type HeapFiles } from './heapDiff';

const { files, iterations } = workerData as { files: HeapFiles; iterations: number };
diffHeaps(files, iterations).then(
  (diff) => parentPort!.postMessage({ diff }),
  (error: Error) => parentPort!.postMessage({ error: { message: error.message } }),
);
