import {
  type EndpointName,
  type SUBSCRIBABLE_WEBHOOK_EVENTS,
  WEBHOOK_EVENT_LABELS as SPEC_WEBHOOK_EVENT_LABELS,
  WEBHOOK_TEXT as SPEC_WEBHOOK_TEXT,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
} from '@blaster/contract';
import { textTable } from '../../i18n';

// The contract's texts in the chosen language.
export const WEBHOOK_TEXT = textTable('webhook', SPEC_WEBHOOK_TEXT, { confirmDelete: ['url'] });
export const WEBHOOK_EVENT_LABELS = textTable('webhookEvent', SPEC_WEBHOOK_EVENT_LABELS);

export type SubscribableEvent = (typeof SUBSCRIBABLE_WEBHOOK_EVENTS)[number];
export interface Draft {
  id: number | null;
  url: string;
  description: string;
  events: SubscribableEvent[];
  active: boolean;
}
export const EMPTY_DRAFT: Draft = { id: null, url: '', description: '', events: [], active: true };

const STATUS_LABEL_KEYS = {
  pending: 'statusPending',
  retrying: 'statusRetrying',
  delivered: 'statusDelivered',
  dead: 'statusDead',
} as const satisfies Record<WebhookDeliveryStatus, keyof typeof WEBHOOK_TEXT>;
export const statusLabel = (status: WebhookDeliveryStatus) => WEBHOOK_TEXT[STATUS_LABEL_KEYS[status]];
export const STATUS_CLASSES: Record<WebhookDeliveryStatus, string> = {
  pending: 'bg-gray-100 text-gray-700 dark:bg-white/5 dark:text-gray-300',
  retrying: 'bg-amber-50 text-amber-700 dark:bg-amber-500/15 dark:text-amber-300',
  delivered: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300',
  dead: 'bg-red-50 text-red-700 dark:bg-red-500/15 dark:text-red-300',
};

/** The server's few failure texts (timed out, connection failed...) in the chosen language. */
const FAILURE_KEYS = ['errorTimedOut', 'errorConnectionFailed', 'errorAddressRefused'] as const;
export const failureText = (text: string) => {
  const key = FAILURE_KEYS.find((candidate) => SPEC_WEBHOOK_TEXT[candidate] === text);
  return key ? WEBHOOK_TEXT[key] : text;
};

/** The form's values of a saved endpoint. */
export const draftOf = (endpoint: WebhookEndpoint): Draft => ({
  id: endpoint.id,
  url: endpoint.url,
  description: endpoint.description,
  events: endpoint.events,
  active: endpoint.active,
});

/** The buttons of an endpoint's or a delivery's row, and the endpoint each one calls. */
export const ROW_ACTIONS = {
  test: 'webhookTest',
  rotate: 'webhookRotateSecret',
  delete: 'webhookEndpointDelete',
  retry: 'webhookRetry',
  replay: 'webhookReplay',
} as const satisfies Record<string, EndpointName>;

/** A row's button pressed: what it does, on which endpoint or delivery. */
export interface RowAction {
  action: keyof typeof ROW_ACTIONS;
  id: number;
}
/** What a row's buttons need of the action running: to start one, and whether one runs. */
export interface RowActing {
  isPending: boolean;
  mutate(action: RowAction): void;
}
