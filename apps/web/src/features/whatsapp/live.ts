import { useEffect, useReducer, useRef } from 'react';
import {
  FLASH_MS,
  SUSPENSION_COUNT_UPDATE_ABOVE,
  WAIT_TICK_MS,
  type AccountEvent,
  type AccountEventPayload,
  type DeviceEvent,
  type RealtimeEvent,
  type WhatsappRow,
} from '@blaster/contract';
import { subscribe } from '../../lib/realtime';
import { useReadAgain } from '../../lib/read-again';

/** A row as the list shows it: the server's fields plus what live events say right now. */
export interface LiveRow extends WhatsappRow {
  progressing?: boolean;
  /** What the account is busy with while progressing: a blast's send, or preparing the next one. */
  phase?: 'sending' | 'generating' | 'validating';
  /** Counts the ends of blasts seen (finished, error, stop), so a late start answer does not undo one. */
  ends?: number;
  attempting?: boolean;
  attemptingCode?: string | number;
  waitTime?: number;
  /** Why the blast waits, when quiet hours or a cap hold it (a message of the catalog). */
  hold?: { key: string; params: Record<string, string | number>; text: string } | null;
  successUpdated?: boolean;
  failUpdated?: boolean;
}

type Action =
  | { type: 'load'; rows: WhatsappRow[] }
  | { type: 'event'; message: RealtimeEvent }
  | { type: 'patch'; id: number; patch: Partial<LiveRow> }
  | { type: 'started'; id: number; ends: number }
  | { type: 'tick' };

const ENDING = new Set(['conflict', 'loggedOut', 'disconnected']);
/**
 * Events no later event repeats: an older read replacing one would show the row wrong until reloaded.
 * (Counts, sends and waits come again with the blast's next send, so a busy blast does not read the
 * list over and over.)
 */
const LASTING = new Set<RealtimeEvent['event']>([
  'connection.update',
  'reconnecting',
  'suspended',
  'paused',
  'scheduled',
  'stop',
  'idle',
  'finished',
  'error_blast',
  'reset',
]);
const CLEARED: Partial<LiveRow> = { attempting: false, progressing: false, waitTime: 0, hold: null };

/** The events a row of the list can take: about an account, or about a device (its clientid). */
export type AccountRowEvent = AccountEvent | DeviceEvent;

/** A blast waiting for its next send, or held by quiet hours or a cap (with the reason's message). */
function waitingRow(row: LiveRow, payload: AccountEventPayload<'waiting'>): LiveRow {
  return {
    ...row,
    progressing: false,
    waitTime: num(payload.waitTime, 0),
    hold: payload.hold ? { ...payload.hold, text: payload.reason ?? '' } : null,
  };
}

/** Generator and validator events name their job in sender.id, not an account; the others name no row. */
function aboutAccount(message: RealtimeEvent): message is AccountRowEvent {
  const payload = message.payload;
  if ('generator' in payload || 'validator' in payload) return false;
  return message.sender !== undefined || 'deviceId' in payload;
}

function matches(row: LiveRow, message: AccountRowEvent) {
  const sender = message.sender;
  return (
    (sender?.id !== undefined && sender.id === row.id) ||
    sender?.clientid === row.clientid ||
    message.payload.deviceId === row.clientid
  );
}

/** A number the event carries, or the row's own when an older server left it out. */
const num = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);
const text = (value: unknown, fallback: string | null) => (typeof value === 'string' ? value : fallback);

type EventPayload<E extends AccountRowEvent['event']> = Extract<AccountRowEvent, { event: E }>['payload'];

/** The counts and income an event carries. */
const counted = (row: LiveRow, p: EventPayload<'count_success' | 'suspended'>): LiveRow => ({
  ...row,
  count_success: num(p.count_success, row.count_success),
  count_fail: num(p.count_fail, row.count_fail),
  income: num(p.income, row.income),
});

/** A suspension stops the blast; past a few suspensions the event carries the counts too. */
function suspendedRow(row: LiveRow, p: EventPayload<'suspended'>): LiveRow {
  const count = num(p.suspended_count, row.suspended_count);
  const next = count > SUSPENSION_COUNT_UPDATE_ABOVE ? counted(row, p) : row;
  return {
    ...next,
    state: 'suspended',
    suspended: true,
    suspended_count: count,
    status: 'idle',
    ...CLEARED,
  };
}

/** What one event does to a row, so the list follows the account without a reload. */
export function applyEvent(row: LiveRow, message: AccountRowEvent): LiveRow {
  switch (message.event) {
    case 'count_success':
    case 'count_fail':
      return {
        ...counted(row, message.payload),
        progressing: false,
        attempting: false,
        ...(message.event === 'count_success' ? { successUpdated: true } : { failUpdated: true }),
      };
    case 'count_synced':
      return {
        ...row,
        count_success: num(message.payload.count_success, row.count_success),
        count_fail: num(message.payload.count_fail, row.count_fail),
      };
    case 'sending':
      return {
        ...row,
        status: 'sending',
        progressing: true,
        phase: 'sending',
        waitTime: 0,
        hold: null,
        paused_reason: null,
        scheduled_at: null,
      };
    case 'paused':
      return {
        ...row,
        status: 'idle',
        ...CLEARED,
        ends: (row.ends ?? 0) + 1,
        paused_reason: text(message.payload.reason, row.paused_reason ?? null),
      };
    case 'scheduled':
      return { ...row, scheduled_at: text(message.payload.scheduled_at, null) };
    case 'stop':
    case 'idle':
      return { ...row, status: 'idle', ...CLEARED, ends: (row.ends ?? 0) + 1 };
    case 'finished':
    case 'error_blast':
      return {
        ...row,
        state: text(message.payload.state, row.state),
        status: 'idle',
        ...CLEARED,
        ends: (row.ends ?? 0) + 1,
      };
    case 'connection.update': {
      const state = text(message.payload.state, row.state);
      return state && ENDING.has(state) ? { ...row, state, status: 'idle', ...CLEARED } : { ...row, state };
    }
    case 'suspended':
      return suspendedRow(row, message.payload);
    case 'reconnecting':
      return { ...row, state: 'reconnecting...' };
    case 'attempting':
      return { ...row, attempting: true, attemptingCode: message.payload.code ?? '' };
    case 'progressing':
      // value false: the work is over (a generator or validator on this account ended).
      return {
        ...row,
        progressing: message.payload.value !== false,
        phase: message.payload.kind === 'validator' ? 'validating' : 'generating',
      };
    case 'waiting':
      return waitingRow(row, message.payload);
    case 'reset': {
      const fresh: Partial<WhatsappRow> = message.payload.whatsapp ?? {};
      return { ...row, ...fresh, state: text(message.payload.state, row.state) };
    }
    default:
      return row;
  }
}

function reducer(rows: LiveRow[], action: Action): LiveRow[] {
  switch (action.type) {
    case 'load': {
      const previous = new Map(rows.map((row) => [row.id, row]));
      // Fresh server rows keep the transient flags a live event set a moment ago.
      return action.rows.map((row) => {
        const old = previous.get(row.id);
        return old
          ? {
              ...row,
              progressing: old.progressing,
              phase: old.phase,
              attempting: old.attempting,
              waitTime: old.waitTime,
              hold: old.hold,
              ends: old.ends,
            }
          : row;
      });
    }
    case 'event': {
      const message = action.message;
      if (!aboutAccount(message)) return rows;
      return rows.map((row) => (matches(row, message) ? applyEvent(row, message) : row));
    }
    case 'patch':
      return rows.map((row) => (row.id === action.id ? { ...row, ...action.patch } : row));
    case 'started':
      // The start's answer comes after its events: a blast that already ended stays ended.
      return rows.map((row) =>
        row.id === action.id && (row.ends ?? 0) === action.ends ? { ...row, status: 'sending' } : row,
      );
    case 'tick':
      return rows.some((row) => (row.waitTime ?? 0) > 0)
        ? rows.map((row) => ((row.waitTime ?? 0) > 0 ? { ...row, waitTime: row.waitTime! - 1 } : row))
        : rows;
  }
}

/**
 * Rows of the account list, kept current by the viewer's realtime channel; `refetch` reads the rows
 * again when the channel opens, since a change between the first read and the open was heard by no one.
 * An event heard while a read (`fetching`) is on its way may be newer than what that read returns, and
 * the read's rows would replace it: the rows are read once more when that read ends.
 */
export function useLiveAccounts(
  serverRows: WhatsappRow[] | undefined,
  channel: string | null,
  refetch: () => unknown,
  fetching = false,
) {
  const [rows, dispatch] = useReducer(reducer, []);
  const latestRefetch = useRef(refetch);
  const heardDuringRead = useReadAgain(fetching, refetch);
  useEffect(() => {
    latestRefetch.current = refetch;
  });
  useEffect(() => {
    if (serverRows) dispatch({ type: 'load', rows: serverRows });
  }, [serverRows]);
  useEffect(() => {
    if (!channel) return;
    return subscribe(
      channel,
      (message) => {
        dispatch({ type: 'event', message });
        if (LASTING.has(message.event) && aboutAccount(message)) heardDuringRead();
        if (message.event === 'count_success' || message.event === 'count_fail') {
          const id = message.sender?.id;
          if (typeof id === 'number')
            setTimeout(
              () => dispatch({ type: 'patch', id, patch: { successUpdated: false, failUpdated: false } }),
              FLASH_MS,
            );
        }
      },
      () => void latestRefetch.current(),
    );
  }, [channel, heardDuringRead]);
  useEffect(() => {
    const timer = setInterval(() => dispatch({ type: 'tick' }), WAIT_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return {
    rows,
    patch: (id: number, patch: Partial<LiveRow>) => dispatch({ type: 'patch', id, patch }),
    /** Marks a started blast as sending unless it ended since `ends` was read. */
    started: (id: number, ends: number) => dispatch({ type: 'started', id, ends }),
  };
}
