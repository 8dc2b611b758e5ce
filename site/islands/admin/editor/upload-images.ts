import { apiRequest, messageOf } from '../../shared/api';
import { toast } from '../../shared/toast-store';

/**
 * Uploads images dropped or pasted into the body, one after another, and returns the Markdown that
 * shows those that uploaded (named after their files); a failed one says so in a toast.
 */
export async function uploadImages(files: File[]): Promise<string> {
  const inserted: string[] = [];
  for (const file of files) {
    const form = new FormData();
    form.set('image', file);
    try {
      const { url } = (await (await apiRequest('POST', '/api/upload', form)).json()) as { url: string };
      inserted.push(`![${file.name.replace(/\.[^.]+$/, '').replace(/[[\]]/g, '')}](${url})`);
    } catch (error) {
      toast({
        title: 'Upload Failed',
        description: messageOf(error, 'Failed to upload the image. Please try again.'),
        variant: 'destructive',
      });
    }
  }
  return inserted.length > 0 ? `\n\n${inserted.join('\n\n')}\n\n` : '';
}
