import { Message, type CampaignHold, type CatalogKey, type PauseKind } from '@blaster/contract';
import { messageIn, t } from '../../i18n';
import type { LiveRow } from '../whatsapp/live';

/** What a blast is doing, as its card names it. */
export type CampaignPhase = 'sending' | 'starting' | 'waiting' | 'retrying' | 'held' | 'paused' | 'stopped';

/** What the server said of the blast when the cards were read (a live event says it again later). */
export interface CampaignFacts {
  hold: CampaignHold | null;
  pausedKind: PauseKind | null;
}

export interface CampaignView {
  phase: CampaignPhase;
  /** The status in plain words. */
  label: string;
  /** Why it waits or stopped, and until when; null when it is simply sending. */
  reason: string | null;
}

/** A hold in plain words with its end: quiet hours until HH:MM, a cap until tomorrow or next minute. */
export function holdWords(hold: CampaignHold & { text?: string }) {
  if (hold.key === 'governedQuietHours') return t('campaign.hold.quiet', { end: hold.params.end ?? '' });
  if (hold.key === 'governedDailyCap') return t('campaign.hold.dailyCap');
  if (hold.key === 'governedMinuteCap') return t('campaign.hold.minuteCap');
  // A hold this panel does not know yet: its own message, in the reader's language.
  return messageIn(new Message(hold.key as CatalogKey, hold.params, hold.text ?? hold.key));
}

const PAUSE_WORDS = {
  suspended: 'campaign.pause.suspended',
  quality: 'campaign.pause.quality',
  fail_rate: 'campaign.pause.failRate',
} as const satisfies Record<PauseKind, CatalogKey>;

const pauseWords = (kind: PauseKind) => t(PAUSE_WORDS[kind]);

/** The hold in force: the latest event's when one came (null: it ended), else the server's. */
const currentHold = (row: LiveRow, facts: CampaignFacts) => (row.hold !== undefined ? row.hold : facts.hold);

/** What the blast is doing and why, in words; the pause kind falls back on the account's suspension. */
export function describeCampaign(row: LiveRow, facts: CampaignFacts): CampaignView {
  if (row.status !== 'sending') {
    if (row.paused_reason) {
      const kind = facts.pausedKind ?? (row.suspended ? 'suspended' : 'fail_rate');
      return { phase: 'paused', label: t('campaign.status.paused'), reason: pauseWords(kind) };
    }
    return { phase: 'stopped', label: t('campaign.status.stopped'), reason: null };
  }
  const hold = currentHold(row, facts);
  if (hold) return { phase: 'held', label: t('campaign.status.held'), reason: holdWords(hold) };
  if (row.attempting) return { phase: 'retrying', label: t('campaign.status.retrying'), reason: null };
  if ((row.waitTime ?? 0) > 0)
    return {
      phase: 'waiting',
      label: t('campaign.status.waiting', { seconds: row.waitTime }),
      reason: null,
    };
  if (row.progressing && row.phase !== 'sending')
    return { phase: 'starting', label: t('campaign.status.starting'), reason: null };
  return { phase: 'sending', label: t('campaign.status.sending'), reason: null };
}
