import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { CityOverview } from '@forkcast/shared/contracts';
import { apiRequest, messageOf, staleVersionOf } from '../../shared/api';
import { AdminDialog, CancelButton } from '../AdminDialog';
import { changedHeadline } from '../conflict/ConflictView';
import { plural } from '../DashboardFormat';
import { announceWrite } from '../publish';

/** What deleting a city takes with it, in the words the confirmation uses. */
function whatIsLost(city: Pick<CityOverview, 'name' | 'restaurantCount'>): string {
  const itinerary = city.restaurantCount > 0 ? `its itinerary of ${plural(city.restaurantCount, 'place')}, ` : '';
  return `'${city.name}' is deleted, with ${itinerary}its description, hero image, map and spreadsheet settings. It waits in the trash on /admin/history for 30 days, where Restore brings it all back.`;
}

interface Props {
  city: CityOverview;
  /** The version the editor shows: a city changed since is not deleted unseen. */
  version: number | undefined;
  /** Called once the city is gone, with the answer that says whether its pages were published. */
  onDeleted: (response: Response) => void;
}

/** Delete, behind a confirmation naming what goes; the API refuses while posts belong to the city, and its reason is shown. */
export function CityDeleteDialog({ city, version, onDeleted }: Props) {
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const remove = useMutation({
    mutationFn: () => apiRequest('DELETE', `/api/cities/${city.id}`, undefined, { version }),
    onMutate: () => setRefusal(undefined),
    onSuccess: (response) => {
      announceWrite(response, 'City deleted');
      onDeleted(response);
    },
    onError: (error) => {
      const stale = staleVersionOf(error);
      setRefusal(
        stale
          ? `${changedHeadline(stale, 'city')}. Reload the editor to see their change before deleting it.`
          : messageOf(error, 'Failed to delete the city. Please try again.'),
      );
    },
  });

  return (
    <AdminDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setRefusal(undefined);
      }}
      trigger={
        <button type="button" className="fc-dash-danger">
          Delete city
        </button>
      }
      title={`Delete ${city.name}?`}
      description={whatIsLost(city)}
    >
      {refusal && (
        <p className="fc-dash-error" role="alert">
          {refusal}
        </p>
      )}
      <div className="fc-form__actions">
        <CancelButton />
        <button type="button" className="button fc-dash-danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
          {remove.isPending ? 'Deleting…' : 'Delete'}
        </button>
      </div>
    </AdminDialog>
  );
}
