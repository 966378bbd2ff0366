/**
 * The worker thread of a parallel check run: answers the main thread's requests with FileWorker, one at a time
 * and in order (the main thread matches replies to requests by that order).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { FileWorker } from './fileWork.ts';
import type { WorkerRequest } from './executors.ts';

const { config } = workerData as { config: ConstructorParameters<typeof FileWorker>[0] };
const worker = new FileWorker(config);

parentPort!.on('message', (request: WorkerRequest) => {
  switch (request.kind) {
    case 'first':
      parentPort!.postMessage(worker.first(request.job));
      return;
    case 'index':
      worker.setIndex(request.entries);
      parentPort!.postMessage({ kind: 'ready' });
      return;
    case 'second':
      parentPort!.postMessage(worker.second(request.job));
      return;
  }
});
