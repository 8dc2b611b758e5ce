import { Server as NetServer, type AddressInfo, type Socket } from 'node:net';
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import { serve, type ServerType } from '@hono/node-server';
import type { Hono } from 'hono';
import type { AppEnv } from './app.ts';
import type { DirectListener } from './static/direct-path.ts';

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
/**
 * How long an idle keep-alive connection stays open: longer than a proxy's or client's own idle
 * timeout (nginx upstream keepalive, load balancers: at most 60 s), so the one that reuses a
 * connection is never the one to find it closed under a request it just sent.
 */
const KEEP_ALIVE_MS = 65_000;
// How long connections made before the close may take to reach the server and deliver a request.
const SETTLE_MS = 500;

/**
 * Closes gracefully. Node's own http close() drops at once every connection without a request in
 * progress, and closing the listening socket resets connections still in the kernel's accept
 * queue: either way a client that had already sent its request would get a reset. So: end every
 * connection after its next answer (which then says `Connection: close`), keep accepting for a
 * moment so connections already made can deliver their request, then stop accepting (the plain
 * socket-server close), close connections as they turn idle, and cut whatever is still open after
 * the grace period.
 */
function closeGracefully(server: HttpServer, graceMs: number): Promise<void> {
  // First in line: a listener after the one that answers could come too late (a site file is
  // answered before the request event returns), and setting a header then throws.
  server.prependListener('request', (_request, response) => {
    response.shouldKeepAlive = false;
  });
  return new Promise<void>((done, fail) => {
    let sweep: NodeJS.Timeout | undefined;
    const cut = setTimeout(() => server.closeAllConnections(), graceMs);
    setTimeout(
      () => {
        NetServer.prototype.close.call(server, (error?: Error) => {
          clearInterval(sweep);
          clearTimeout(cut);
          if (error) fail(error);
          else done();
        });
        sweep = setInterval(() => server.closeIdleConnections(), 50);
        server.closeIdleConnections();
      },
      Math.min(SETTLE_MS, graceMs),
    );
  });
}

// What Node itself answers a connection whose bytes are not HTTP, by the parser's error code.
const CLIENT_ERROR_ANSWERS: Record<string, string> = {
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: '413 Payload Too Large',
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
};

/**
 * Lets the answer to a request finish before its connection is closed for bytes that came after
 * it and are not HTTP (a body sent without Content-Length or chunking, say). Node's own handling
 * answers 400 and closes the connection at once, even while the request read before those bytes
 * is still being handled: a write was made and its client was told it failed. A connection with no
 * request in progress gets Node's own answer.
 */
function finishAnswersBeforeClientErrors(server: HttpServer): void {
  const inProgress = new WeakMap<Socket, ServerResponse>();
  server.on('request', (request, response) => {
    inProgress.set(request.socket, response);
    response.once('close', () => {
      if (inProgress.get(request.socket) === response) inProgress.delete(request.socket);
    });
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    const response = inProgress.get(socket);
    if (response) {
      socket.pause();
      response.once('close', () => socket.destroy());
      return;
    }
    if (socket.writable && socket.bytesWritten === 0) {
      socket.write(`HTTP/1.1 ${CLIENT_ERROR_ANSWERS[error.code ?? ''] ?? '400 Bad Request'}\r\nConnection: close\r\n\r\n`);
    }
    socket.destroy();
  });
}

/**
 * Serves the app on host:port (0 picks a free port) and resolves once it is listening. A `direct`
 * listener sees each request first and leaves to the app whatever it does not answer itself.
 */
export function listen(app: Hono<AppEnv>, host: string, port: number, direct?: DirectListener): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const options = {
      fetch: app.fetch,
      hostname: host,
      port,
      ...(direct
        ? {
            createServer: ((serverOptions: object, appListener: (request: IncomingMessage, response: ServerResponse) => void) =>
              createServer(serverOptions, (request, response) => {
                if (!direct(request, response)) appListener(request, response);
              })) as typeof createServer,
          }
        : {}),
    };
    const server = serve(options, (info: AddressInfo) => {
      const urlHost = info.family === 'IPv6' ? `[${info.address}]` : info.address;
      resolve({
        server,
        port: info.port,
        url: `http://${urlHost}:${info.port}`,
        close: (graceMs = CLOSE_GRACE_MS) => closeGracefully(server as HttpServer, graceMs),
      });
    });
    (server as HttpServer).keepAliveTimeout = KEEP_ALIVE_MS;
    (server as HttpServer).headersTimeout = KEEP_ALIVE_MS + 1_000;
    finishAnswersBeforeClientErrors(server as HttpServer);
    server.once('error', reject);
  });
}
