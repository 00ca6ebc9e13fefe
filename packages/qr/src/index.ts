export { type DarkRun, darkRuns, QUIET_ZONE_MODULES } from './dark-runs.ts';
export { encodeQr, type QrMatrix } from './qr-matrix.ts';
