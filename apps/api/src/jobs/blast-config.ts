import { asc, eq } from 'drizzle-orm';
import { htmlToWa, readsFields, type Message, type Setting } from '@blaster/contract';
import type { ClusterBus } from '../cluster/bus';
import { CachedRead } from '../lib/cached-read';
import type { Db } from '../db';
import { messageTemplates } from '../db/schema';
import { templateNotice, templateStandingColumns, templateUses } from '../domain/templates';
import { loadLevelTable, type LevelTable } from '../domain/levels';
import { readSettings } from '../domain/settings';

/** Told to every instance when an operator changes settings, levels or templates. */
export const BLAST_CONFIG_TOPIC = 'blast.config';
/** A missed notice (the bus reconnecting) is made good this soon at the latest. */
export const CONFIG_REFRESH_MS = 30_000;

export interface ActiveTemplate {
  id: number;
  /** The chat-formatted caption, with its variables ({{city|Jakarta}}, {name}, ...) still to fill. */
  text: string;
  /** Sending its first batch or waiting for the batch's feedback (template pacing). */
  trial: boolean;
}

export interface BlastConfig {
  settings: Setting;
  levels: LevelTable;
  /** The active, approved, unpaused templates: those a blast may send, or wait for. */
  templates: ActiveTemplate[];
  /** Whether an active template reads a custom field: the claim reads the numbers' fields only then. */
  readsFields: boolean;
  /**
   * Why no template may send when `templates` is empty though some are active: the first one's
   * rejection, pause or pending review. Undefined: there is no active template at all.
   */
  stopReason?: Message;
  /**
   * The next template in rotation: the least used active one, counting this instance's picks too,
   * leaving out trial templates whose first batch is full; null when every one is.
   */
  nextTemplate(): ActiveTemplate | null;
  /** A trial template's first batch is full (a claim found so): it is not picked again until reloaded. */
  batchFull(id: number): void;
  /** Trial templates whose first batch is full, waiting for its feedback. */
  heldTemplates(): number[];
}

/**
 * What every send needs but operators rarely change (settings, levels, active templates), held in
 * memory and read again only when an operator changes one of them, on any instance.
 */
export class BlastConfigCache {
  private readonly current = new CachedRead(() => this.load(), CONFIG_REFRESH_MS);

  constructor(
    private readonly db: Db,
    private readonly bus: ClusterBus,
  ) {
    bus.subscribe(BLAST_CONFIG_TOPIC, () => this.invalidate());
  }

  get(): Promise<BlastConfig> {
    return this.current.get();
  }

  /** An operator changed settings, levels or templates here: read them again, here and everywhere. */
  changed() {
    this.invalidate();
    this.bus.publish(BLAST_CONFIG_TOPIC, null);
  }

  private readonly listeners = new Set<() => void>();

  /** Told when the settings, levels or templates changed, here or on another instance. */
  onChange(listener: () => void) {
    this.listeners.add(listener);
  }

  private invalidate() {
    this.current.drop();
    for (const listener of this.listeners) listener();
  }

  private async load(): Promise<BlastConfig> {
    const [settings, levels, rows] = await Promise.all([
      readSettings(this.db),
      loadLevelTable(this.db),
      this.db
        .select({
          id: messageTemplates.id,
          text: messageTemplates.text,
          textWa: messageTemplates.textWa,
          ...templateStandingColumns,
          uses: templateUses,
        })
        .from(messageTemplates)
        .where(eq(messageTemplates.status, 'active'))
        .orderBy(asc(messageTemplates.id)),
    ]);
    const firstBatch = settings.template_first_batch;
    const sendable = rows.filter((row) => row.reviewState === 'approved' && row.pacing !== 'paused');
    const stopReason = rows.map((row) => templateNotice(row, firstBatch)).find(Boolean)?.reason;
    return rotation(
      settings,
      levels,
      sendable.map((row) => ({
        template: { id: row.id, text: row.textWa || htmlToWa(row.text), trial: row.pacing === 'trial' },
        uses: row.uses,
        full: row.pacing === 'trial' && row.batchClaimed >= firstBatch,
      })),
      sendable.length === 0 ? stopReason : undefined,
    );
  }
}

/** The templates in rotation, least used first, and which trial batches are full. */
function rotation(
  settings: Setting,
  levels: LevelTable,
  entries: { template: ActiveTemplate; uses: number; full: boolean }[],
  stopReason: Message | undefined,
): BlastConfig {
  const templates = entries.map((entry) => entry.template);
  const full = new Set(entries.filter((entry) => entry.full).map((entry) => entry.template.id));
  const uses = entries.map((entry) => entry.uses);
  return {
    settings,
    levels,
    templates,
    readsFields: templates.some((template) => readsFields(template.text)),
    ...(stopReason ? { stopReason } : {}),
    nextTemplate() {
      let pick = -1;
      for (let i = 0; i < templates.length; i += 1)
        if (!full.has(templates[i]!.id) && (pick < 0 || uses[i]! < uses[pick]!)) pick = i;
      if (pick < 0) return null;
      uses[pick]! += 1;
      return templates[pick]!;
    },
    batchFull(id) {
      full.add(id);
    },
    heldTemplates: () => [...full],
  };
}
