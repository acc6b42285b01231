import { REALTIME_CHANNEL_ADMIN, isOperatorRole, type User } from '@blaster/contract';

/** The realtime channel a user hears: operators the admin channel of every account, others their own. */
export function userChannel(user: Pick<User, 'id' | 'role'>): string;
export function userChannel(user: Pick<User, 'id' | 'role'> | null | undefined): string | null;
export function userChannel(user: Pick<User, 'id' | 'role'> | null | undefined) {
  if (!user) return null;
  return isOperatorRole(user.role) ? REALTIME_CHANNEL_ADMIN : String(user.id);
}
