import type { Migration, MigrationProvider } from 'kysely/migration';
import * as m0001 from './0001-initial.ts';
import * as m0002 from './0002-publish-log.ts';
import * as m0003 from './0003-reader-order-index.ts';
import * as m0004 from './0004-pins-spreadsheets-alt.ts';
import * as m0005 from './0005-authoring.ts';
import * as m0006 from './0006-newsletter.ts';
import * as m0007 from './0007-finer-publishing.ts';
import * as m0008 from './0008-newsletter-sends.ts';
import * as m0009 from './0009-search.ts';
import * as m0010 from './0010-revisions.ts';
import * as m0011 from './0011-covering-list-indexes.ts';
import * as m0012 from './0012-post-link-changes.ts';
import * as m0013 from './0013-server-lease.ts';
import * as m0014 from './0014-site-generations.ts';
import * as m0016 from './0016-bucket-queue.ts';
import * as m0017 from './0017-users-and-roles.ts';
import * as m0018 from './0018-invitations-and-resets.ts';
import * as m0019 from './0019-review.ts';
import * as m0021 from './0021-search-facets.ts';
import * as m0022 from './0022-search-authors.ts';
import * as m0026 from './0026-insights.ts';
import * as m0027 from './0027-secure-search-delete.ts';
import * as m0028 from './0028-webhooks.ts';
import * as m0029 from './0029-pages.ts';
import * as m0030 from './0030-seo-fields.ts';
import * as m0031 from './0031-media.ts';
import * as m0032 from './0032-editor-redirects.ts';
import * as m0034 from './0034-page-history-seo.ts';
import * as m0035 from './0035-fixed-pages.ts';
import * as m0037 from './0037-search-kind-index.ts';
import * as m0038 from './0038-search-facet-terms.ts';
import * as m0039 from './0039-tag-counts.ts';

/** Every migration in the order it runs. Append only: a landed migration is never edited. */
export const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
  '0002-publish-log': m0002,
  '0003-reader-order-index': m0003,
  '0004-pins-spreadsheets-alt': m0004,
  '0005-authoring': m0005,
  '0006-newsletter': m0006,
  '0007-finer-publishing': m0007,
  '0008-newsletter-sends': m0008,
  '0009-search': m0009,
  '0010-revisions': m0010,
  '0011-covering-list-indexes': m0011,
  '0012-post-link-changes': m0012,
  '0013-server-lease': m0013,
  '0014-site-generations': m0014,
  '0016-bucket-queue': m0016,
  '0017-users-and-roles': m0017,
  '0018-invitations-and-resets': m0018,
  '0019-review': m0019,
  '0021-search-facets': m0021,
  '0022-search-authors': m0022,
  '0026-insights': m0026,
  '0027-secure-search-delete': m0027,
  '0028-webhooks': m0028,
  '0029-pages': m0029,
  '0030-seo-fields': m0030,
  '0031-media': m0031,
  '0032-editor-redirects': m0032,
  '0034-page-history-seo': m0034,
  '0035-fixed-pages': m0035,
  '0037-search-kind-index': m0037,
  '0038-search-facet-terms': m0038,
  '0039-tag-counts': m0039,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
