/**
 * `make docs`: writes the parts of docs/ that are generated from the code, so they cannot drift
 * from it; a test fails while a generated page differs from what this would write.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiDocPages, configurationDoc } from '@forkcast/admin-api/offline';

const DOCS = join(import.meta.dirname, '..', 'docs');
const pages: Record<string, string> = { 'configuration.md': configurationDoc(), ...(await apiDocPages()) };
for (const [name, text] of Object.entries(pages)) {
  writeFileSync(join(DOCS, name), text);
  console.log(`Wrote docs/${name}`);
}
