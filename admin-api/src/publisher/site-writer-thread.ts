/**
 * The page writer's thread (see site-writer.ts): writes each page it is sent, with its compressed
 * copies, and answers with the request's number and, when the write failed, the error's message and
 * code. The pages of a publish are written side by side, not one after another: a durable write
 * waits on the disk (an fsync for each file and its folder), and the publisher's lanes hand over
 * several pages at once, whose waits then overlap. The page's memory is given back as soon as it is written. Asked to collect, it runs a full
 * garbage collection when the process allows it (`--expose-gc`) and says whether it did.
 */
import { parentPort } from 'node:worker_threads';
import { writeSiteFile } from './site-folder.ts';
import type { WriterMessage, WriterReply } from './site-writer.ts';

const port = parentPort!;
port.on('message', async (message: WriterMessage) => {
  if (message.kind === 'collect') {
    globalThis.gc?.();
    port.postMessage({ kind: 'collected', ran: globalThis.gc !== undefined } satisfies WriterReply);
    return;
  }
  const { id, siteDir, file, data, durable } = message;
  let reply: WriterReply = { kind: 'written', id };
  try {
    await writeSiteFile(siteDir, file, data, { durable });
  } catch (error) {
    const { message: text, code } = error as NodeJS.ErrnoException;
    reply = { kind: 'written', id, error: { message: String(text), ...(code === undefined ? {} : { code }) } };
  }
  if (data.buffer instanceof ArrayBuffer) data.buffer.transfer(0);
  port.postMessage(reply);
});
