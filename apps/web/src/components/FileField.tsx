import { messages } from '../i18n';
import { FieldError, Label, inputClass } from './form';

/** The panel's check before an upload: a file is chosen and has an allowed extension. */
export function acceptedFile(file: File | null, extensions: readonly string[], typeError: string) {
  const MSG = messages();
  if (!file) return MSG.fileRequired;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return file.name.includes('.') && extensions.includes(extension) ? undefined : typeError;
}

export function FileField({
  id,
  label,
  accept,
  error,
  optional,
  onChange,
}: {
  id: string;
  label: string;
  accept: string;
  error?: string;
  optional?: boolean;
  onChange(file: File | null): void;
}) {
  return (
    <div>
      <Label htmlFor={id} optional={optional}>
        {label}
      </Label>
      <input
        id={id}
        type="file"
        accept={accept}
        aria-invalid={Boolean(error) || undefined}
        className={`${inputClass(Boolean(error))} h-auto py-2 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:text-sm file:text-brand-700`}
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
