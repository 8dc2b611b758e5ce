import { EditorBar, EditorHistory } from '../entity-editor/EditorFrame';
import { POST_STATUS_LABEL } from '@forkcast/shared/contracts';
import type { AuthoredPost, ReviewStep } from './post-draft';

interface Props {
  post: AuthoredPost | undefined;
  postId: number | undefined;
  /** What the bar says of the form: 'Saving…', 'All changes saved', ... */
  saveState: string;
  words: number;
  dirty: boolean;
  saving: boolean;
  /** Whether the form has a title (Publish now needs one). */
  titled: boolean;
  onSave: () => void;
  onPublish: () => void;
  /** Submits the post for review, or takes it back. */
  onReview: (step: Extract<ReviewStep, 'submit' | 'withdraw'>) => void;
  /** What the signed-in role may do here: save changes (edit), submit it for review, decide on reviews, publish, see the history. */
  may: { edit: boolean; submit: boolean; review: boolean; publish: boolean; history: boolean };
}

/** The post editor's bar: status, save state and word count; History, Preview and the save buttons. */
export function PostEditorBar({ post, postId, saveState, words, dirty, saving, titled, onSave, onPublish, onReview, may }: Props) {
  const live = post?.status === 'published';
  // Writers below editor send their drafts to review; editors decide on them instead.
  const submittable = post?.status === 'draft' && may.submit && !may.review;
  const withdrawable = post?.status === 'review' && may.submit && !may.review;
  return (
    <EditorBar
      state={
        <>
          {post && <span className={`fc-status fc-status--${post.status}`}>{POST_STATUS_LABEL[post.status]}</span>}
          <span>{saveState}</span>
          <span className="fc-editor__words">{words === 1 ? '1 word' : `${words} words`}</span>
        </>
      }
    >
      {postId !== undefined && may.history && (
        <EditorHistory entity="post" entityId={postId} name={post ? `'${post.title}'` : 'this post'} />
      )}
      {postId !== undefined && (
        <a className="button button--ghost fc-dash-small-button" href={`/api/posts/${postId}/preview`} target="_blank" rel="noopener">
          Preview
        </a>
      )}
      {live ? (
        may.edit && (
          <button type="button" className="button fc-dash-small-button" disabled={!dirty || saving} onClick={onSave}>
            Update
          </button>
        )
      ) : (
        <>
          {may.edit && (
            <button type="button" className="button button--ghost fc-dash-small-button" disabled={saving} onClick={onSave}>
              {post?.status === 'review' ? 'Save' : 'Save draft'}
            </button>
          )}
          {submittable && (
            <button type="button" className="button fc-dash-small-button" disabled={saving || !titled} onClick={() => onReview('submit')}>
              Submit for review
            </button>
          )}
          {withdrawable && (
            <button
              type="button"
              className="button button--ghost fc-dash-small-button"
              disabled={saving}
              onClick={() => onReview('withdraw')}
            >
              Take back to edit
            </button>
          )}
          {may.publish && (
            <button type="button" className="button fc-dash-small-button" disabled={saving || !titled} onClick={onPublish}>
              Publish now
            </button>
          )}
        </>
      )}
    </EditorBar>
  );
}
