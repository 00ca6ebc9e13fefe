// The small process that runs the command-line tools for a test process (tool-runner.ts): requests come in on
// one FIFO, answers go out on the other, each a 4-byte length, a JSON header and the bytes. It exits when the test
// process closes its end (end of file on the request FIFO), so it never outlives it.
import { spawnSync } from 'node:child_process';
import { openSync, readSync, writeSync } from 'node:fs';

const [requestPath, answerPath] = process.argv.slice(2);
/** spawnSync's default (1 MB) is smaller than a long document's `pdftotext -bbox` or uncompressed `qpdf --qdf` output. */
const MAX_BUFFER = 256 << 20;
const requests = openSync(requestPath, 'r');
const answers = openSync(answerPath, 'w');

/** Exactly `n` bytes of the request FIFO; the end of the file ends this process. */
function readExactly(n) {
  const bytes = Buffer.alloc(n);
  for (let at = 0; at < n; ) {
    const got = readSync(requests, bytes, at, n - at, null);
    if (got === 0) process.exit(0);
    at += got;
  }
  return bytes;
}

for (;;) {
  const { command, args } = JSON.parse(readExactly(readExactly(4).readUInt32LE(0)).toString());
  const run = spawnSync(command, args, { maxBuffer: MAX_BUFFER });
  const stdout = run.stdout ?? Buffer.alloc(0);
  const stderr = run.stderr ?? Buffer.alloc(0);
  const header = Buffer.from(
    JSON.stringify({
      status: run.status,
      signal: run.signal,
      error: run.error?.message,
      stdout: stdout.length,
      stderr: stderr.length,
    }),
  );
  const length = Buffer.alloc(4);
  length.writeUInt32LE(header.length, 0);
  writeSync(answers, Buffer.concat([length, header, stdout, stderr]));
}
