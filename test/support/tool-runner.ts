// The command-line tools the tests read documents with (poppler, qpdf), run by a small process of their own
// (tool-runner-process.mjs) rather than spawned from the test process. Linux copies a process's page tables on
// every spawn: from a test worker holding 300–500 MB (the PDF engine, fonts, the Schematron rules) a spawn
// cost about 16 ms of the worker's CPU and 130 ms of wall time, against 0.3 ms and 30 ms through the runner
// (measured side by side, docs/decisions.md P9), and the package tests run some 1,500 tools.
//
// The calls stay synchronous, as the helpers that use them are: the test process writes a request to one FIFO
// and blocks reading the answer from the other. The runner starts on the first call and ends with the process.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface ToolRun {
  status: number | null;
  signal: string | null;
  stdout: Buffer;
  stderr: Buffer;
}

const RUNNER = path.join(import.meta.dirname, 'tool-runner-process.mjs');

let channel: { requests: number; answers: number } | undefined;

function connect(): { requests: number; answers: number } {
  const dir = mkdtempSync(path.join(tmpdir(), 'tool-runner-'));
  const requestPath = path.join(dir, 'requests');
  const answerPath = path.join(dir, 'answers');
  execFileSync('mkfifo', [requestPath, answerPath]);
  const runner = spawn(process.execPath, [RUNNER, requestPath, answerPath], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  runner.unref();
  // Each open waits for the runner to open the other end; then the names are no longer needed.
  const requests = openSync(requestPath, 'w');
  const answers = openSync(answerPath, 'r');
  rmSync(dir, { recursive: true, force: true });
  return { requests, answers };
}

function readExactly(fd: number, n: number): Buffer {
  const bytes = Buffer.alloc(n);
  for (let at = 0; at < n; ) {
    const got = readSync(fd, bytes, at, n - at, null);
    if (got === 0) throw new Error('the tool runner ended before answering');
    at += got;
  }
  return bytes;
}

/** Runs `command` as spawnSync would, its status and both outputs as bytes. */
export function runTool(command: string, args: readonly string[]): ToolRun {
  channel ??= connect();
  const request = Buffer.from(JSON.stringify({ command, args }));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(request.length, 0);
  writeSync(channel.requests, Buffer.concat([length, request]));
  const header = JSON.parse(readExactly(channel.answers, readExactly(channel.answers, 4).readUInt32LE(0)).toString());
  if (header.error) throw new Error(`${command}: ${header.error}`);
  const stdout = readExactly(channel.answers, header.stdout);
  const stderr = readExactly(channel.answers, header.stderr);
  return { status: header.status, signal: header.signal, stdout, stderr };
}

/** Its standard output, as execFileSync gives it: a failure (non-zero status) throws with the tool's message. */
export function toolOutput(command: string, args: readonly string[]): Buffer {
  const run = runTool(command, args);
  if (run.status !== 0)
    throw new Error(`${command} ${args.join(' ')}: ${run.signal ?? `exit ${run.status}`}\n${run.stderr}`);
  return run.stdout;
}

/** Its standard output as UTF-8 text. */
export const toolText = (command: string, args: readonly string[]): string =>
  toolOutput(command, args).toString('utf8');
