import type { Dispatch, SetStateAction } from 'react';
import TextareaAutosize from 'react-textarea-autosize';
import { LIMITS, type City } from '@forkcast/shared/contracts';
import { cityEditorUrl } from '../admin-urls';
import { ImagePicker } from '../media/ImagePicker';
import { MarkdownField } from './MarkdownField';
import type { AuthoredPost, PostDraft } from './post-draft';
import { uploadImages } from './upload-images';

interface FieldsProps {
  /** The editor's useId(), which the fields' own ids start with. */
  id: string;
  draft: PostDraft;
  setDraft: Dispatch<SetStateAction<PostDraft>>;
}

/** An input's onChange that sets one field of the form to what was typed. */
const setter = (setDraft: FieldsProps['setDraft'], key: keyof PostDraft) => (event: { target: { value: string } }) =>
  setDraft((current) => ({ ...current, [key]: event.target.value }));

/** The post's words: title, excerpt and the Markdown body. Submitting it saves. */
export function PostForm({ id, draft, setDraft, heading, onSubmit }: FieldsProps & { heading: string; onSubmit: () => void }) {
  return (
    <form
      className="fc-editor__form"
      aria-labelledby={`${id}-heading`}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <h1 id={`${id}-heading`} className="visually-hidden">
        {heading}
      </h1>
      <label className="fc-editor__title">
        <span className="visually-hidden">Title</span>
        {/* A textarea so a long title wraps in full; it stays one line, as the API requires. */}
        <TextareaAutosize
          minRows={1}
          value={draft.title}
          onChange={(event) => setDraft((current) => ({ ...current, title: event.target.value.replace(/[\r\n]+/g, ' ') }))}
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.preventDefault();
          }}
          placeholder="Title"
          maxLength={LIMITS.post.title}
          required
        />
      </label>
      <label className="fc-field">
        <span>Excerpt</span>
        <TextareaAutosize
          value={draft.excerpt}
          onChange={setter(setDraft, 'excerpt')}
          minRows={2}
          maxRows={8}
          maxLength={LIMITS.post.excerpt}
        />
      </label>
      <div className="fc-editor__body">
        <MarkdownField
          label="Body (Markdown)"
          value={draft.content}
          onChange={(content) => setDraft((current) => ({ ...current, content }))}
          onImages={uploadImages}
          tools={(insert) => (
            <ImagePicker label="Insert image" onPick={({ url, alt }) => insert(`\n\n![${alt.replace(/[[\]]/g, '')}](${url})\n\n`)} />
          )}
        />
      </div>
    </form>
  );
}

/** The post's settings beside the form: slug and address, type, city, tags and hero image. */
export function PostSettings({ id, draft, setDraft, post, cities }: FieldsProps & { post: AuthoredPost | undefined; cities: City[] }) {
  const set = (key: keyof PostDraft) => setter(setDraft, key);
  const chosenCity = cities.find((city) => String(city.id) === draft.cityId);
  return (
    <>
      <label className="fc-field">
        <span>Slug</span>
        <input value={draft.slug} onChange={set('slug')} placeholder="derived from the title" maxLength={LIMITS.post.slug} />
      </label>
      {post && <p className="fc-dash-hint">URL: {post.url}</p>}
      <label className="fc-field">
        <span>Type</span>
        <select value={draft.type} onChange={set('type')}>
          <option value="post">Post</option>
          <option value="guide">City guide</option>
        </select>
      </label>
      <div className="fc-field">
        <label htmlFor={`${id}-city`}>City</label>
        <select id={`${id}-city`} value={draft.cityId} onChange={set('cityId')}>
          <option value="">No city</option>
          {cities.map((city) => (
            <option key={city.id} value={city.id}>
              {city.name}
            </option>
          ))}
        </select>
        {chosenCity && (
          <a className="fc-field__link" href={cityEditorUrl(chosenCity.id)}>
            Edit {chosenCity.name}’s city settings
          </a>
        )}
      </div>
      <label className="fc-field">
        <span>Tags</span>
        <input value={draft.tags} onChange={set('tags')} placeholder="ramen, late night" />
      </label>
      <div className="fc-field">
        <label htmlFor={`${id}-hero`}>Hero image</label>
        <div className="fc-field__row">
          <input id={`${id}-hero`} value={draft.heroImage} onChange={set('heroImage')} placeholder="/uploads/… or https://…" />
          <ImagePicker
            label="Choose hero image"
            onPick={({ url, alt }) => setDraft((current) => ({ ...current, heroImage: url, heroAlt: current.heroAlt || alt }))}
          />
        </div>
      </div>
      <label className="fc-field">
        <span>Hero alt text</span>
        <input value={draft.heroAlt} onChange={set('heroAlt')} maxLength={LIMITS.altText} />
      </label>
    </>
  );
}
