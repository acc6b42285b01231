import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTION_LABELS,
  BUTTON_TYPES,
  CATALOGS,
  CONNECTION_STATES,
  DEFAULT_CATALOG,
  LANGUAGES,
  MESSAGE_PARAMS,
  MESSAGE_TEXT,
  MSG,
  Message,
  PANEL_ROUTES,
  FUNNEL_STAGES,
  ROLES,
  STATS_TEXT,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_TEXT,
  WITHDRAW_STATUSES,
  type CatalogKey,
  formatRupiah,
  interpolate,
  languageFromHeader,
  sidebarMenu,
  renderMessage,
  translate,
  type MessageKey,
} from '../src';

const defaultKeys = Object.keys(DEFAULT_CATALOG).sort();

describe('catalogs', () => {
  it.each(LANGUAGES)('the %s catalog has every key and no other', (language) => {
    expect(Object.keys(CATALOGS[language]).sort()).toEqual(defaultKeys);
    for (const key of defaultKeys) expect(CATALOGS[language][key as MessageKey].trim()).not.toBe('');
  });

  it.each(['en', 'id'] as const)('the %s catalog keeps the blanks of every text', (language) => {
    const blanks = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const key of defaultKeys) {
      const k = key as MessageKey;
      expect(blanks(CATALOGS[language][k]), key).toEqual(blanks(DEFAULT_CATALOG[k]));
    }
  });

  it("the default catalog is the spec's wording: every MESSAGE_TEXT text, word for word", () => {
    for (const key of Object.keys(MESSAGE_TEXT) as MessageKey[]) {
      const message = MESSAGE_TEXT[key];
      if (typeof message === 'string') {
        expect(DEFAULT_CATALOG[key], key).toBe(message);
      } else {
        const names = MESSAGE_PARAMS[key as keyof typeof MESSAGE_PARAMS];
        const values = names.map((name, i) => `${name}-${i + 7}`);
        const filled = interpolate(
          DEFAULT_CATALOG[key],
          Object.fromEntries(names.map((n, i) => [n, values[i]])),
        );
        expect(filled, key).toBe((message as (...args: string[]) => string)(...values));
      }
    }
    expect(DEFAULT_CATALOG.whatsappTitleDev).toBe('Daftar Whatsapp');
    expect(DEFAULT_CATALOG.yesReconnect).toBe('Ya, Reonnect.');
  });

  it('the default catalog names the menus and screens as the route table does', () => {
    for (const role of ROLES)
      for (const item of sidebarMenu(role)) expect(DEFAULT_CATALOG[item.key], item.key).toBe(item.name);
    for (const route of PANEL_ROUTES)
      expect(DEFAULT_CATALOG[`route.${route.path}` as MessageKey], route.path).toBe(route.title);
    expect(translate('default', 'menu.withdraw')).toBe('Withraw');
    expect(translate('en', 'menu.withdraw')).toBe('Withdraw');
  });

  it("statuses show the spec's raw value by default and words in English and Indonesian", () => {
    for (const state of CONNECTION_STATES) expect(translate('default', `state.${state}`)).toBe(state);
    for (const type of BUTTON_TYPES) expect(translate('default', `buttonType.${type}`)).toBe(type);
    for (const role of ROLES) expect(translate('default', `role.${role}`)).toBe(role);
    for (const status of WITHDRAW_STATUSES) expect(translate('en', `withdrawStatus.${status}`)).not.toBe('');
    for (const [action, label] of Object.entries(AUDIT_ACTION_LABELS))
      expect(translate('default', `audit.action.${action}` as MessageKey)).toBe(label);
    expect(translate('en', 'buttonType.reply_button')).toBe('Reply button');
    expect(translate('id', 'state.connected')).toBe('Terhubung');
  });
});

describe('the contract tables beside MSG', () => {
  const tables = { webhook: WEBHOOK_TEXT, webhookEvent: WEBHOOK_EVENT_LABELS, stats: STATS_TEXT };

  it.each(Object.entries(tables))('%s: the default catalog has the table word for word', (prefix, table) => {
    for (const [name, text] of Object.entries(table)) {
      const key = `${prefix}.${name}` as CatalogKey;
      const expected = typeof text === 'function' ? (text as (url: string) => string)('{{url}}') : text;
      expect(DEFAULT_CATALOG[key], key).toBe(expected);
    }
  });

  it("names the new screens' states in every language", () => {
    for (const stage of FUNNEL_STAGES) expect(translate('en', `funnelStage.${stage}`)).not.toBe('');
    for (const role of ROLES) expect(translate('id', `users.role.${role}`)).not.toBe('');
    expect(translate('en', 'funnelStage.opted_out')).toBe('Opted out (STOP)');
    expect(translate('en', 'webhook.statusRetrying')).toBe('Retrying');
    expect(translate('id', 'users.role.staff')).toBe('Staf');
    expect(renderMessage(MSG.pausedFailRate(3, 10, 30), 'en')).toBe(
      'Paused automatically: 3 of the last 10 sends failed (limit 30%).',
    );
  });
});

describe('a message by key', () => {
  it('is written in the language asked for, blanks and messages inside it included', () => {
    expect(renderMessage(MSG.invalidCredentials, 'id')).toBe('Email atau password salah.');
    expect(renderMessage(MSG.levelNameRequired, 'en')).toBe('Level name is required.');
    expect(renderMessage(MSG.fileMalformed('baris 3'), 'en')).toBe('The file cannot be read: baris 3');
    expect(renderMessage(MSG.blastStopped('628123', MSG.noActiveTemplate), 'en')).toBe(
      'Blast 628123 stopped: No active message template.',
    );
  });

  it("reads as the spec's wording by default, in templates and in JSON", () => {
    expect(renderMessage(MSG.invalidCredentials, 'default')).toBe(MESSAGE_TEXT.invalidCredentials);
    expect(`${MSG.importDone(3)}`).toBe('Total 3 nomor, berhasil didaftarkan.');
    expect(JSON.stringify({ msg: MSG.blastStopped('628123', MSG.noActiveTemplate) })).toBe(
      JSON.stringify({ msg: MESSAGE_TEXT.blastStopped('628123', MESSAGE_TEXT.noActiveTemplate) }),
    );
    expect(MSG.importDone(3)).toBeInstanceOf(Message);
    expect(MSG.importDone(3)).toMatchObject({ key: 'importDone', params: { total: 3 } });
  });
});

describe('Accept-Language', () => {
  it.each([
    [undefined, 'default'],
    ['*', 'default'],
    ['en', 'en'],
    ['en-US,en;q=0.9', 'en'],
    ['id-ID', 'id'],
    ['fr;q=0.5, id;q=0.8', 'id'],
    ['de, en;q=0.1', 'default'],
  ])('%s reads as %s', (header, language) => {
    expect(languageFromHeader(header)).toBe(language);
  });
});

describe('rupiah per language', () => {
  it('groups digits the way each language writes them', () => {
    expect(formatRupiah(1250000)).toBe('Rp 1.250.000');
    expect(formatRupiah(1250000, 'id-ID')).toBe('Rp 1.250.000');
    expect(formatRupiah(1250000, 'en-US')).toBe('Rp 1,250,000');
  });
});
