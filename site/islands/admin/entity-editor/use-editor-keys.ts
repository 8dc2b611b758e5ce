import { useEffect } from 'react';

/** Cmd/Ctrl+S saves, and leaving the page asks first unless `mayLeave` says there is nothing to lose. */
export function useEditorKeys({ onSave, mayLeave }: { onSave: () => void; mayLeave: () => boolean }): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        onSave();
      }
    };
    const onLeave = (event: BeforeUnloadEvent) => {
      if (mayLeave()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('beforeunload', onLeave);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('beforeunload', onLeave);
    };
  }, [onSave, mayLeave]);
}
