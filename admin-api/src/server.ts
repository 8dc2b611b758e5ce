import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import type { Hono } from 'hono';
import type { AppEnv } from './app.ts';

export interface RunningServer {
  server: ServerType;
  /** The port actually bound (useful with port 0). */
  port: number;
  url: string;
  close: () => Promise<void>;
}

/** Serves the app on host:port (0 picks a free port) and resolves once it is listening. */
export function listen(app: Hono<AppEnv>, host: string, port: number): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, hostname: host, port }, (info: AddressInfo) => {
      const urlHost = info.family === 'IPv6' ? `[${info.address}]` : info.address;
      resolve({
        server,
        port: info.port,
        url: `http://${urlHost}:${info.port}`,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
            if ('closeAllConnections' in server) server.closeAllConnections();
          }),
      });
    });
    server.once('error', reject);
  });
}
