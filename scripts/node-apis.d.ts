// The Node APIs scripts/admin.ts uses, for tsconfig.scripts.json (Workers types, no @types/node):
// subsets of @types/node's declarations, same names and shapes.
declare module 'node:child_process' {
  interface SpawnSyncOptions {
    encoding: 'utf8';
    env: Record<string, string | undefined>;
  }
  interface SpawnSyncReturns {
    status: number | null;
    stdout: string;
    stderr: string;
  }
  export function spawnSync(command: string, args: readonly string[], options: SpawnSyncOptions): SpawnSyncReturns;
}

declare module 'node:process' {
  export const argv: string[];
  export const env: Record<string, string | undefined>;
  export function exit(code?: number): never;
}
