import type { AdminUser } from '@forkcast/content-db';

/**
 * How a change records the admin who made it, and how the editors name one another (who changed a
 * post, who else has it open): the admin's address today. The one place to swap in a person's name.
 */
export function actorOf(admin: AdminUser): string;
export function actorOf(admin: AdminUser | undefined): string | null;
export function actorOf(admin: AdminUser | undefined): string | null {
  return admin?.email ?? null;
}
