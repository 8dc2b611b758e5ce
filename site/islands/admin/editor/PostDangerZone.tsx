import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest, messageOf, staleVersionOf } from '../../shared/api';
import { toast } from '../../shared/toast-store';
import { AdminDialog, CancelButton } from '../AdminDialog';
import { changedHeadline } from '../conflict/ConflictView';
import { announceWrite } from '../publish';

interface Props {
  postId: number;
  /** The post's title as saved, which the confirmations name. */
  title: string | undefined;
  live: boolean;
  /** What the signed-in role may do to the post: unpublish it (publish), delete it (remove). */
  may: { publish: boolean; remove: boolean };
  /** The version the editor shows: a post changed since is not deleted unseen. */
  version: number | undefined;
  onUnpublish: () => void;
  /** After the post was deleted (its message is showing). */
  onDeleted: () => void;
}

/** Unpublish (a live post) and Delete post, each after a confirmation that says what goes. */
export function PostDangerZone({ postId, title, live, may, version, onUnpublish, onDeleted }: Props) {
  const [confirming, setConfirming] = useState<'delete' | 'unpublish' | undefined>(undefined);
  const remove = useMutation({
    mutationFn: () => apiRequest('DELETE', `/api/posts/${postId}`, undefined, { version }),
    onSuccess: (response) => {
      announceWrite(response, 'Post deleted');
      onDeleted();
    },
    onError: (error) => {
      const stale = staleVersionOf(error);
      const description = stale
        ? `${changedHeadline(stale, 'post')}. Reload the editor to see their change before deleting it.`
        : messageOf(error, 'Failed to delete the post');
      toast({ title: stale ? 'Not deleted' : 'Error', description, variant: 'destructive' });
    },
  });

  return (
    <div className="fc-editor__danger">
      {live && may.publish && (
        <AdminDialog
          open={confirming === 'unpublish'}
          onOpenChange={(open) => setConfirming(open ? 'unpublish' : undefined)}
          trigger={
            <button type="button" className="fc-dash-danger">
              Unpublish
            </button>
          }
          title="Unpublish this post?"
          description={`'${title}' leaves the site, every listing, the feeds and the sitemap until you publish it again.`}
        >
          <div className="fc-form__actions">
            <CancelButton />
            <button
              type="button"
              className="button"
              onClick={() => {
                setConfirming(undefined);
                onUnpublish();
              }}
            >
              Unpublish
            </button>
          </div>
        </AdminDialog>
      )}
      {may.remove && (
        <AdminDialog
          open={confirming === 'delete'}
          onOpenChange={(open) => setConfirming(open ? 'delete' : undefined)}
          trigger={
            <button type="button" className="fc-dash-danger">
              Delete post
            </button>
          }
          title="Delete this post?"
          description={`'${title}' leaves the site with its edited sections and additions: its page, its place in every listing, the feeds and the sitemap. It waits in the trash on /admin/history for 30 days, where Restore brings it all back.`}
        >
          <div className="fc-form__actions">
            <CancelButton />
            <button type="button" className="button fc-dash-danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
              Delete
            </button>
          </div>
        </AdminDialog>
      )}
    </div>
  );
}
