/**
 * The worker thread of a parallel check run: answers the main thread's requests with FileWorker, one at a time
 * and in order (the main thread matches replies to requests by that order).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { FileWorker, type FileWorkOptions } from './fileWork.ts';
import { threadCpuMs } from './threadCpu.ts';
import type { WorkerRequest } from './executors.ts';
import { unpackIndex } from './packedIndex.ts';

const { config, options } = workerData as { config: ConstructorParameters<typeof FileWorker>[0]; options: FileWorkOptions };
const worker = new FileWorker(config, options);

const now = () => performance.timeOrigin + performance.now();
const traced = <T extends { timings: { span?: [number, number]; cpu?: number } }>(started: number, reply: T): T => {
  reply.timings.span = [started, now()];
  reply.timings.cpu = threadCpuMs();
  return reply;
};

parentPort!.on('message', (request: WorkerRequest) => {
  const started = now();
  switch (request.kind) {
    case 'first':
      parentPort!.postMessage(traced(started, worker.first(request.job)));
      return;
    case 'index':
      worker.setIndex(unpackIndex(request.packed));
      parentPort!.postMessage({ kind: 'ready', span: [started, now()], cpu: threadCpuMs() });
      return;
    case 'second':
      parentPort!.postMessage(traced(started, worker.second(request.job)));
      return;
    case 'forget':
      worker.forget(request.ids);
      parentPort!.postMessage({ kind: 'forgotten' });
      return;
  }
});
