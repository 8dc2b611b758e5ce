import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  headersFileText,
  MAP_EMBED_ORIGIN,
  nginxHeadersText,
  policyScriptHashes,
  readHeadersFile,
  securityHeaders,
} from './security-headers.ts';

const HASHES = ['sha256-bbb=', 'sha256-aaa+/=', 'sha256-bbb='];

/** A policy as directive name -> its sources. */
const directives = (policy: string) =>
  new Map(policy.split('; ').map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1)]));

describe('the Content-Security-Policy', () => {
  it('runs our own script files and only the inline scripts whose hashes the build gave, never inline handlers or eval', () => {
    const policy = directives(contentSecurityPolicy(HASHES));
    expect(policy.get('script-src')).toEqual(["'self'", "'sha256-aaa+/='", "'sha256-bbb='"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect([...policy.values()].flat()).not.toContain("'unsafe-eval'");
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
    expect(policy.get('object-src')).toEqual(["'none'"]);
  });

  it("frames the OpenStreetMap area map, our own preview and the embeds' players, and is framed by nobody unless it says so", () => {
    expect(directives(contentSecurityPolicy(HASHES)).get('frame-src')).toEqual([
      "'self'",
      MAP_EMBED_ORIGIN,
      'https://www.youtube-nocookie.com',
      'https://player.vimeo.com',
      'https://open.spotify.com',
      'https://www.instagram.com',
    ]);
    expect(directives(contentSecurityPolicy(HASHES)).get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives(contentSecurityPolicy(HASHES, 'same-origin')).get('frame-ancestors')).toEqual(["'self'"]);
    expect(new Map(securityHeaders(HASHES)).get('X-Frame-Options')).toBe('DENY');
    expect(new Map(securityHeaders(HASHES, 'same-origin')).get('X-Frame-Options')).toBe('SAMEORIGIN');
  });

  it('loads images from this site, data: and blob: URLs and https addresses only, never plain http', () => {
    expect(directives(contentSecurityPolicy(HASHES)).get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:']);
  });

  it('gives back the hashes it was made of', () => {
    expect(policyScriptHashes(contentSecurityPolicy(HASHES))).toEqual(['sha256-aaa+/=', 'sha256-bbb=']);
    expect(policyScriptHashes("default-src 'self'")).toEqual([]);
  });
});

describe('the Permissions-Policy', () => {
  const policy = () => new Map(securityHeaders(HASHES)).get('Permissions-Policy')!;

  it('denies every page and frame the powerful features the site never uses', () => {
    const denied = policy()
      .split(', ')
      .map((entry) => /^([a-z-]+)=\(\)$/.exec(entry)?.[1]);
    expect(denied).not.toContain(undefined);
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'browsing-topics', 'interest-cohort'])
      expect(denied, feature).toContain(feature);
  });

  it('leaves alone what the pages use: full screen, the clipboard (the editor takes pasted images)', () => {
    for (const feature of ['fullscreen', 'clipboard-read', 'clipboard-write']) expect(policy(), feature).not.toContain(`${feature}=`);
  });

  it('is the same for a page that may be framed', () => {
    expect(new Map(securityHeaders(HASHES, 'same-origin')).get('Permissions-Policy')).toBe(policy());
  });
});

describe('the headers files', () => {
  it('writes _headers for every path in the static hosts’ format, and reads its hashes back', () => {
    const text = headersFileText(HASHES);
    expect(text).toMatch(/^# .*\n\/\*\n {2}Content-Security-Policy: default-src 'self'; script-src /);
    for (const [name, value] of securityHeaders(HASHES)) expect(text).toContain(`\n  ${name}: ${value}\n`);
    expect(readHeadersFile(text)).toEqual(['sha256-aaa+/=', 'sha256-bbb=']);
    expect(readHeadersFile('/*\n  X-Frame-Options: DENY\n')).toBeUndefined();
  });

  it('has a static host keep the hashed build assets and the uploads for good, as our server and nginx do', () => {
    const rules = new Map(
      headersFileText(HASHES)
        .split(/\n(?=\S)/)
        .filter((block) => !block.startsWith('#'))
        .map((block) => [block.split('\n')[0], block.split('\n').slice(1).filter(Boolean)]),
    );
    for (const path of ['/_astro/*', '/uploads/*'])
      expect(rules.get(path), path).toEqual(['  Cache-Control: public, max-age=31536000, immutable']);
    expect(rules.get('/*')!.some((line) => line.startsWith('  Cache-Control'))).toBe(false);
  });

  it('writes the same headers as nginx add_header lines, sent with every status', () => {
    const lines = nginxHeadersText(HASHES)
      .split('\n')
      .filter((line) => line.startsWith('add_header'));
    expect(lines).toEqual(securityHeaders(HASHES).map(([name, value]) => `add_header ${name} "${value}" always;`));
  });
});
