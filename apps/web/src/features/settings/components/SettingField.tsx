import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { SettingForm } from '@blaster/contract';
import { TextField } from '../../../components/form';

/** One text or number setting, its id named after the field (`setting-<field>`). */
export function SettingField({
  name,
  label,
  register,
  errors,
  numeric,
  hint,
  placeholder,
}: {
  name: keyof SettingForm;
  label: string;
  register: UseFormRegister<SettingForm>;
  errors: FieldErrors<SettingForm>;
  numeric?: boolean;
  hint?: string;
  placeholder?: string;
}) {
  return (
    <TextField
      id={`setting-${name}`}
      label={label}
      error={errors[name]?.message}
      hint={hint}
      type={numeric ? 'number' : 'text'}
      min={numeric ? 0 : undefined}
      inputMode={numeric ? 'numeric' : undefined}
      placeholder={placeholder}
      {...register(name)}
    />
  );
}
