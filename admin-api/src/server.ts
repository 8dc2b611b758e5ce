import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import type { Hono } from 'hono';
import type { AppEnv } from './app.ts';

export interface RunningServer {
  server: ServerType;
  /** The port actually bound (useful with port 0). */
  port: number;
  url: string;
  /**
   * Stops accepting connections and lets the requests in flight finish (each write answers only
   * after its publish); connections still busy after `graceMs` are cut.
   */
  close: (graceMs?: number) => Promise<void>;
}

const CLOSE_GRACE_MS = 10_000;

/** Serves the app on host:port (0 picks a free port) and resolves once it is listening. */
export function listen(app: Hono<AppEnv>, host: string, port: number): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, hostname: host, port }, (info: AddressInfo) => {
      const urlHost = info.family === 'IPv6' ? `[${info.address}]` : info.address;
      resolve({
        server,
        port: info.port,
        url: `http://${urlHost}:${info.port}`,
        close: (graceMs = CLOSE_GRACE_MS) =>
          new Promise<void>((done, fail) => {
            // A kept-alive connection turns idle once its request is answered: close it then.
            const sweep = setInterval(() => 'closeIdleConnections' in server && server.closeIdleConnections(), 50);
            const cut = setTimeout(() => 'closeAllConnections' in server && server.closeAllConnections(), graceMs);
            server.close((error) => {
              clearInterval(sweep);
              clearTimeout(cut);
              if (error) fail(error);
              else done();
            });
            if ('closeIdleConnections' in server) server.closeIdleConnections();
          }),
      });
    });
    server.once('error', reject);
  });
}
