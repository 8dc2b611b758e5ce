import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactElement } from 'react';
import { apiRequest, messageOf } from '../../shared/api';
import { toast } from '../../shared/toast-store';
import { AdminDialog, CancelButton } from '../AdminDialog';

interface Props {
  /** The API path that deletes for good (DELETE). */
  url: string;
  trigger: ReactElement;
  title: string;
  description: string;
  /** The success message's title. */
  done: string;
  /** Where focus goes once the thing whose button opened the dialog is gone. */
  focusAfter: () => void;
}

/** Asks before deleting for good (it cannot be undone), then says what happened. */
export function TrashForeverDialog({ url, trigger, title, description, done, focusAfter }: Props) {
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => apiRequest('DELETE', url),
    onSuccess: async () => {
      setOpen(false);
      toast({ title: done, description: 'It cannot be restored any more.' });
      await queryClient.invalidateQueries();
      focusAfter();
    },
    onError: (error) => setRefusal(messageOf(error, 'It could not be deleted. Please try again.')),
  });
  return (
    <AdminDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setRefusal(undefined);
      }}
      trigger={trigger}
      title={title}
      description={description}
    >
      {refusal && (
        <p className="fc-dash-error" role="alert">
          {refusal}
        </p>
      )}
      <div className="fc-form__actions">
        <CancelButton />
        <button type="button" className="button fc-dash-danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
          {remove.isPending ? 'Deleting…' : 'Delete forever'}
        </button>
      </div>
    </AdminDialog>
  );
}
