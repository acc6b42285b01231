import type { FunnelAnswer } from '@blaster/contract';
import { formatNumber, t } from '../../../i18n';
import type { ShownStage } from '../stages';

/** Each template's counts per stage, one row per template. */
export function FunnelTemplateTable({
  groups,
  stages,
}: {
  groups: FunnelAnswer['groups'];
  stages: ShownStage[];
}) {
  return (
    <table className="w-full text-left text-sm" data-testid="funnel-templates">
      <thead className="text-xs text-muted">
        <tr>
          <th className="py-2 pr-4">{t('funnel.template')}</th>
          {stages.map((stage) => (
            <th key={stage.key} className="py-2 pr-4 text-right">
              {stage.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {groups.map((group) => (
          <tr key={group.key} className="border-t border-gray-100 dark:border-gray-800">
            <td className="max-w-64 truncate py-2 pr-4">{group.label}</td>
            {stages.map((stage) => (
              <td key={stage.key} className="py-2 pr-4 text-right tabular-nums">
                {formatNumber(group[stage.key])}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
