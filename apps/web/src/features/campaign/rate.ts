import { formatNumber, locale, t } from '../../i18n';

/** A blast's sends done (success and fail) at a moment, as a count event told them. */
export interface Sample {
  at: number;
  done: number;
}

/** The rate looks back this far: long enough to span the pacing's pauses, short enough to follow a hold. */
export const RATE_WINDOW_MS = 5 * 60_000;

/** Keeps `sample`, dropping those out of the window; counts going down (a reset) start afresh. */
export function addSample(samples: readonly Sample[], sample: Sample, windowMs = RATE_WINDOW_MS): Sample[] {
  const last = samples.at(-1);
  if (last && sample.done < last.done) return [sample];
  return [...samples.filter((kept) => kept.at > sample.at - windowMs), sample];
}

/**
 * Sends per minute over the window ending `now`: the sends between its first and last sample, over
 * the time from the first to now (so a blast that stopped sending slows down to nothing). Null until
 * two samples fall in the window.
 */
export function ratePerMinute(samples: readonly Sample[], now: number, windowMs = RATE_WINDOW_MS) {
  const recent = samples.filter((sample) => sample.at > now - windowMs);
  if (recent.length < 2) return null;
  const sends = recent.at(-1)!.done - recent[0]!.done;
  const elapsed = now - recent[0]!.at;
  return elapsed > 0 ? (sends / elapsed) * 60_000 : null;
}

/** Milliseconds until `left` targets are sent at `rate` a minute; null when it cannot be told. */
export function etaMs(left: number, rate: number | null) {
  if (rate === null || rate <= 0 || left < 0) return null;
  return (left / rate) * 60_000;
}

/** What the card shows for an unknown figure. */
export const UNKNOWN = '—';

/** A rate in the reader's locale, with one decimal at most: '12,5/menit', '12.5/min'. */
export function formatRate(rate: number | null) {
  if (rate === null) return UNKNOWN;
  const value = new Intl.NumberFormat(locale(), { maximumFractionDigits: 1 }).format(rate);
  return t('campaign.perMinute', { rate: value });
}

/** A time left in the reader's words: '< 1 min', '25 min', '3 h 5 min', '2 d 4 h'; '—' unknown. */
export function formatEta(ms: number | null) {
  if (ms === null || !Number.isFinite(ms)) return UNKNOWN;
  const minutes = Math.ceil(ms / 60_000);
  if (ms < 60_000) return t('campaign.etaUnderMinute');
  if (minutes < 60) return t('campaign.etaMinutes', { minutes: formatNumber(minutes) });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t('campaign.etaHours', { hours: formatNumber(hours), minutes: minutes % 60 });
  return t('campaign.etaDays', { days: formatNumber(Math.floor(hours / 24)), hours: hours % 24 });
}
