import { useQuery } from '@tanstack/react-query';
import type { RealtimeEvent } from '@blaster/contract';
import { callEndpoint } from '../../lib/api';
import { useRefreshOnEvents } from '../../lib/refresh-on-events';
import { whatsappKeys } from '../whatsapp/api';

/** Under the account keys: whatever refreshes the account lists refreshes the cards too. */
export const campaignKeys = {
  of: (owner: number | 'all') => [...whatsappKeys.all, 'campaigns', owner] as const,
};

/** A blast starting or ending changes which cards there are: read them again soon after. */
const CHANGE_EVENTS = new Set([
  'paused',
  'finished',
  'error_blast',
  'stop',
  'idle',
  'suspended',
  'reset',
  'template_paused',
]);
const CHANGE_DELAY_MS = 500;
/** The pool and opt-outs move with every send: read again after a burst of sends, this often at most. */
const FIGURES_DELAY_MS = 15_000;

/** The running, held and paused blasts of `owner` (a member's id, or 'all' for operators). */
export function useCampaigns(owner: number | 'all' | null) {
  return useQuery({
    queryKey: campaignKeys.of(owner ?? 'all'),
    enabled: owner !== null,
    queryFn: () => callEndpoint('whatsappCampaigns', { params: { userId: owner! } }),
  });
}

/** Reads the cards again when a blast starts or ends, and now and then while they send. */
export function useCampaignRefresh(channel: string | null, owner: number | 'all' | null, shown: Set<number>) {
  const key = campaignKeys.of(owner ?? 'all');
  const about = (message: RealtimeEvent) =>
    typeof message.sender?.id === 'number' ? message.sender.id : null;
  useRefreshOnEvents(
    channel,
    (message) =>
      CHANGE_EVENTS.has(message.event) ||
      // A blast started elsewhere (the list, a schedule) gets its card.
      (message.event === 'sending' && about(message) !== null && !shown.has(about(message)!)),
    key,
    CHANGE_DELAY_MS,
  );
  useRefreshOnEvents(
    channel,
    (message) => message.event === 'count_success' || message.event === 'count_fail',
    key,
    FIGURES_DELAY_MS,
  );
}
