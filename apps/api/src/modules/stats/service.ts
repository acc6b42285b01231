import type { z } from 'zod';
import {
  ALL_USERS,
  MSG,
  NETWORK_TIERS,
  STATS_MAX_RANGE_DAYS,
  type statsLookupQuerySchema,
  type statsRangeQuerySchema,
} from '@blaster/contract';
import type { AppContext } from '../../context';
import { HttpError } from '../../lib/errors';
import {
  connectedSenders,
  dailyStats,
  hourlyStats,
  lookupStats,
  rangeBounds,
  topAccounts,
} from './repository';

/** Whose figures: one user's, or null for the whole platform. */
const owner = (userId: number | typeof ALL_USERS) => (userId === ALL_USERS ? null : userId);

export async function dailyChart(ctx: AppContext, userId: number | typeof ALL_USERS) {
  const timeZone = ctx.config.timeZone;
  return { timeZone, days: await dailyStats(ctx.db, timeZone, owner(userId)) };
}

export async function hourlyChart(ctx: AppContext, userId: number | typeof ALL_USERS) {
  return { timeZone: ctx.config.timeZone, hours: await hourlyStats(ctx.db, owner(userId)) };
}

export async function topAccountsChart(ctx: AppContext, range: z.output<typeof statsRangeQuerySchema>) {
  const timeZone = ctx.config.timeZone;
  const { from, to } = await rangeBounds(ctx.db, timeZone, range);
  // One bound given alone may still make a reversed or overlong range with the default of the other.
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
  if (days < 0 || days >= STATS_MAX_RANGE_DAYS) throw new HttpError(400, MSG.invalidRequest);
  return { from, to, accounts: await topAccounts(ctx.db, timeZone, { from, to }) };
}

export async function lookupChart(
  ctx: AppContext,
  userId: number | typeof ALL_USERS,
  query: z.output<typeof statsLookupQuerySchema>,
) {
  const timeZone = ctx.config.timeZone;
  return {
    timeZone,
    kind: query.kind,
    bucket: query.bucket,
    buckets: await lookupStats(ctx.db, timeZone, { userId: owner(userId), ...query }),
  };
}

/**
 * The connected senders at each tier by quality, as the network rates them now: read from the gateway
 * for every connected account, with no statement per account.
 */
export async function sendersChart(ctx: AppContext) {
  // The sandbox does not model the network's rules: there is nothing to show.
  if (!ctx.config.sandboxReputation) return { tiers: null };
  const tiers = NETWORK_TIERS.map((tier) => ({ tier, green: 0, yellow: 0, red: 0, restricted: 0 }));
  for (const deviceId of await connectedSenders(ctx.db)) {
    const standing = ctx.gateway.standing(deviceId);
    if (!standing) continue;
    const row = tiers.find((entry) => entry.tier === standing.tier)!;
    row[standing.quality] += 1;
    if (standing.restricted) row.restricted += 1;
  }
  return { tiers };
}
