/** `make start`: prepares the database and the site folder, then serves both on one port. */
import { mkdirSync } from 'node:fs';
import { pino } from 'pino';
import { bootstrapAdmin, createApp, distPaths, ensureFullRender, listen, openContentDb } from '@forkcast/admin-api';
import { configOrExit, progressLine } from './lib.ts';

const config = configOrExit();
const { db, seeded } = await openContentDb(config.databasePath);
if (seeded.citiesAdded + seeded.postsAdded > 0) {
  console.log(`Seeded ${config.databasePath}: ${seeded.citiesAdded} cities, ${seeded.postsAdded} posts.`);
}

const admin = await bootstrapAdmin(db, config);
if (admin.action === 'generated') {
  console.log('\nCreated the admin account (shown only this once; `make admin-password` changes it):');
  console.log(`  email:    ${admin.email}`);
  console.log(`  password: ${admin.password}\n`);
}

const dist = distPaths('dist');
const rendered = await ensureFullRender({
  db,
  dist,
  site: { siteName: config.siteName, publicHost: config.publicHost },
  onPage: progressLine('Rendering pages'),
});
if (rendered) console.log(`Rendered ${rendered.pages} pages in ${rendered.ms} ms.`);

mkdirSync(config.uploadDir, { recursive: true });
const app = createApp({ db, config, siteDir: dist.siteDir, logger: pino({ name: 'forkcast' }) });
const server = await listen(app, config.host, config.port);
console.log(`Forkcast is serving ${server.url} (public host ${config.publicHost}). Stop with Ctrl+C.`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await server.close();
    await db.destroy();
    process.exit(0);
  });
}
