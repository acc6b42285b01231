import { asc, eq } from 'drizzle-orm';
import { htmlToWa, readsFields, type Setting } from '@blaster/contract';
import type { ClusterBus } from '../cluster/bus';
import type { Db } from '../db';
import { messageTemplates } from '../db/schema';
import { templateUses } from '../domain/templates';
import { loadLevelTable, type LevelTable } from '../domain/levels';
import { readSettings } from '../domain/settings';

/** Told to every instance when an operator changes settings, levels or templates. */
export const BLAST_CONFIG_TOPIC = 'blast.config';
/** A missed notice (the bus reconnecting) is made good this soon at the latest. */
const REFRESH_MS = 30_000;

export interface ActiveTemplate {
  id: number;
  /** The chat-formatted caption, with its variables ({{city|Jakarta}}, {name}, ...) still to fill. */
  text: string;
}

export interface BlastConfig {
  settings: Setting;
  levels: LevelTable;
  templates: ActiveTemplate[];
  /** Whether an active template reads a custom field: the claim reads the numbers' fields only then. */
  readsFields: boolean;
  /** The next template in rotation: the least used active one, counting this instance's picks too. */
  nextTemplate(): ActiveTemplate | null;
}

/**
 * What every send needs but operators rarely change (settings, levels, active templates), held in
 * memory and read again only when an operator changes one of them, on any instance.
 */
export class BlastConfigCache {
  private current: Promise<BlastConfig> | null = null;
  private loadedAt = 0;

  constructor(
    private readonly db: Db,
    private readonly bus: ClusterBus,
  ) {
    bus.subscribe(BLAST_CONFIG_TOPIC, () => this.invalidate());
  }

  get(): Promise<BlastConfig> {
    if (!this.current || Date.now() - this.loadedAt > REFRESH_MS) {
      this.loadedAt = Date.now();
      const loading = this.load();
      // A failed read is tried again on the next call rather than remembered.
      loading.catch(() => {
        if (this.current === loading) this.current = null;
      });
      this.current = loading;
    }
    return this.current;
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
    this.current = null;
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
          uses: templateUses,
        })
        .from(messageTemplates)
        .where(eq(messageTemplates.status, 'active'))
        .orderBy(asc(messageTemplates.id)),
    ]);
    const templates = rows.map((row) => ({ id: row.id, text: row.textWa || htmlToWa(row.text) }));
    const uses = rows.map((row) => row.uses);
    return {
      settings,
      levels,
      templates,
      readsFields: templates.some((template) => readsFields(template.text)),
      nextTemplate() {
        if (templates.length === 0) return null;
        let pick = 0;
        for (let i = 1; i < uses.length; i += 1) if (uses[i]! < uses[pick]!) pick = i;
        uses[pick]! += 1;
        return templates[pick]!;
      },
    };
  }
}
