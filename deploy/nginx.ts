/**
 * The nginx configuration for a Forkcast host: nginx serves the site folder and the uploads itself,
 * exactly as the Node server would (the same files, types, compressed copies, Cache-Control and
 * security headers), and hands the server `/api` and every URL no file answers (stored redirects,
 * the not-found page that fits the URL). `make nginx-config` prints it for this deployment's
 * settings; deploy/nginx.conf is it for an example host; the nginx test runs it on loopback.
 */

import { posix } from 'node:path';
import { HSTS, IMMUTABLE, SERVER_HEADERS } from '@forkcast/shared/security-headers';
import { PAGE_VARIANT } from '@forkcast/shared/urls';

export interface NginxSiteSettings {
  /** The host name visitors use (PUBLIC_HOST's). */
  serverName: string;
  /** What nginx listens on: `80`, or `127.0.0.1:8080`. */
  listen: string;
  /** The site folder, absolute (dist/client of the release being served). */
  siteDir: string;
  /** UPLOAD_DIR, absolute. */
  uploadDir: string;
  /** Where the Node server listens: HOST:PORT. */
  upstream: string;
  /** Debian's libnginx-mod-http-brotli-static is installed: send the .br copies too. */
  brotli: boolean;
  /** The access log, one JSON line per request. */
  accessLog: string;
}

/**
 * The example host the README and deploy/ describe: the release checked out in /srv/forkcast/app,
 * its data in /srv/forkcast/data, the server on 127.0.0.1:4321. deploy/nginx.conf is this config.
 */
export const EXAMPLE_SITE: NginxSiteSettings = {
  serverName: 'forkcast.example',
  listen: '80',
  siteDir: '/srv/forkcast/app/dist/client',
  uploadDir: '/srv/forkcast/data/uploads',
  upstream: '127.0.0.1:4321',
  brotli: true,
  accessLog: '/var/log/nginx/forkcast.access.log',
};

/** Where Debian's brotli_static module lives once `libnginx-mod-http-brotli-static` is installed. */
export const BROTLI_STATIC_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

const REVALIDATE = 'public, max-age=0, must-revalidate';
const ONE_HOUR = 'public, max-age=3600';
// A redirect to a page's one URL, by whether it carries a query string on, as the server sends it
// (redirectCacheControl in admin-api/src/static/page-variants.ts).
const REDIRECT_CACHE = ONE_HOUR;
const REDIRECT_WITH_QUERY_CACHE = 'private, max-age=3600';

/** Content types by extension, as the Node server sends them (the rest: application/octet-stream). */
const TYPES: [string, string[]][] = [
  ['text/html', ['html']],
  ['text/css', ['css']],
  ['text/javascript', ['js', 'mjs']],
  ['text/plain', ['txt']],
  ['text/csv', ['csv']],
  ['application/xml', ['xml']],
  ['application/json', ['json', 'map']],
  ['application/manifest+json', ['webmanifest']],
  ['image/svg+xml', ['svg']],
  ['image/png', ['png']],
  ['image/jpeg', ['jpg', 'jpeg']],
  ['image/webp', ['webp']],
  ['image/avif', ['avif']],
  ['image/gif', ['gif']],
  ['image/x-icon', ['ico']],
  ['font/woff2', ['woff2']],
  ['font/woff', ['woff']],
];
/** The types the Node server names a charset for. */
const CHARSET_TYPES = ['text/css', 'text/javascript', 'text/plain', 'text/csv', 'application/xml', 'application/rss+xml', 'image/svg+xml'];

/**
 * The add_header lines of a location that answers from disk: its Cache-Control, the security
 * headers (the Content-Security-Policy and its companions come from the file the build writes
 * beside the site folder, since the policy names the hashes of that build's inline scripts),
 * Strict-Transport-Security over https, and the request id.
 */
function fileHeaders(cacheControl: string, indent: string, siteDir: string): string {
  return [
    `add_header Cache-Control ${cacheControl} always;`,
    `include ${posix.join(posix.dirname(siteDir.replace(/\/$/, '')), 'security-headers.conf')};`,
    ...SERVER_HEADERS.map(([name, value]) => `add_header ${name} "${value}" always;`),
    'add_header Strict-Transport-Security $forkcast_hsts always;',
    'add_header X-Request-Id $request_id always;',
  ]
    .map((line) => `${indent}${line}`)
    .join('\n');
}

const PROXY = `proxy_pass http://forkcast_app;
        proxy_http_version 1.1;
        proxy_set_header Connection "";
        proxy_set_header Host $host;
        # The server counts rate limits and sign-in attempts per client: with TRUST_PROXY=1 it reads
        # the address nginx appends here (the last one), never one a client wrote itself.
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_set_header X-Forwarded-Proto $scheme;
        proxy_set_header X-Request-Id $request_id;
        # A write answers once its pages are published, which takes longer on a large site.
        proxy_read_timeout 120s;`;

/** The first lines of each location that serves files: a page's other spellings redirect to its one URL; an empty segment is a 404. */
const FILE_GUARDS = `        if ($forkcast_bare) {
            return 301 $forkcast_bare$is_args$args;
        }
        if ($forkcast_empty_segment) {
            return 404;
        }`;

/** The site's server block, with the maps and upstream it uses (all of it belongs in nginx's http block). */
export function nginxSiteConfig(settings: NginxSiteSettings): string {
  const slug = '[a-z0-9]+(?:-[a-z0-9]+)*';
  const types = TYPES.map(([type, extensions]) => `        ${type} ${extensions.join(' ')};`).join('\n');
  return `# Forkcast behind nginx, written by \`make nginx-config\` (deploy/nginx.ts): nginx serves the site
# folder and the uploads itself, as the Node server would, and hands the server /api and every URL
# no file answers. Belongs in nginx's http block: on Debian, /etc/nginx/sites-available/forkcast,
# linked into sites-enabled/. Needs nginx 1.22 or newer${settings.brotli ? ', and libnginx-mod-http-brotli-static for brotli_static' : ''}.

upstream forkcast_app {
    server ${settings.upstream};
    keepalive 16;
}

# Cache-Control by the file sent ($uri is the file try_files found), as the Node server sets it:
# what the publisher rewrites (pages, feeds, spreadsheets, the redirects file) is revalidated before
# each use, hashed build assets and uploads never change, the other files of public/ keep an hour.
map $uri $forkcast_file_cache {
    volatile;
    default "${ONE_HOUR}";
    ~/index\\.html$ "${REVALIDATE}";
    ~^/404(?:-post|-guide)?\\.html$ "${REVALIDATE}";
    ~^/itineraries/[^/]+\\.csv$ "${REVALIDATE}";
    /_redirects "${REVALIDATE}";
    /rss.xml "${REVALIDATE}";
    ~^/authors/[^/]+/rss\\.xml$ "${REVALIDATE}";
    /sitemap.xml "${REVALIDATE}";
    /robots.txt "${REVALIDATE}";
}

# Strict-Transport-Security only over https (an empty value sends no header).
map $scheme $forkcast_hsts {
    https "${HSTS}";
    default "";
}

map $status $forkcast_cache_control {
    volatile;
    404 "no-cache";
    301 $forkcast_redirect_cache;
    default $forkcast_file_cache;
}

# Hashed build assets and uploads, and a redirect to one of them from another spelling of its URL.
map $status $forkcast_immutable {
    volatile;
    301 $forkcast_redirect_cache;
    default "${IMMUTABLE}";
}

# A redirect is kept an hour, by shared caches only when it carries no query string on: a CDN whose
# cache key leaves the query string out would hand one reader's query to the next.
map $is_args $forkcast_redirect_cache {
    "?" "${REDIRECT_WITH_QUERY_CACHE}";
    default "${REDIRECT_CACHE}";
}

# One URL per page, as the server has it (content-db's urls.ts, PAGE_VARIANT): a GET or HEAD of
# /kyoto/guide/ or /kyoto/guide/index.html is answered 301 to /kyoto/guide, so a CDN caches (and the
# purge webhook purges) each page under one URL. $uri is the decoded path, as the server reads it.
map "$request_method $uri" $forkcast_bare {
    volatile;
    default "";
    "~^(?:GET|HEAD) /index\\.html/?$" /;
    "~^(?:GET|HEAD) ${PAGE_VARIANT.slice(1)}" $1;
}

# A path with an empty segment (//about) names no file, as on the server (merge_slashes is off).
map $uri $forkcast_empty_segment {
    volatile;
    default "";
    ~// 1;
}

# The not-found page for a URL's shape, as the server picks it (content-db's urls.ts): used only
# when the server cannot be asked, so a restart of the server never turns a missing page into a 502.
map $uri $forkcast_not_found {
    volatile;
    default /404.html;
    ~^/(?:_astro|admin|api|images|itineraries|posts|samples|tags|uploads)/${slug}/?$ /404.html;
    ~^/post/${slug}/?$ /404-post.html;
    ~^/${slug}/guide/?$ /404-guide.html;
    ~^/${slug}/${slug}/?$ /404-post.html;
}

log_format forkcast_json escape=json '{"time":"$time_iso8601","reqId":"$request_id","client":"$remote_addr",'
    '"method":"$request_method","uri":"$uri","status":$status,"bytes":$body_bytes_sent,'
    '"ms":$request_time,"upstreamMs":"$upstream_response_time","encoding":"$sent_http_content_encoding"}';

server {
    listen ${settings.listen};
    server_name ${settings.serverName};
    root ${settings.siteDir};
    access_log ${settings.accessLog} forkcast_json;
    server_tokens off;
    # //about is not /about: with slashes merged, every location would serve it as a second URL of the page.
    merge_slashes off;

    # Exactly the types the Node server sends; anything else (the _redirects file) is a download.
    types {
${types}
    }
    default_type application/octet-stream;
    charset utf-8;
    charset_types ${CHARSET_TYPES.join(' ')};

    # Every text file has a .gz${settings.brotli ? ' and a .br' : ''} copy beside it, written by the publisher with the file.
    gzip_static on;
    gzip_vary on;
${settings.brotli ? '    brotli_static on;\n' : ''}
    # nginx's validators have one-second resolution (its ETag is the modification second and the
    # size); the publisher gives every file it rewrites a modification time at least a second after
    # the one it replaces (admin-api/src/publisher/site-folder.ts), so a new version never keeps the
    # old one's ETag or Last-Modified, and a revalidation may be answered 304.
    etag on;
    if_modified_since exact;

    client_max_body_size 12m;
    error_page 404 /404.html;
    # Redirects name the path alone, as the server's do.
    absolute_redirect off;

    location / {
${FILE_GUARDS}
        try_files $uri $uri/index.html @forkcast;
${fileHeaders('$forkcast_cache_control', '        ', settings.siteDir)}
    }

    location = /rss.xml {
${FILE_GUARDS}
        types { }
        default_type application/rss+xml;
${fileHeaders('$forkcast_cache_control', '        ', settings.siteDir)}
    }

    # Each author's feed: the same type, and revalidated like the site's.
    location ~ ^/authors/[^/]+/rss\\.xml$ {
${FILE_GUARDS}
        types { }
        default_type application/rss+xml;
${fileHeaders('$forkcast_cache_control', '        ', settings.siteDir)}
    }

    location ^~ /_astro/ {
${FILE_GUARDS}
${fileHeaders('$forkcast_immutable', '        ', settings.siteDir)}
        location ~ /\\. {
            return 404;
        }
    }

    location ^~ /uploads/ {
        alias ${settings.uploadDir.replace(/\/?$/, '/')};
${FILE_GUARDS}
        gzip_static off;
${settings.brotli ? '        brotli_static off;\n' : ''}${fileHeaders('$forkcast_immutable', '        ', settings.siteDir)}
        location ~ /\\. {
            return 404;
        }
    }

    # Hidden files, and the temporary files of a write in progress, are never served.
    location ~ /\\. {
        return 404;
    }

    location ^~ /api/ {
        ${PROXY}
    }

    # No file: the server answers with a stored redirect, a post's canonical URL, or the right 404 page.
    location @forkcast {
        ${PROXY}
        error_page 502 503 504 =404 $forkcast_not_found;
    }
}
`;
}

export interface NginxStandaloneSettings {
  /** A folder of its own for nginx's pid file, logs and temporary files. */
  prefix: string;
  /** The site config to include (nginxSiteConfig's output, written to a file). */
  siteConfigFile: string;
  brotli: boolean;
  /** The user its worker runs as; needed only when started as root. */
  user?: string;
}

/**
 * A whole nginx.conf around the site config that needs no root and touches nothing outside
 * `prefix`: to try the config on a laptop, and what the nginx test runs.
 */
export function nginxStandaloneConfig(settings: NginxStandaloneSettings): string {
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `    ${kind}_temp_path ${settings.prefix}/${kind}-temp;`)
    .join('\n');
  return `${settings.brotli ? `load_module ${BROTLI_STATIC_MODULE};\n` : ''}${settings.user ? `user ${settings.user};\n` : ''}worker_processes 1;
pid ${settings.prefix}/nginx.pid;
error_log ${settings.prefix}/error.log warn;

events {
    worker_connections 256;
}

http {
${temp}
    sendfile on;
    include ${settings.siteConfigFile};
}
`;
}
