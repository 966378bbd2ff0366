/**
 * `plsql-perf report ... | head` closes standard output early. Node then reports EPIPE as an 'error' event on the
 * stream, which nothing handles, so the process died with a stack trace. A reader that stopped reading is not an
 * error of ours: the rest of the output is dropped and the run ends as it would have.
 */
export function dropOutputWhenClosed(stream: NodeJS.WriteStream): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') {
      stream.destroy();
      return;
    }
    throw error;
  });
}
