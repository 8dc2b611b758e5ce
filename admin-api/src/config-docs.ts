import { configDefaults, CONFIG_VARIABLES, type ConfigVariable } from './config.ts';

/**
 * What each setting means, for docs/configuration.md. The map is typed by the schema's own
 * variables, so a setting cannot be added without a line here; the defaults come from the schema.
 * `shown` replaces the default where the schema computes one later (MAIL_FROM).
 */
const MEANINGS: Record<ConfigVariable, { meaning: string; shown?: string }> = {
  PORT: { meaning: 'the one HTTP port: `/api/*` and the static site folder' },
  HOST: { meaning: 'bind address' },
  INSIGHTS_ORIGIN: {
    meaning:
      "origin of this server's `/api/collect` that pages send their page-view beacon to, when they are served from elsewhere (a CDN or `SITE_BUCKET`); unset, the pages' own origin",
    shown: 'unset',
  },
  PUBLIC_HOST: { meaning: 'canonical origin for links, canonical tags, sitemap, RSS; https makes the cookies Secure' },
  DATABASE_PATH: {
    meaning:
      'SQLite file; migrated at every start, created and seeded only when the site folder was never rendered (or by `make seed`). A start refuses, with one line, a path that is missing or is not the database the site was rendered from (render the site from another database deliberately with `make build`), and a file SQLite cannot use, including one this process cannot write (read-only, immutable, on a read-only mount) or whose folder it cannot create its journal files in',
  },
  SITE_NAME: { meaning: 'the product name in titles' },
  UPLOAD_DIR: {
    meaning:
      'processed images, served under `/uploads/`; each is written under a hidden temporary name and renamed into place, and the temporary files of uploads a crash cut short are removed at start. A full disk answers an upload 507 and leaves nothing behind',
  },
  ADMIN_EMAIL: {
    meaning:
      "at start, set this user's password, or create them: the owner of a new database, an administrator beside an owner; one bare address (see Email addresses in [api.md](api.md)), with `ADMIN_PASSWORD` (a changed password signs that user out everywhere). With neither set and no user yet, the owner `admin@forkcast.local` is created with a generated password, shown once on standard error when that is a terminal (standard output holds only the JSON log); otherwise (systemd, a pipe), where it would land in a kept log, the password is written to `first-admin-password.txt` beside the database, readable only by the server's user, and the log gives only that path",
  },
  ADMIN_PASSWORD: { meaning: "`ADMIN_EMAIL`'s password, at least 12 characters; set both or neither; never printed" },
  PURGE_WEBHOOK_URL: { meaning: 'POSTed the list of changed URLs after each publish (see [operations.md](operations.md#a-cdn-in-front))' },
  PURGE_WEBHOOK_SECRET: {
    meaning:
      'at least 16 characters, needs `PURGE_WEBHOOK_URL`: signs each purge POST with an `X-Forkcast-Signature` header (HMAC-SHA256) so the receiver can trust it; never printed',
  },
  WEBHOOK_ALLOW_PRIVATE: {
    meaning:
      '`1` lets webhooks (see [editing.md](editing.md#webhooks)) be registered for and delivered to loopback, private and link-local addresses, for a receiver on this machine or its network; unset or `0`, such a target is refused when it is added and again at every delivery (whatever its name resolves to then), so a webhook cannot be made to reach inside the network',
  },
  TRUST_PROXY: {
    meaning:
      "the reverse proxies or CDN in front of the server, whose `X-Forwarded-For` is believed for the client address that rate limits and sign-in waits count by: either a number of hops, 1 to 10 (`1` for one proxy), or a comma-separated list of their addresses and CIDR ranges (`10.0.0.0/8, 127.0.0.1, fd00::/8`; also `loopback`, `linklocal`, `uniquelocal`), never both. Addresses are written plainly (dotted-quad IPv4, or IPv6); a range is an address with a prefix length and no bits set past it (`192.168.1.0/24`, not `192.168.1.5/24`). Anything else (numbers in a list, empty items, netmasks, `/0`) stops the server with one line saying why. Unset or `0`: the socket's address, and the header is ignored (behind a proxy every reader would then share its address)",
  },
  SMTP_URL: {
    meaning:
      "the mail server, `smtp://user:password@host:587` or `smtps://...:465` (nodemailer's URL options, such as `?pool=true`, apply); never printed. Unset, every message is written as an `.eml` file to `MAIL_DIR` instead and its path logged, so the site works without a mail server and the messages can be opened in any mail program",
  },
  MAIL_FROM: {
    shown: '`SITE_NAME <newsletter@` the host of `PUBLIC_HOST` `>`',
    meaning: 'the sender of every email, one address with an optional name: `Forkcast <letter@forkcast.example>`',
  },
  MAIL_DIR: { meaning: 'where the `.eml` files go when `SMTP_URL` is unset' },
  NEWSLETTER_RATE: {
    meaning: 'at most this many newsletter messages a second (a whole number from 1 to 100000), whatever the mail server would take',
  },
  NEWSLETTER_BOUNCE_LIMIT: {
    meaning:
      'permanent refusals (5xx) in a row after which a subscriber is marked `bounced` and mailed no more; a message delivered to them in between starts the count again',
  },
  CONTACT_NOTIFY: {
    meaning:
      '`false` stops emailing each contact message to the owner and every administrator (Reply-To: the sender); the messages stay in the /admin inbox either way',
  },
  BACKUP_DIR: { meaning: 'where `make backup` and the periodic backups write, one private folder per backup' },
  BACKUP_INTERVAL: {
    meaning:
      'a duration of at least a minute (`30m`, `6h`, `1d`): the server takes a backup that often, the first one interval after the newest already in `BACKUP_DIR` (at once when that is overdue). Unset: only `make backup`',
  },
  BACKUP_KEEP: { meaning: 'how many backups `BACKUP_DIR` keeps; each new one deletes the oldest beyond it' },
  LOG_LEVEL: {
    meaning: "the server's log level: `fatal`, `error`, `warn`, `info` (one line per request), `debug`, `trace` or `silent`",
  },
  SITE_BUCKET: {
    meaning:
      "`s3://bucket` or `s3://bucket/prefix`: every publish also puts the pages it changed into this S3-compatible bucket (and deletes those of routes that are gone) before the write answers, and `make sync-bucket` makes the bucket equal the site folder. Credentials, region and endpoint are the AWS SDK's own settings (`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_REGION`, `AWS_ENDPOINT_URL_S3`); see [operations.md](operations.md#publishing-to-a-bucket)",
  },
  UPLOADS_BUCKET: {
    meaning:
      "`s3://bucket` or `s3://bucket/prefix`: every upload also lands here, under its own name, before it is answered. In SITE_BUCKET's bucket it must be SITE_BUCKET's prefix plus `/uploads`, where the site's pages link the uploads",
  },
};

const INTRODUCTION = `# Configuration

<!-- Generated by \`make docs\` from admin-api/src/config.ts and config-docs.ts; edit those, not this file. -->

Environment variables, validated at start-up; a bad value stops the server with one line naming it.
Every entry point also reads \`.env\` in the folder it runs in, for what the environment leaves unset;
\`.env.example\` lists every variable with its default. An empty value counts as unset.
The ones pages depend on (\`PUBLIC_HOST\`, \`DATABASE_PATH\`, \`SITE_NAME\`) are defined once, in
\`content-db/shared/src/site-config.ts\`: the server's configuration extends them, and \`make dev\` reads them
from there too, with the same defaults and rules.
`;

function shownDefault(value: unknown): string {
  return value === undefined ? 'unset' : `\`${String(value)}\``;
}

/** docs/configuration.md: every setting the schema reads, its default and its meaning. */
export function configurationDoc(): string {
  const defaults = configDefaults();
  const rows = CONFIG_VARIABLES.map((name) => {
    const { meaning, shown } = MEANINGS[name];
    return `| \`${name}\` | ${shown ?? shownDefault(defaults[name])} | ${meaning} |`;
  });
  return `${INTRODUCTION}\n| name | default | meaning |\n| --- | --- | --- |\n${rows.join('\n')}\n`;
}
