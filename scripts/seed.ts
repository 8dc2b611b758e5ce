/** `make seed`: creates the database if needed, migrates it and adds missing seed content. */
import { openContentDb } from '@forkcast/content-db/open';
import { configOrExit, runOrExit } from './lib.ts';

const config = configOrExit();
const { db, seeded } = await runOrExit(() => openContentDb(config.databasePath));
await db.destroy();
console.log(`${config.databasePath}: added ${seeded.citiesAdded} cities, ${seeded.postsAdded} posts and ${seeded.pagesAdded} pages.`);
