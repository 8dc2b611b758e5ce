/** `make start`: prepares the database and the site folder, then serves both on one port. */
import { pino } from 'pino';
import { bootServer, distPaths } from '@forkcast/admin-api';
import { configOrExit, progressLine, runOrExit } from './lib.ts';

const config = configOrExit();
const logger = pino({ name: 'forkcast' });
const onPage = progressLine('Rendering pages');
const booted = await runOrExit(() => bootServer(config, distPaths('dist'), logger, {
  seeded: (counts) => console.log(`Seeded ${config.databasePath}: ${counts.citiesAdded} cities, ${counts.postsAdded} posts.`),
  admin: (result) => {
    if (result.action !== 'generated') return;
    console.log('\nCreated the admin account (shown only this once; `make admin-password` changes it):');
    console.log(`  email:    ${result.email}`);
    console.log(`  password: ${result.password}\n`);
  },
  rendered: (result) => console.log(`Rendered ${result.pages} pages in ${result.ms} ms.`),
  ...(onPage ? { onPage } : {}),
}));
console.log(`Forkcast is serving ${booted.server.url} (public host ${config.publicHost}). Stop with Ctrl+C.`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await booted.close();
    process.exit(0);
  });
}
