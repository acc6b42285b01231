import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useMessages } from '../../i18n';
import { useSession } from '../../lib/session';
import { Breadcrumb } from '../../components/Breadcrumb';
import { EditProfileModal } from './EditProfileModal';
import { useFreshUser } from './api';
import { ProfileSummaryCard } from './components/ProfileSummaryCard';
import { PersonalInfoCard } from './components/PersonalInfoCard';

export function ProfilePage() {
  const MSG = useMessages();
  const { user: stored } = useSession();
  const [params, setParams] = useSearchParams();
  const editing = params.get('edit') === 'true' || params.get('edit') === '1';

  // Fresh from the server, so level and colour follow the latest blasts; the cookie is refreshed too.
  const fresh = useFreshUser(stored?.id);
  const user = fresh.data ?? stored;

  const closeEditor = useCallback(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('edit');
        return next;
      },
      { replace: true },
    );
  }, [setParams]);

  if (!user) return null;

  return (
    <>
      <Breadcrumb title={MSG.userProfile} />
      <div className="space-y-6">
        <ProfileSummaryCard user={user} />
        <PersonalInfoCard user={user} onEdit={() => setParams({ edit: 'true' })} />
      </div>
      {editing && <EditProfileModal user={user} onClose={closeEditor} />}
    </>
  );
}
