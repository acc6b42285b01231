import { useMemo, useState } from 'react';
import type { CampaignsAnswer, WhatsappRow } from '@blaster/contract';
import { t } from '../../i18n';
import { useLiveAccounts, type LiveRow } from '../whatsapp/live';
import { useAccountActions } from '../whatsapp/use-account-actions';
import { useCampaignRefresh, useCampaigns } from './api';
import { CampaignCard } from './CampaignCard';
import { TemplateNotices } from './TemplateNotices';
import { ratePerMinute } from './rate';
import { useSendRates } from './use-send-rates';

interface BoardProps {
  answer: CampaignsAnswer;
  channel: string | null;
  /** Members and devs start and stop blasts. */
  canControl: boolean;
  refetch: () => Promise<unknown>;
  /** A read of the campaigns is on its way. */
  fetching?: boolean;
  /** The clock (tests give theirs). */
  now?: () => number;
}

/** Targets left in the pool: the server's figure, less the sends these blasts made since it was read. */
function poolLeft(answer: CampaignsAnswer, rows: LiveRow[]) {
  const read = new Map(answer.campaigns.map(({ account }) => [account.id, account]));
  let sentSince = 0;
  for (const row of rows) {
    const then = read.get(row.id);
    if (then)
      sentSince += Math.max(0, row.count_success + row.count_fail - then.count_success - then.count_fail);
  }
  return Math.max(0, answer.pool_left - sentSince);
}

/** Blasts stopped from a card keep their card (progress kept, resume at hand) while the page is open. */
function useStoppedHere(answer: CampaignsAnswer) {
  const [stopped, setStopped] = useState<ReadonlyMap<number, WhatsappRow>>(new Map());
  const serverRows = useMemo(() => {
    const rows = answer.campaigns.map((campaign) => campaign.account);
    for (const row of stopped.values()) if (!rows.some((listed) => listed.id === row.id)) rows.push(row);
    return rows;
  }, [answer, stopped]);
  const keep = (row: LiveRow) => setStopped((current) => new Map(current).set(row.id, row));
  const forget = (id: number) =>
    setStopped((current) => {
      const next = new Map(current);
      next.delete(id);
      return next;
    });
  return { serverRows, isStopped: (id: number) => stopped.has(id), keep, forget };
}

/** The cards of the blasts in `answer`, kept current by the viewer's channel. */
export function CampaignBoard({ answer, channel, canControl, refetch, fetching, now }: BoardProps) {
  const stopped = useStoppedHere(answer);
  const { rows, patch, started } = useLiveAccounts(stopped.serverRows, channel, refetch, fetching);
  const actions = useAccountActions({ channel, patch, started, refetch });
  const rates = useSendRates(channel, now);
  const facts = new Map(answer.campaigns.map((campaign) => [campaign.account.id, campaign]));
  const shown = rows.filter(
    (row) => row.status === 'sending' || row.paused_reason || stopped.isStopped(row.id),
  );
  if (shown.length === 0) return null;
  const left = poolLeft(answer, rows);
  return (
    <section aria-labelledby="campaigns-title" data-testid="campaigns" className="mb-6">
      <h2 id="campaigns-title" className="mb-3 text-lg font-semibold text-gray-800 dark:text-white/90">
        {t('campaign.title')}
      </h2>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {shown.map((row) => {
          const read = facts.get(row.id);
          return (
            <CampaignCard
              key={row.id}
              row={row}
              facts={{ hold: read?.hold ?? null, pausedKind: read?.paused_kind ?? null }}
              optedOut={read?.opted_out ?? 0}
              left={left}
              rate={ratePerMinute(rates.samplesOf(row.id), rates.now)}
              busy={actions.busy[row.id]}
              canControl={canControl && !row.suspended}
              onStop={(target) => {
                stopped.keep({ ...target, status: 'idle' });
                void actions.stop(target);
              }}
              onResume={(target) => {
                stopped.forget(target.id);
                void actions.start(target);
              }}
            />
          );
        })}
      </div>
    </section>
  );
}

/**
 * A card per running, held or paused blast of `owner` (a member's id, or 'all' for operators), above
 * the account list; nothing while no blast runs.
 */
export function CampaignCards(props: {
  owner: number | 'all' | null;
  channel: string | null;
  canControl: boolean;
}) {
  const query = useCampaigns(props.owner);
  const campaigns = query.data?.campaigns;
  const shown = useMemo(() => new Set(campaigns?.map((campaign) => campaign.account.id)), [campaigns]);
  useCampaignRefresh(props.channel, props.owner, shown);
  // Nothing to show until the answer has come.
  if (!query.data) return null;
  return (
    <>
      <TemplateNotices notices={query.data.templates} />
      <CampaignBoard
        answer={query.data}
        channel={props.channel}
        canControl={props.canControl}
        refetch={query.refetch}
        fetching={query.isFetching}
      />
    </>
  );
}
