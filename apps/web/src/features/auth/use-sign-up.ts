import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  REFERRAL_QUERY_PARAM,
  REGISTER_FIELDS,
  registerBodySchema,
  type RegisterField,
} from '@blaster/contract';
import { useMessages } from '../../i18n';
import { ApiError, callEndpoint, errorText } from '../../lib/api';
import { saveSession } from '../../lib/session';
import { storedReferral } from '../../lib/referral-capture';

type FormInput = z.input<typeof registerBodySchema>;
type FormOutput = z.output<typeof registerBodySchema>;

/** The sign-up form: its fields, the passwords' match and the registration. */
export function useSignUp() {
  const MSG = useMessages();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState('');
  const {
    register,
    handleSubmit,
    watch,
    setError: setFieldError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(registerBodySchema),
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      password2: '',
      referral_code: params.get(REFERRAL_QUERY_PARAM) ?? storedReferral(),
      agreeToTerms: false as unknown as true,
    },
  });

  // A field's error, from the form check or the server, goes away as soon as the field is edited.
  const field = (name: RegisterField) => register(name, { onChange: () => clearErrors(name) });

  const submit = handleSubmit(async (form) => {
    setError('');
    try {
      const answer = await callEndpoint('register', { body: form }, { fallback: MSG.failedToSignUp });
      saveSession(answer.user);
      navigate('/dashboard', { replace: true });
    } catch (caught) {
      const fieldErrors = caught instanceof ApiError ? caught.errors : {};
      const known = REGISTER_FIELDS.filter((name) => fieldErrors[name]);
      known.forEach((name) => setFieldError(name, { type: 'server', message: fieldErrors[name] }));
      if (known.length === 0) setError(errorText(caught, MSG.failedToSignUp));
    }
  });

  // Said while typing, as soon as both passwords are filled and differ (not only on submit).
  const [password, password2] = watch(['password', 'password2']);
  const mismatch = password && password2 && password !== password2 ? MSG.passwordsDoNotMatch : undefined;

  const describedBy = (name: RegisterField) => (errors[name] ? `${name}-error` : undefined);

  return { field, submit, error, errors, isSubmitting, mismatch, describedBy };
}

export type SignUpForm = ReturnType<typeof useSignUp>;
