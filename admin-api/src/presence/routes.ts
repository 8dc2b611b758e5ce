import { Hono } from 'hono';
import { z } from 'zod';
import { getPostById } from '@forkcast/content-db';
import type { AppEnv } from '../context.ts';
import { errors } from '../errors.ts';
import { allow, postAccess } from '../permissions/guards.ts';
import { answer, describer, refusals } from '../openapi/describe.ts';
import { Presence } from '../openapi/shapes.ts';
import { validate } from '../validation.ts';
import { PresenceBoard } from './presence-board.ts';

const postId = z.object({
  id: z.coerce.number({ error: 'Post not found.' }).int('Post not found.').positive('Post not found.').describe("The post's id."),
});
const describe = describer('Posts');

/**
 * POST and DELETE /api/posts/:id/presence: the post editor's heartbeat while it has a post open,
 * answered with who else has it open, and its goodbye. Each route table keeps its own board.
 */
export function presenceRoutes(board = new PresenceBoard(), now: () => number = Date.now): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .post(
      '/:id{[0-9]+}/presence',
      describe({
        operationId: 'announcePresence',
        summary: 'Say a post is open in an editor',
        description:
          'The post editor sends this every 20 seconds while it has the post open; the answer names the other people who have it open (longest there first). Someone whose editor stops sending for 50 seconds is no longer named. Kept in memory by the server that takes writes.',
        responses: { 200: answer('The others who have the post open.', Presence), ...refusals('not_found') },
        examples: [{ name: 'alone', summary: 'Nobody else has it open', params: { id: 21 }, status: 200, response: { others: [] } }],
      }),
      allow('contributor'),
      validate('param', postId),
      postAccess('read'),
      async (c) => {
        const { id } = c.req.valid('param');
        if (!(await getPostById(c.get('db'), id))) throw errors.notFound('Post not found.');
        const user = c.get('user')!;
        c.header('Cache-Control', 'no-store');
        return c.json({ others: board.beat(`post:${id}`, { id: user.id, name: user.name }, now()) });
      },
    )
    .delete(
      '/:id{[0-9]+}/presence',
      describe({
        operationId: 'leavePresence',
        summary: 'Say a post is no longer open in an editor',
        description: 'Sent as the editor closes: the others stop being told at once.',
        responses: { 204: { description: 'Done.' } },
        examples: [{ name: 'leave', summary: 'Close the ramen post', params: { id: 21 }, status: 204 }],
      }),
      allow('contributor'),
      validate('param', postId),
      postAccess('read'),
      (c) => {
        board.leave(`post:${c.req.valid('param').id}`, c.get('user')!.id);
        return c.body(null, 204);
      },
    );
}
