export { encodeQr, type QrMatrix } from './qr-matrix.ts';
export { darkRuns, QUIET_ZONE_MODULES, type DarkRun } from './dark-runs.ts';
