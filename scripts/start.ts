/**
 * `make start`, `pnpm start` and the systemd unit: prepares the database and the site folder, then
 * serves both on one port. It never compiles: `make start` runs `astro build` first when the sources
 * changed, a production host runs it once per release.
 */
import { pino } from 'pino';
import { bootServer, distPaths } from '@forkcast/admin-api';
import { configOrExit, progressLine, runOrExit, showGeneratedAdmin } from './lib.ts';

const config = configOrExit();
// Every request is logged, so lines are gathered and written 8 kB at a time (at least once a
// second, and at exit) instead of one write per request on the path of the answer. They are handed
// over as bytes: given text, the writer measures the whole chunk gathered so far on every line
// (a tenth of the server's time under a read load); given bytes, it keeps count as it goes.
const output = pino.destination({ dest: 1, sync: false, minLength: 8192, periodicFlush: 1000, contentMode: 'buffer' });
const logger = pino(
  {
    name: 'forkcast',
    level: config.logLevel,
    // Nothing logs these today; a careless line tomorrow still prints no secret.
    redact: {
      paths: ['password', '*.password', 'secret', '*.secret', 'token', '*.token', 'cookie', '*.cookie', 'smtpUrl', '*.smtpUrl'],
      censor: '[redacted]',
    },
  },
  // (sonic-boom's types know only text.)
  { write: (line: string) => output.write(Buffer.from(line) as unknown as string) },
);
// Lines that someone waits for (a supervisor, a test, the operator at a terminal) go out at once
// rather than with the next 8 kB.
const announce = (fields: object, message: string) => {
  logger.info(fields, message);
  output.flush();
};
const onPage = progressLine('Rendering pages');
const booted = await runOrExit(() =>
  bootServer(config, distPaths('dist'), logger, {
    seeded: (counts) => logger.info({ databasePath: config.databasePath, ...counts }, 'seeded the new database'),
    admin: (result) => {
      if (result.action === 'generated') showGeneratedAdmin(config, result, logger);
    },
    rendered: (result) => {
      logger.info({ pages: result.pages, ms: result.ms }, 'rendered every page');
      for (const { route, error } of result.failed) {
        logger.warn({ route, error }, 'a page could not be rendered: it keeps its last good version and is retried in the background');
      }
    },
    // Another server took the database over: this one has stopped writing; it ends, saying why.
    leaseLost: (message) => {
      console.error(message);
      process.exit(1);
    },
    ...(onPage ? { onPage } : {}),
  }),
);
announce(
  { url: booted.server.url, publicHost: config.publicHost },
  `Forkcast is serving ${booted.server.url} (public host ${config.publicHost}). Stop with Ctrl+C.`,
);

// The first signal stops gracefully (requests in flight and their publishes finish, bounded by the
// server's grace period); a second one stops at once.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    announce({ signal }, `${signal}: finishing the requests in flight, then stopping`);
    booted.close().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'stopping failed');
        process.exit(1);
      },
    );
  });
}
