import { describe, expect, it } from 'vitest';
import { loadSiteConfig } from '@forkcast/shared/site-config';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 4321,
      host: '127.0.0.1',
      publicHost: 'http://localhost:4321',
      insightsOrigin: '',
      databasePath: 'data/content.db',
      uploadDir: 'data/uploads',
      siteName: 'Forkcast',
      webhookAllowPrivate: false,
      mail: { from: { name: 'Forkcast', address: 'newsletter@localhost' }, dir: 'data/mail' },
      contactNotify: true,
      newsletter: { rate: 50, bounceLimit: 3 },
      backup: { dir: 'data/backups', keep: 7 },
      logLevel: 'info',
    });
  });

  it('reads every variable and treats empty ones as unset', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      PUBLIC_HOST: 'https://forkcast.example/',
      INSIGHTS_ORIGIN: 'https://api.forkcast.example/',
      DATABASE_PATH: '/srv/content.db',
      UPLOAD_DIR: '/srv/uploads',
      SITE_NAME: 'Forkcast Weekly',
      ADMIN_EMAIL: 'editor@forkcast.example',
      ADMIN_PASSWORD: 'correct horse battery',
      PURGE_WEBHOOK_URL: 'https://cdn.example/purge',
      PURGE_WEBHOOK_SECRET: 'a long shared secret',
      WEBHOOK_ALLOW_PRIVATE: '1',
      SMTP_URL: 'smtps://letter:secret@smtp.forkcast.example:465',
      MAIL_FROM: '"Forkcast, the letter" <letter@forkcast.example>',
      MAIL_DIR: '/srv/mail',
      CONTACT_NOTIFY: 'false',
      NEWSLETTER_RATE: '400',
      NEWSLETTER_BOUNCE_LIMIT: '1',
      BACKUP_DIR: '/srv/backups',
      BACKUP_INTERVAL: '6h',
      BACKUP_KEEP: '14',
      LOG_LEVEL: 'warn',
      HOSTNAME: '',
    });
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      publicHost: 'https://forkcast.example',
      insightsOrigin: 'https://api.forkcast.example',
      databasePath: '/srv/content.db',
      uploadDir: '/srv/uploads',
      siteName: 'Forkcast Weekly',
      admin: { email: 'editor@forkcast.example', password: 'correct horse battery' },
      purgeWebhookUrl: 'https://cdn.example/purge',
      purgeWebhookSecret: 'a long shared secret',
      webhookAllowPrivate: true,
      mail: {
        smtpUrl: 'smtps://letter:secret@smtp.forkcast.example:465',
        from: { name: 'Forkcast, the letter', address: 'letter@forkcast.example' },
        dir: '/srv/mail',
      },
      contactNotify: false,
      newsletter: { rate: 400, bounceLimit: 1 },
      backup: { dir: '/srv/backups', intervalMs: 6 * 60 * 60 * 1000, keep: 14 },
      logLevel: 'warn',
    });
    expect(loadConfig({ PORT: '' }).port).toBe(4321);
    expect(loadConfig({ BACKUP_INTERVAL: '30m' }).backup.intervalMs).toBe(30 * 60 * 1000);
    expect(loadConfig({ BACKUP_INTERVAL: ' 1d ' }).backup.intervalMs).toBe(24 * 60 * 60 * 1000);
    expect(loadConfig({ MAIL_FROM: 'letter@forkcast.example' }).mail.from).toEqual({ name: '', address: 'letter@forkcast.example' });
  });

  it.each([
    [{ PORT: 'eighty' }, 'Invalid configuration: PORT must be a port number (got "eighty")'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT'],
    [{ WEBHOOK_ALLOW_PRIVATE: 'yes' }, 'Invalid configuration: WEBHOOK_ALLOW_PRIVATE must be 0 or 1 (got "yes")'],
    [{ PUBLIC_HOST: 'ftp://example.com' }, 'Invalid configuration: PUBLIC_HOST must be an http(s) URL (got "ftp://example.com")'],
    [
      { ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'long enough password' },
      'Invalid configuration: ADMIN_EMAIL must be an email address',
    ],
    [{ ADMIN_EMAIL: 'a@b.example' }, 'Invalid configuration: ADMIN_PASSWORD must be set when ADMIN_EMAIL is'],
    [{ ADMIN_PASSWORD: 'long enough password' }, 'Invalid configuration: ADMIN_EMAIL must be set when ADMIN_PASSWORD is'],
    [{ ADMIN_EMAIL: 'a@b.example', ADMIN_PASSWORD: 'short' }, 'Invalid configuration: ADMIN_PASSWORD must be at least 12 characters'],
    [{ SITE_NAME: '   ' }, 'Invalid configuration: SITE_NAME must not be blank'],
    [
      { TRUST_PROXY: 'yes please' },
      'Invalid configuration: TRUST_PROXY must be a number of proxy hops or a list of addresses and CIDR ranges',
    ],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'Invalid configuration: TRUST_PROXY'],
    [{ TRUST_PROXY: '-1' }, 'Invalid configuration: TRUST_PROXY'],
    [{ TRUST_PROXY: '1.5' }, 'Invalid configuration: TRUST_PROXY'],
    [{ SMTP_URL: 'http://mail.example' }, 'Invalid configuration: SMTP_URL must be an smtp:// or smtps:// URL'],
    [
      { MAIL_FROM: 'Forkcast' },
      'Invalid configuration: MAIL_FROM must be one address, like "Forkcast <letter@forkcast.example>" (got "Forkcast")',
    ],
    [{ MAIL_FROM: 'a@forkcast.example, b@forkcast.example' }, 'Invalid configuration: MAIL_FROM must be one address'],
    [{ CONTACT_NOTIFY: 'no' }, 'Invalid configuration: CONTACT_NOTIFY must be true or false (got "no")'],
    [{ NEWSLETTER_RATE: 'fast' }, 'Invalid configuration: NEWSLETTER_RATE must be a number of messages per second (got "fast")'],
    [{ NEWSLETTER_RATE: '0' }, 'Invalid configuration: NEWSLETTER_RATE'],
    [{ NEWSLETTER_BOUNCE_LIMIT: '2.5' }, 'Invalid configuration: NEWSLETTER_BOUNCE_LIMIT must be a whole number'],
    [
      { BACKUP_INTERVAL: '6' },
      'Invalid configuration: BACKUP_INTERVAL must be a duration of at least a minute, like 30m, 6h or 1d (got "6")',
    ],
    [{ BACKUP_INTERVAL: '0h' }, 'Invalid configuration: BACKUP_INTERVAL must be a duration of at least a minute'],
    [{ BACKUP_INTERVAL: '90s' }, 'Invalid configuration: BACKUP_INTERVAL must be a duration of at least a minute'],
    [{ BACKUP_KEEP: '0' }, 'Invalid configuration: BACKUP_KEEP must be at least 1 (got "0")'],
    [{ BACKUP_KEEP: 'all' }, 'Invalid configuration: BACKUP_KEEP must be a whole number (got "all")'],
    [{ LOG_LEVEL: 'loud' }, 'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")'],
    [
      { PURGE_WEBHOOK_URL: 'https://cdn.example/purge', PURGE_WEBHOOK_SECRET: 'short' },
      'Invalid configuration: PURGE_WEBHOOK_SECRET must be at least 16 characters',
    ],
    [{ PURGE_WEBHOOK_SECRET: 'a long shared secret' }, 'Invalid configuration: PURGE_WEBHOOK_URL must be set when PURGE_WEBHOOK_SECRET is'],
  ])('refuses %o with one line naming the variable', (env, message) => {
    const attempt = () => loadConfig(env);
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(message);
    try {
      attempt();
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
      expect((error as Error).message).not.toContain('short');
    }
  });

  it('reads the buckets a publish and an upload also land in', () => {
    const config = loadConfig({ SITE_BUCKET: 's3://forkcast-site/live', UPLOADS_BUCKET: 's3://forkcast-site/live/uploads' });
    expect(config.siteBucket).toEqual({ bucket: 'forkcast-site', prefix: 'live', url: 's3://forkcast-site/live' });
    expect(config.uploadsBucket).toEqual({ bucket: 'forkcast-site', prefix: 'live/uploads', url: 's3://forkcast-site/live/uploads' });
    expect(loadConfig({ UPLOADS_BUCKET: 's3://forkcast-uploads' }).uploadsBucket?.prefix).toBe('');
    expect(loadConfig({}).siteBucket).toBeUndefined();
  });

  it.each([
    [
      { SITE_BUCKET: 'https://forkcast-site.s3.amazonaws.com' },
      'Invalid configuration: SITE_BUCKET must be s3://bucket or s3://bucket/prefix',
    ],
    [{ UPLOADS_BUCKET: 's3://Forkcast' }, 'Invalid configuration: UPLOADS_BUCKET "Forkcast" is not a bucket name'],
    [
      { SITE_BUCKET: 's3://forkcast-site', UPLOADS_BUCKET: 's3://forkcast-site/images' },
      'Invalid configuration: UPLOADS_BUCKET shares keys with SITE_BUCKET: use s3://forkcast-site/uploads (where the site links them) or a prefix or bucket of its own',
    ],
    [
      { SITE_BUCKET: 's3://forkcast-site/live/site', UPLOADS_BUCKET: 's3://forkcast-site/live' },
      'Invalid configuration: UPLOADS_BUCKET shares keys with SITE_BUCKET',
    ],
  ])('refuses buckets that cannot work: %j', (env, problem) => {
    expect(() => loadConfig(env)).toThrow(problem);
  });

  it('never shows the SMTP_URL it refuses, which may carry a password', () => {
    expect(() => loadConfig({ SMTP_URL: 'imap://letter:hunter2@mail.example' })).toThrow(
      /^Invalid configuration: SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL$/,
    );
  });

  it('never shows the PURGE_WEBHOOK_SECRET it refuses', () => {
    expect(() => loadConfig({ PURGE_WEBHOOK_URL: 'https://cdn.example/purge', PURGE_WEBHOOK_SECRET: 'hunter2' })).toThrow(
      /^Invalid configuration: PURGE_WEBHOOK_SECRET must be at least 16 characters$/,
    );
  });
});

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['0', undefined],
    ['1', 1],
    ['2', 2],
    ['10.0.0.0/8', ['10.0.0.0/8']],
    [' 127.0.0.1 , 10.0.0.0/8,fd00::/8 ', ['127.0.0.1', '10.0.0.0/8', 'fd00::/8']],
    ['loopback, uniquelocal', ['loopback', 'uniquelocal']],
    ['10', 10],
    ['  ', undefined],
    [
      '::1, ::ffff:10.0.0.1, 2001:db8::/32, 192.168.0.0/16, 10.0.0.7/32',
      ['::1', '::ffff:10.0.0.1', '2001:db8::/32', '192.168.0.0/16', '10.0.0.7/32'],
    ],
  ])('reads %j as %j', (value, trustProxy) => {
    const config = loadConfig(value === undefined ? {} : { TRUST_PROXY: value });
    expect(config.trustProxy).toEqual(trustProxy);
  });

  const problem = 'Invalid configuration: TRUST_PROXY must be a number of proxy hops or a list of addresses and CIDR ranges';
  it.each([
    // A list of numbers, or numbers among addresses: proxy-addr would read "1" as the address 0.0.0.1.
    ['1,2', `${problem}: "1" in a list is not an address (a number of hops stands alone) (got "1,2")`],
    ['10.0.0.1, 2', `${problem}: "2" in a list is not an address (a number of hops stands alone) (got "10.0.0.1, 2")`],
    ['10.0.0.1,,10.0.0.2', `${problem}: the list has an empty item (got "10.0.0.1,,10.0.0.2")`],
    ['10.0.0.1,', `${problem}: the list has an empty item (got "10.0.0.1,")`],
    [' , ', `${problem}: the list has an empty item (got " , ")`],
    ['loopback, ', `${problem}: the list has an empty item (got "loopback, ")`],
    ['11', `${problem}: a number of hops is at most 10 (got "11")`],
    ['99999999999999999999', `${problem}: a number of hops is at most 10 (got "99999999999999999999")`],
    ['-1', `${problem}: "-1" is not an address or a CIDR range (got "-1")`],
    ['1.5', `${problem}: "1.5" is not an address or a CIDR range (got "1.5")`],
    ['10.0.0.0/33', `${problem}: "10.0.0.0/33" is not an address or a CIDR range (got "10.0.0.0/33")`],
    ['fd00::/129', `${problem}: "fd00::/129" is not an address or a CIDR range (got "fd00::/129")`],
    ['10.0.0.0/', `${problem}: "10.0.0.0/" is not an address or a CIDR range (got "10.0.0.0/")`],
    ['10.0.0.0/08', `${problem}: "10.0.0.0/08" is not an address or a CIDR range (got "10.0.0.0/08")`],
    ['0.0.0.0/0', `${problem}: "0.0.0.0/0" would trust every address, so any client could name its own (got "0.0.0.0/0")`],
    ['10.0.0.0/8/8', `${problem}: "10.0.0.0/8/8" is not an address or a CIDR range (got "10.0.0.0/8/8")`],
    ['10.0.0.0/255.0.0.0', `${problem}: "10.0.0.0/255.0.0.0" is not an address or a CIDR range (got "10.0.0.0/255.0.0.0")`],
    // Shorthand and octal-looking forms that some parsers read as other addresses.
    ['10.1', `${problem}: "10.1" is not an address or a CIDR range (got "10.1")`],
    ['010.0.0.1', `${problem}: "010.0.0.1" is not an address or a CIDR range (got "010.0.0.1")`],
    ['0x0a.0.0.1', `${problem}: "0x0a.0.0.1" is not an address or a CIDR range (got "0x0a.0.0.1")`],
    ['localhost', `${problem}: "localhost" is not an address or a CIDR range (got "localhost")`],
    ['10.0.0.1 10.0.0.2', `${problem}: "10.0.0.1 10.0.0.2" is not an address or a CIDR range (got "10.0.0.1 10.0.0.2")`],
    // An address with bits set past its prefix: one proxy, or its whole network? Either reading trusts wrongly.
    [
      '192.168.1.5/24',
      `${problem}: "192.168.1.5/24" has bits set past its prefix (the range is 192.168.1.0/24, the address alone 192.168.1.5) (got "192.168.1.5/24")`,
    ],
    [
      'fd00::1/8',
      `${problem}: "fd00::1/8" has bits set past its prefix (the range is fd00::/8, the address alone fd00::1) (got "fd00::1/8")`,
    ],
  ])('refuses %j in one line that says why', (value, message) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(new ConfigError(message));
  });
});

describe('the site part of the configuration', () => {
  it('is read by the same rules on both sides, so the pages and the server agree', () => {
    for (const env of [
      {},
      { PUBLIC_HOST: 'https://kitchen.test///', SITE_NAME: '  Test Kitchen ', DATABASE_PATH: '/srv/x.db' },
      { SITE_NAME: '', PUBLIC_HOST: '' },
    ]) {
      const { publicHost, databasePath, siteName, insightsOrigin } = loadConfig(env);
      expect(loadSiteConfig(env)).toEqual({ publicHost, databasePath, siteName, insightsOrigin });
    }
    expect(() => loadSiteConfig({ SITE_NAME: '   ' })).toThrow('Invalid configuration: SITE_NAME must not be blank (got "   ")');
  });
});
