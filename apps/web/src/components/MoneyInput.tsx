import { forwardRef, useEffect, useRef, useState, type ReactNode } from 'react';
import clsx from 'clsx';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { parseRupiah } from '@blaster/contract';
import { formatNumber, formatRupiah, useMessages } from '../i18n';
import { FieldError, Label, inputClass } from './form';

/**
 * What a money input hands its form: whole rupiah, '' while empty, or NaN for text that is not an
 * amount ('50,5'), which the form's schema then refuses with the field's own message.
 */
export type MoneyValue = number | '';

const valueOf = (text: string): MoneyValue => (text.trim() === '' ? '' : (parseRupiah(text) ?? Number.NaN));

const textOf = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value)
    ? formatNumber(value)
    : typeof value === 'string'
      ? value
      : '';

interface MoneyInputProps {
  id: string;
  name?: string;
  value: unknown;
  onChange(value: MoneyValue): void;
  onBlur?(): void;
  invalid?: boolean;
  /** Ids of the hint and error lines the input is read out with. */
  describedBy?: string;
  disabled?: boolean;
}

/**
 * A rupiah amount typed with or without grouping ('50.000', '50,000', '50000', 'Rp 1.250.000'). Under
 * the input the amount it will save is spelled out as rupiah while typing; on leaving the field the
 * text is tidied to the language's grouping ('50.000' or '50,000').
 */
export const MoneyInput = forwardRef<HTMLInputElement, MoneyInputProps>(function MoneyInput(
  { id, name, value, onChange, onBlur, invalid, describedBy, disabled },
  ref,
) {
  const MSG = useMessages();
  const [text, setText] = useState(() => textOf(value));
  // The last value this input sent; any other value comes from outside (a loaded record, a reset).
  const emitted = useRef<unknown>(value);
  useEffect(() => {
    if (Object.is(value, emitted.current)) return;
    emitted.current = value;
    setText(textOf(value));
  }, [value]);

  const amount = parseRupiah(text);
  const empty = text.trim() === '';
  return (
    <div>
      <div className="relative">
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-sm text-muted"
        >
          Rp
        </span>
        <input
          ref={ref}
          id={id}
          name={name}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          disabled={disabled}
          value={text}
          aria-invalid={invalid || undefined}
          aria-describedby={[`${id}-amount`, describedBy].filter(Boolean).join(' ')}
          className={clsx(inputClass(invalid), 'pl-11 tabular-nums')}
          onChange={(event) => {
            const next = event.target.value;
            setText(next);
            const parsed = valueOf(next);
            emitted.current = parsed;
            onChange(parsed);
          }}
          onBlur={() => {
            if (amount !== null) setText(formatNumber(amount));
            onBlur?.();
          }}
        />
      </div>
      <p
        id={`${id}-amount`}
        data-testid={`${id}-amount`}
        aria-live="polite"
        className={clsx(
          'mt-1.5 text-xs',
          empty
            ? 'text-muted'
            : amount === null
              ? 'text-amber-700 dark:text-amber-300'
              : 'font-medium text-gray-800 dark:text-white/90',
        )}
      >
        {empty ? MSG.moneyExample : amount === null ? MSG.moneyInvalid : formatRupiah(amount)}
      </p>
    </div>
  );
});

/** A labelled money input bound to a react-hook-form field, with its hint and error under it. */
export function MoneyField<Form extends FieldValues>({
  control,
  name,
  id,
  label,
  hint,
  optional,
  disabled,
  fieldClassName,
}: {
  control: Control<Form>;
  name: Path<Form>;
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  optional?: boolean;
  disabled?: boolean;
  fieldClassName?: string;
}) {
  const { field, fieldState } = useController({ control, name });
  const error = fieldState.error?.message;
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={fieldClassName}>
      <Label htmlFor={id} optional={optional}>
        {label}
      </Label>
      <MoneyInput
        ref={field.ref}
        id={id}
        name={field.name}
        value={field.value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        invalid={Boolean(error)}
        describedBy={describedBy || undefined}
        disabled={disabled}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
