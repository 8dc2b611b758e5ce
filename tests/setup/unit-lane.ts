import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';
import workerThreads from 'node:worker_threads';

/**
 * Keeps the unit lane what `make test-unit` promises: no child processes, no listening sockets and
 * no worker threads. A test that needs one belongs in the slow lane, named `*.slow.test.ts`.
 */
function refuse(what: string): never {
  throw new Error(`${what} in the unit lane: move this test to a file named *.slow.test.ts (see docs/contributing.md)`);
}

for (const name of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'] as const) {
  Object.assign(childProcess, { [name]: () => refuse(`child_process.${name}()`) });
}
net.Server.prototype.listen = () => refuse('A listening server');
Object.assign(workerThreads, {
  Worker: class {
    constructor() {
      refuse('A worker thread');
    }
  },
});
// Named imports of node: modules (`import { spawn } from 'node:child_process'`) see the replacements too.
syncBuiltinESMExports();
