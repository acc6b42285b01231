import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

import { JSONTree } from 'react-json-tree';
import { LoaderCircle } from 'lucide-react';
import clsx from 'clsx';
import { REALTIME_CHANNEL_ADMIN, TREE_COLLECTION_LIMIT, type MonitorMessage } from '@blaster/contract';
import { Breadcrumb } from '../../components/Breadcrumb';
import { PageCard } from '../../components/data-table';

import { subscribe } from '../../lib/realtime';
import { type MonitorKind, useRecentEvents } from './api';
import { t, useMessages } from '../../i18n';

const expandAll = () => true;

type Display = 'string' | 'viewer' | 'tree';

/** Query type: 'string' or '0', 'JsonViewer' or '1', 'JSONTree' or '2', as the address's query gives it. */
export function displayOf(type: string | null): Display {
  if (type === 'JsonViewer' || type === '1') return 'viewer';
  if (type === 'JSONTree' || type === '2') return 'tree';
  return 'string';
}

/**
 * A line of the log: date, event, state, then ' | status' as the gateway sent them (`raw`), then
 * ' | N times', ' | N seconds' and ' | number' (`rest`), whose units read in the chosen language.
 */
export function monitorLine(message: MonitorMessage): { raw: string; rest: string } {
  const payload = message.payload ?? {};
  const sender = message.sender ?? {};
  const state = sender.state ?? payload.state ?? '';
  let raw = `${String(payload.date ?? '')} ${message.event} ${String(state)}`.trim();
  if (sender.status) raw += ` | ${String(sender.status)}`;
  let rest = '';
  if (payload.reconnectTime !== undefined)
    rest += ` | ${t('monitor.times', { times: String(payload.reconnectTime) })}`;
  if (payload.waitTime !== undefined)
    rest += ` | ${t('monitor.seconds', { seconds: String(payload.waitTime) })}`;
  if (payload.number !== undefined) rest += ` | ${String(payload.number)}`;
  return { raw, rest };
}

function LineText({ message }: { message: MonitorMessage }) {
  const { raw, rest } = monitorLine(message);
  return (
    <>
      {/* The gateway's own names and values: words of no language, which no translation touches. */}
      <span translate="no">{raw}</span>
      {rest}
    </>
  );
}

function aboutId(message: MonitorMessage, id: string) {
  const sender = message.sender ?? {};
  return [message.payload?.deviceId, sender.id, sender.user_id, sender.clientid].some(
    (value) => value !== undefined && value !== null && String(value) === id,
  );
}

// Getters: each read takes the chosen language's text.
const TITLES: Record<MonitorKind, string> = {
  get local() {
    return t('route./monitor/local');
  },
  get remote() {
    return t('route./monitor/remote');
  },
  get socket() {
    return t('route./monitor/socket');
  },
  get realtime() {
    return t('route./monitor/realtime');
  },
};

/** Developer monitors: recent gateway or socket events, plus live ones for an id. */
export function MonitorPage({ kind }: { kind: MonitorKind }) {
  const MSG = useMessages();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const display = displayOf(params.get('type'));
  const [live, setLive] = useState<MonitorMessage[]>([]);
  const recent = useRecentEvents(kind, id);

  useEffect(() => {
    if (kind !== 'socket' && kind !== 'realtime') return;
    setLive([]);
    const channels = kind === 'realtime' ? [id, REALTIME_CHANNEL_ADMIN] : [id];
    const stops = channels.filter(Boolean).map((channel) =>
      subscribe(channel, (message) => {
        const entry = message as MonitorMessage;
        if (!id || aboutId(entry, id)) setLive((current) => [...current.slice(-499), entry]);
      }),
    );
    return () => stops.forEach((stop) => stop());
  }, [kind, id]);

  const messages = [...(recent.data ?? []), ...live];
  return (
    <>
      <Breadcrumb title={TITLES[kind]} />
      <PageCard title={`${TITLES[kind]}${id ? ` · ${id}` : ''}`}>
        {recent.isPending ? (
          <LoaderCircle
            className="mx-auto size-8 animate-spin text-brand-500"
            aria-label={t('monitor.loading')}
          />
        ) : messages.length === 0 ? (
          <p className="text-center text-sm text-muted">{MSG.empty}</p>
        ) : (
          <ol className="space-y-3" aria-label={t('monitor.events')}>
            {messages.map((message, i) => (
              <li key={i} className="rounded-lg border border-gray-200 p-3 dark:border-gray-800">
                <p
                  className={clsx(
                    'font-mono text-xs',
                    message.event === 'connection.update' && 'text-warning',
                    message.event === 'authenticated' && 'text-success',
                  )}
                >
                  <LineText message={message} />
                </p>
                <div translate="no" className="mt-2 overflow-x-auto text-xs">
                  {display === 'string' && (
                    <pre className="whitespace-pre-wrap break-all text-gray-600 dark:text-gray-400">
                      {JSON.stringify(message)}
                    </pre>
                  )}
                  {display === 'viewer' && (
                    // The viewer shows every level open at once; the tree opens on demand.
                    <JSONTree data={message} shouldExpandNodeInitially={expandAll} hideRoot invertTheme />
                  )}
                  {display === 'tree' && (
                    <JSONTree data={message} collectionLimit={TREE_COLLECTION_LIMIT} hideRoot invertTheme />
                  )}
                </div>
              </li>
            ))}
          </ol>
        )}
      </PageCard>
    </>
  );
}
