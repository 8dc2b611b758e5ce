import { EditorBar, EditorHistory } from '../entity-editor/EditorFrame';
import { POST_STATUS_LABEL } from '@forkcast/shared/contracts';
import type { AuthoredPost } from './post-draft';

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
  /** What the signed-in role may do here: save changes (edit), publish, see the history. */
  may: { edit: boolean; publish: boolean; history: boolean };
}

/** The post editor's bar: status, save state and word count; History, Preview and the save buttons. */
export function PostEditorBar({ post, postId, saveState, words, dirty, saving, titled, onSave, onPublish, may }: Props) {
  const live = post?.status === 'published';
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
          <button type="button" className="button button--ghost fc-dash-small-button" disabled={saving} onClick={onSave}>
            Save draft
          </button>
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
