// A worker thread of the offload pool (pool.ts): loads the task table (server/offloadTasks.ts, or
// its compiled dist-server/offloadTasks.mjs) and runs one task at a time for the main thread.
// Plain JavaScript so it starts the same under tsx, Vitest and plain Node; from the sources it
// registers tsx first, so the TypeScript task table can be imported.
import { parentPort, workerData } from 'node:worker_threads';
import { setPriority } from 'node:os';

// Parsing and matching an upload is batch work: on Linux the nice value is per thread, so this
// thread alone steps back and the cores go first to the event loop answering every studio's
// lists and forms (as the PDF workers do). Elsewhere it would apply to the whole process.
if (process.platform === 'linux') {
  try {
    setPriority(10);
  } catch {
    /* not allowed: run at the normal priority */
  }
}

if (workerData.tsx) {
  const { register } = await import('tsx/esm/api');
  register();
}
const { tasks } = await import(workerData.entry);

parentPort.on('message', async ({ id, task, input }) => {
  try {
    const run = tasks[task];
    if (typeof run !== 'function') throw new Error(`unknown task ${task}`);
    const output = await run(input);
    parentPort.postMessage({ id, output });
  } catch (e) {
    // an HttpError crosses the thread as its parts (status, message, errors) and is made again there
    parentPort.postMessage({
      id,
      error: {
        status: typeof e?.status === 'number' ? e.status : undefined,
        message: String(e?.message ?? e),
        errors: e?.errors,
        stack: e?.stack,
      },
    });
  }
});
parentPort.postMessage({ ready: true });
