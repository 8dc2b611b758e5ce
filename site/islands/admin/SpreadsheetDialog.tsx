import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { CityChanges, CityOverview } from '@forkcast/shared/contracts';
import { apiRequest, RequestError, staleVersionOf } from '../shared/api';
import { toast } from '../shared/toast-store';
import { AdminDialog, CancelButton } from './AdminDialog';
import { changedHeadline } from './conflict/ConflictView';
import { CITY_OVERVIEWS_URL } from './DashboardQueries';
import { announceWrite } from './publish';

const WEB_ADDRESS = /^https?:\/\/\S+$/i;

interface Props {
  cityId: number;
  /** The spreadsheet the itinerary button opens now ('' when it opens the itinerary page). */
  current: string;
  /** Called after a successful change, once the dialog has closed. */
  onSaved?: (response: Response) => void;
}

/**
 * The itinerary card's Spreadsheet control: links the external spreadsheet readers open from the
 * card, or removes it so the button opens the itinerary's own page again.
 */
export function SpreadsheetDialog({ cityId, current, onSaved }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState(current);
  // The city the page shows, read as its controls start: the change is made to that version.
  const city = useQuery<CityOverview | null>({ queryKey: [`${CITY_OVERVIEWS_URL}/${cityId}`] });

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) setUrl(current);
  };

  const save = useMutation({
    mutationFn: (spreadsheetUrl: string | null) =>
      apiRequest('PATCH', `/api/cities/${cityId}`, { spreadsheetUrl } satisfies CityChanges, { version: city.data?.version }),
    onSuccess: (response, spreadsheetUrl) => {
      announceWrite(response, spreadsheetUrl === null ? 'Spreadsheet Removed' : 'Spreadsheet Updated');
      setOpen(false);
      onSaved?.(response);
    },
    onError: (error) => {
      console.error(error);
      const stale = staleVersionOf(error);
      const message = stale
        ? `${changedHeadline(stale, 'city')}. Reload the page to see their change first.`
        : error instanceof RequestError
          ? error.serverMessage
          : undefined;
      toast({
        title: 'Update Failed',
        description: message ?? 'Failed to update the spreadsheet link. Please try again.',
        variant: 'destructive',
      });
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = url.trim();
    if (!WEB_ADDRESS.test(trimmed) || !URL.canParse(trimmed)) {
      toast({
        title: 'Invalid Link',
        description: 'Please enter a web address starting with http:// or https://.',
        variant: 'destructive',
      });
      return;
    }
    save.mutate(trimmed);
  };

  return (
    <AdminDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Itinerary Spreadsheet"
      description="Link the spreadsheet readers open from the itinerary card, in a new tab. Without one, the button opens the itinerary's own page."
      trigger={
        <button type="button" className="fc-admin-button">
          <svg aria-hidden="true" viewBox="0 0 20 20" width="16" height="16">
            <path d="M3 3h14v14H3zM3 8h14M3 13h14M8 3v14" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
          </svg>
          Spreadsheet
        </button>
      }
    >
      <form className="fc-form" onSubmit={onSubmit} noValidate>
        <label htmlFor={`${id}-url`}>Spreadsheet URL</label>
        <input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://docs.example.com/spreadsheets/…"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
        />
        <div className="fc-form__actions">
          {current !== '' && (
            <button type="button" className="button button--ghost" disabled={save.isPending} onClick={() => save.mutate(null)}>
              Remove
            </button>
          )}
          <CancelButton />
          <button type="submit" className="button" disabled={url.trim() === '' || save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </AdminDialog>
  );
}
