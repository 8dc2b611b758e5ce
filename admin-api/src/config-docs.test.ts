import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from './config.ts';
import { configurationDoc } from './config-docs.ts';

describe('docs/configuration.md', () => {
  it('is what `make docs` writes from the configuration schema', () => {
    expect(readFileSync(join(import.meta.dirname, '../../docs/configuration.md'), 'utf8')).toBe(configurationDoc());
  });

  it("gives every setting a row with the schema's own default", () => {
    const doc = configurationDoc();
    for (const name of CONFIG_VARIABLES) expect(doc, name).toMatch(new RegExp(`^\\| \`${name}\` \\| `, 'm'));
    expect(doc).toMatch(/^\| `PORT` \| `4321` \|/m);
    expect(doc).toMatch(/^\| `CONTACT_NOTIFY` \| `true` \|/m);
    expect(doc).toMatch(/^\| `TRUST_PROXY` \| unset \|/m);
  });
});
