import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { ORIGINAL_BLOCK_ID, type ContentBlock, type ContentItem } from '@forkcast/shared/contracts';
import { apiRequest, staleVersionOf } from '../shared/api';
import { toast } from '../shared/toast-store';
import { AddContentDialog } from './AddContentDialog';
import { AdminDialog, CancelButton } from './AdminDialog';
import { changedHeadline } from './conflict/ConflictView';
import { HistoryDialog } from './history/HistoryDialog';
import { BlockEditorDialog } from './BlockEditorDialog';
import type { ItemSlot, PostBodySlots } from './page-slots';
import { contentKey, useContentBlocks, useContentItems, usePost } from './post-queries';
import { announceWrite } from './publish';

interface Props {
  slots: PostBodySlots;
  /** Whether the post's History shows (the history is for editors and above). */
  history: boolean;
  /** Shows the republished page after a successful write. */
  onRepublish: () => void;
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** Whether the page shows other blocks or additions than the API now has (another tab edited it). */
function pageIsBehind(slots: PostBodySlots, items: readonly ContentItem[], blocks: readonly ContentBlock[]): boolean {
  const pageBlocks = slots.sections.filter((s) => s.blockId !== ORIGINAL_BLOCK_ID).map((s) => `${s.position}:${s.blockId}`);
  const pageItems = slots.items.map((i) => String(i.itemId));
  return (
    !sameSet(
      pageBlocks,
      blocks.map((b) => `${b.position}:${b.id}`),
    ) ||
    !sameSet(
      pageItems,
      items.map((i) => String(i.id)),
    )
  );
}

const place = (position: number) => (position === 0 ? 'before section 1' : `after section ${position}`);

function itemLabel({ kind, position }: ItemSlot): string {
  return `Delete added ${kind === 'image' ? 'image' : 'text'} ${place(position)}`;
}

/** What deleting an item takes off the page, in words: its text (shortened) or its picture's description. */
function itemLoss(slot: ItemSlot, item: ContentItem | undefined): string {
  const where = place(slot.position);
  if (slot.kind === 'image') return `The image ${where}${item?.alt ? ` ('${item.alt}')` : ''} leaves the page.`;
  const text = (item?.content ?? '').replace(/\s+/g, ' ').trim();
  const quoted = text.length > 120 ? `${text.slice(0, 117)}…` : text;
  return `The text ${where}${quoted ? ` ('${quoted}')` : ''} leaves the page.`;
}

interface DeleteItemProps {
  slot: ItemSlot;
  item: ContentItem | undefined;
  deleting: boolean;
  onDelete: () => void;
}

/** The Delete control of one inline item: it asks first, saying what leaves the page and where it goes. */
function DeleteItemButton({ slot, item, deleting, onDelete }: DeleteItemProps) {
  const [open, setOpen] = useState(false);
  const what = slot.kind === 'image' ? 'image' : 'text';
  return (
    <AdminDialog
      open={open}
      onOpenChange={setOpen}
      title={`Delete this added ${what}?`}
      description={`${itemLoss(slot, item)} It waits in the trash on /admin/history for 30 days, and the message after deleting offers Undo.`}
      trigger={
        <button type="button" className="fc-admin-button fc-admin-button--danger" aria-label={itemLabel(slot)} disabled={deleting}>
          {deleting ? 'Deleting…' : 'Delete'}
        </button>
      }
    >
      <div className="fc-form__actions">
        <CancelButton />
        <button
          type="button"
          className="button button--danger"
          onClick={() => {
            setOpen(false);
            onDelete();
          }}
        >
          Delete {what}
        </button>
      </div>
    </AdminDialog>
  );
}

/**
 * The post content component for one article: it owns the content and blocks queries, the
 * refresh action and inline-item deletion, and renders every control of the body into the
 * containers page-slots inserted (one React root per article, portals for the rest).
 */
export function PostContentAdmin({ slots, history, onRepublish }: Props) {
  const { postId, postSlug } = slots;
  const queryClient = useQueryClient();
  // Read as the controls start, so every write from the page is made to the post the page shows.
  const post = usePost(postSlug);
  const version = post.data?.version;
  const items = useContentItems(postId);
  const blocks = useContentBlocks(postId);
  const [selectedItem, setSelectedItem] = useState<number | null>(null);
  const [refreshing, setRefreshing] = useState(false);

  const removeItem = useMutation({
    mutationFn: async (itemId: number) => {
      try {
        return await apiRequest('DELETE', `/api/posts/${postId}/content/${itemId}`, undefined, { version });
      } catch (cause) {
        throw new Error('Failed to delete content', { cause });
      }
    },
    onMutate: (itemId) => setSelectedItem(itemId),
    onSuccess: async (response) => {
      await queryClient.invalidateQueries({ queryKey: contentKey(postId) });
      announceWrite(response, 'Content deleted');
      onRepublish();
    },
    // A failed inline delete is only logged; one that ran into someone else's change says so, as it is no failure.
    onError: (error) => {
      const stale = staleVersionOf(error.cause);
      if (stale) {
        toast({
          title: 'Not deleted',
          description: `${changedHeadline(stale, 'post')}. Refresh to see their change first.`,
          variant: 'destructive',
        });
      } else console.error('Delete failed', error);
    },
    onSettled: () => setSelectedItem(null),
  });

  const refresh = async () => {
    setRefreshing(true);
    const [itemsResult, blocksResult, postResult] = await Promise.all([items.refetch(), blocks.refetch(), post.refetch()]);
    setRefreshing(false);
    if (itemsResult.isError || blocksResult.isError || postResult.isError) {
      toast({ title: 'Error', description: 'Could not refresh the content. Please try again.', variant: 'destructive' });
    } else if (pageIsBehind(slots, itemsResult.data ?? [], blocksResult.data ?? []) || postResult.data?.version !== version) {
      onRepublish();
    } else {
      toast({ title: 'Up to date', description: 'This page already shows the latest content.' });
    }
  };

  return (
    <>
      <div className="fc-admin-toolbar__bar" role="group" aria-label="Page editing">
        <span className="fc-admin-toolbar__label">Editing this page</span>
        <button
          type="button"
          className="fc-admin-button"
          onClick={() => void refresh()}
          disabled={refreshing}
          aria-label="Refresh content and blocks"
        >
          {refreshing ? 'Refreshing…' : 'Refresh'}
        </button>
        {history && (
          <HistoryDialog
            entity="post"
            entityId={postId}
            name={slots.postTitle ? `'${slots.postTitle}'` : 'this post'}
            onRestored={onRepublish}
            trigger={
              <button type="button" className="fc-admin-button" aria-label="History of this post">
                History
              </button>
            }
          />
        )}
      </div>
      {slots.sections.map((section) =>
        createPortal(
          <BlockEditorDialog
            postId={postId}
            postSlug={postSlug}
            position={section.position}
            blockId={section.blockId}
            sectionText={section.text}
            version={version}
            onSaved={onRepublish}
          />,
          section.container,
          `section-${section.position}`,
        ),
      )}
      {slots.items.map((slot) =>
        createPortal(
          <DeleteItemButton
            slot={slot}
            item={items.data?.find((candidate) => candidate.id === slot.itemId)}
            deleting={selectedItem === slot.itemId}
            onDelete={() => removeItem.mutate(slot.itemId)}
          />,
          slot.container,
          `item-${slot.itemId}`,
        ),
      )}
      {slots.adds.map((slot) =>
        createPortal(
          <AddContentDialog postId={postId} position={slot.position} version={version} onSaved={onRepublish} />,
          slot.container,
          `add-${slot.position}`,
        ),
      )}
    </>
  );
}
