import {
  forwardRef,
  useState,
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react';
import clsx from 'clsx';
import { Eye, EyeOff, LoaderCircle } from 'lucide-react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../lib/api';
import { messageText, t } from '../i18n';

export const inputClass = (invalid?: boolean) =>
  clsx(
    // Focus draws a 2px outline at 3:1 or more against the page in both themes (WCAG 2.4.7, 1.4.11).
    'h-11 w-full rounded-lg border bg-transparent px-4 py-2.5 text-sm text-gray-800 shadow-xs placeholder:text-gray-500 focus:ring-3 focus:outline-2 focus:-outline-offset-1 dark:bg-gray-900 dark:text-white/90 dark:placeholder:text-gray-400',
    invalid
      ? 'border-red-500 focus:border-red-500 focus:ring-red-500/20 focus:outline-red-600 dark:border-red-500 dark:focus:outline-red-400'
      : 'border-gray-400 focus:border-brand-500 focus:ring-brand-500/20 focus:outline-brand-500 dark:border-gray-600 dark:focus:border-brand-400 dark:focus:outline-brand-400',
  );

export function Label({
  htmlFor,
  children,
  optional,
}: {
  htmlFor: string;
  children: ReactNode;
  optional?: boolean;
}) {
  return (
    <label htmlFor={htmlFor} className="mb-1.5 block text-sm font-medium text-gray-700 dark:text-gray-400">
      {children}
      {optional ? (
        <span className="ml-1 text-muted">{t('common.optional')}</span>
      ) : (
        <span className="ml-0.5 text-danger">*</span>
      )}
    </label>
  );
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1.5 text-xs text-danger">
      {/* The contract's schemas name their errors by message key; the server's come written. */}
      {messageText(message)}
    </p>
  );
}

type InputProps = InputHTMLAttributes<HTMLInputElement> & { invalid?: boolean };

export const TextInput = forwardRef<HTMLInputElement, InputProps>(function TextInput(
  { invalid, className, ...props },
  ref,
) {
  return (
    <input
      ref={ref}
      aria-invalid={invalid || undefined}
      className={clsx(inputClass(invalid), className)}
      {...props}
    />
  );
});

export const PasswordInput = forwardRef<HTMLInputElement, InputProps>(function PasswordInput(
  { invalid, ...props },
  ref,
) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input
        ref={ref}
        type={visible ? 'text' : 'password'}
        aria-invalid={invalid || undefined}
        className={clsx(inputClass(invalid), 'pr-12')}
        {...props}
      />
      <button
        type="button"
        aria-label={visible ? t('common.hidePassword') : t('common.showPassword')}
        onClick={() => setVisible((value) => !value)}
        className="absolute top-1/2 right-3 -translate-y-1/2 rounded p-1 text-gray-500 hover:text-gray-700 dark:text-gray-400"
      >
        {visible ? <EyeOff className="size-5" /> : <Eye className="size-5" />}
      </button>
    </div>
  );
});

/**
 * A labelled text or password input with its hint and error under it; the input points at both
 * (aria-describedby).
 */
export const TextField = forwardRef<
  HTMLInputElement,
  Omit<InputProps, 'invalid'> & {
    id: string;
    label: ReactNode;
    error?: string;
    /** A line of help under the input, read out with it. */
    hint?: ReactNode;
    optional?: boolean;
    password?: boolean;
    /** Classes of the wrapper (grid placement). */
    fieldClassName?: string;
  }
>(function TextField({ id, label, error, hint, optional, password, fieldClassName, ...props }, ref) {
  const Input = password ? PasswordInput : TextInput;
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={fieldClassName}>
      <Label htmlFor={id} optional={optional}>
        {label}
      </Label>
      <Input
        ref={ref}
        id={id}
        invalid={Boolean(error)}
        aria-describedby={describedBy || undefined}
        {...props}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-muted">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
});

export function Button({
  loading,
  children,
  variant = 'primary',
  className,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { loading?: boolean; variant?: 'primary' | 'outline' }) {
  return (
    <button
      className={clsx(
        'inline-flex items-center justify-center gap-2 rounded-lg px-4 py-3 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-60',
        variant === 'primary'
          ? 'bg-brand-500 text-white shadow-xs hover:bg-brand-600'
          : 'border border-gray-300 bg-white text-gray-700 hover:bg-gray-50 dark:border-gray-700 dark:bg-gray-800 dark:text-gray-300 dark:hover:bg-white/5',
        className,
      )}
      {...props}
    >
      {loading && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
      {children}
    </button>
  );
}

export function Alert({ children }: { children: ReactNode }) {
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300"
    >
      {children}
    </div>
  );
}

/** An `onError` that puts the server's per-field messages under the form's own fields. */
export const showFieldErrors =
  <Form extends FieldValues>(setError: UseFormSetError<Form>) =>
  (error: Error) => {
    if (error instanceof ApiError)
      for (const [field, message] of Object.entries(error.errors))
        setError(field as Path<Form>, { type: 'server', message });
  };
