import { useState } from 'react';
import { ALL_RECEIVERS, PHONE_LIST_LIMIT } from '@blaster/contract';
import { t, useMessages } from '../../../i18n';
import { FieldError, Label, inputClass } from '../../../components/form';
import { useDebounced } from '../../../components/data-table';
import { useReceiverPick } from '../../phonenumbers/api';
import type { Blaster } from '../use-blaster';

/** The receivers: a search box over the active numbers, and the numbers chosen (or all of them). */
export function ReceiverPicker({
  ready,
  targets,
  setTargets,
  errors,
}: Pick<Blaster, 'ready' | 'targets' | 'setTargets' | 'errors'>) {
  const MSG = useMessages();
  // Receivers are searched on the server: the list holds far too many numbers to send them all here.
  const [typed, setTyped] = useState('');
  const search = useDebounced(typed.trim());
  const receivers = useReceiverPick(search, ready);
  const found = receivers.data?.list ?? [];
  return (
    <div>
      <Label htmlFor="blaster-receivers">{t('blaster.chooseReceivers')}</Label>
      <input
        type="search"
        aria-label={MSG.searchReceivers}
        placeholder={MSG.searchReceivers}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        className={`${inputClass()} mb-2`}
      />
      <select
        id="blaster-receivers"
        multiple
        value={targets}
        onChange={(event) => setTargets([...event.target.selectedOptions].map((option) => option.value))}
        className={`${inputClass(Boolean(errors.targets))} h-48`}
      >
        <option value={ALL_RECEIVERS}>{t('blaster.allReceivers')}</option>
        {/* Chosen numbers outside the current search stay listed, and chosen. */}
        {targets
          .filter((target) => target !== ALL_RECEIVERS && !found.some((row) => row.number === target))
          .map((target) => (
            <option key={`chosen-${target}`} value={target}>
              {target}
            </option>
          ))}
        {found.map((row) => (
          <option key={row.id} value={row.number}>
            {row.number} · {row.name}
          </option>
        ))}
      </select>
      {found.length >= PHONE_LIST_LIMIT && (
        <p className="mt-1 text-xs text-muted">{MSG.receiversShown(found.length)}</p>
      )}
      <FieldError id="blaster-receivers-error" message={errors.targets} />
    </div>
  );
}
