import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useMessages } from '../../i18n';
import { callEndpoint, errorText } from '../../lib/api';
import { saveSession } from '../../lib/session';

/** The sign-in form's fields and the login that opens the dashboard. */
export function useSignIn() {
  const MSG = useMessages();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [keep, setKeep] = useState(true);
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError(MSG.loginRequired);
      return;
    }
    setError('');
    setLoading(true);
    try {
      const answer = await callEndpoint(
        'login',
        { body: { email: email.trim(), password, keep } },
        { fallback: MSG.errorSigningIn },
      );
      saveSession(answer.user, keep);
      navigate('/dashboard', { replace: true });
    } catch (caught) {
      setError(errorText(caught, MSG.errorSigningIn));
    } finally {
      setLoading(false);
    }
  };

  return { email, setEmail, password, setPassword, keep, setKeep, error, loading, submit };
}
