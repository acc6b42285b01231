import type { FunnelStage } from '@blaster/contract';
import { t } from '../../i18n';

const STAGE_COLORS: { key: FunnelStage; color: string }[] = [
  { key: 'queued', color: '#94a3b8' },
  { key: 'sent', color: '#465fff' },
  { key: 'delivered', color: '#0ba5ec' },
  { key: 'read', color: '#12b76a' },
  { key: 'clicked', color: '#7a5af8' },
  { key: 'replied', color: '#ee46bc' },
  { key: 'failed', color: '#f04438' },
  { key: 'opted_out', color: '#f79009' },
];
/** How each stage is named (in the chosen language) and coloured on the charts. */
export const stages = () => STAGE_COLORS.map((stage) => ({ ...stage, label: t(`funnelStage.${stage.key}`) }));
export type ShownStage = ReturnType<typeof stages>[number];
