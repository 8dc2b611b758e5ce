/**
 * The page writer's thread (see site-writer.ts): writes each page it is sent, with its compressed
 * copies, and answers with the request's number and, when the write failed, the error's message and
 * code. The page's memory is given back as soon as it is written. Asked to collect, it runs a full
 * garbage collection when the process allows it (`--expose-gc`) and says whether it did.
 */
import { parentPort } from 'node:worker_threads';
import { writeSiteFileSync } from './site-folder.ts';
import type { WriterMessage, WriterReply } from './site-writer.ts';

const port = parentPort!;
port.on('message', (message: WriterMessage) => {
  if (message.kind === 'collect') {
    globalThis.gc?.();
    port.postMessage({ kind: 'collected', ran: globalThis.gc !== undefined } satisfies WriterReply);
    return;
  }
  const { id, siteDir, file, data, durable } = message;
  let reply: WriterReply = { kind: 'written', id };
  try {
    writeSiteFileSync(siteDir, file, data, { durable });
  } catch (error) {
    const { message: text, code } = error as NodeJS.ErrnoException;
    reply = { kind: 'written', id, error: { message: String(text), ...(code === undefined ? {} : { code }) } };
  }
  if (data.buffer instanceof ArrayBuffer) data.buffer.transfer(0);
  port.postMessage(reply);
});
