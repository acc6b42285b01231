import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { toast } from 'sonner';
import { ROLES, STAFF_ROLES, type Role, type STAFF_SORT_KEYS, type User } from '@blaster/contract';
import { t, useMessages } from '../../i18n';
import { Breadcrumb } from '../../components/Breadcrumb';
import { Alert, Button, Label, TextField, inputClass } from '../../components/form';
import {
  DataTable,
  PageCard,
  formatDateTime,
  useListSort,
  type SortState,
} from '../../components/data-table';
import { callEndpoint, errorText } from '../../lib/api';
import { useSession } from '../../lib/session';
import { staffUserKeys, useStaffUsers } from './api';
import { useCreateUser } from './use-create-user';

/** A role as this screen names it, in the chosen language. */
const roleLabel = (role: Role) => t(`users.role.${role}`);

/**
 * The roles the signed-in operator may give this user, as the server decides them: nobody changes
 * their own role, and admin is granted or taken by an admin only. Empty when the role is fixed.
 */
export function assignableRoles(actor: User, target: Pick<User, 'id' | 'role'>): readonly Role[] {
  if (actor.id === target.id) return [];
  if (actor.role !== 'admin' && target.role === 'admin') return [];
  return actor.role === 'admin' ? ROLES : ROLES.filter((role) => role !== 'admin');
}

/** /users: operators' accounts (staff, dev, admin), their roles, and a form to add one. */
export function UsersPage() {
  const { user: actor } = useSession();
  const sorting = useListSort();
  const list = useStaffUsers(sorting);
  if (!actor) return null;
  return (
    <>
      <Breadcrumb title={t('route./users')} />
      <div className="space-y-6">
        <PageCard title={t('users.listTitle')}>
          <StaffTable
            users={list.data?.users}
            actor={actor}
            sorting={sorting}
            loading={list.isFetching}
            error={list.isError ? errorText(list.error) : null}
          />
        </PageCard>
        <PageCard title={t('users.addTitle')}>
          <CreateUserForm actor={actor} />
        </PageCard>
      </div>
    </>
  );
}

const staffColumn = createColumnHelper<User>();
type StaffSortKey = (typeof STAFF_SORT_KEYS)[number];

/** The panel's operators, on the shared data table (cards on a phone); the role is changed in place. */
function StaffTable({
  users,
  actor,
  sorting,
  loading,
  error,
}: {
  users: User[] | undefined;
  actor: User;
  sorting: SortState;
  loading: boolean;
  error: string | null;
}) {
  const columns = [
    staffColumn.display({
      id: 'name',
      header: t('common.nama'),
      meta: { sortKey: 'name' satisfies StaffSortKey },
      cell: ({ row }) => `${row.original.firstname} ${row.original.lastname}`,
    }),
    staffColumn.accessor('email', {
      header: t('common.email'),
      meta: { sortKey: 'email' satisfies StaffSortKey },
    }),
    staffColumn.display({
      id: 'role',
      header: t('profile.role'),
      meta: { sortKey: 'role' satisfies StaffSortKey },
      cell: ({ row }) => <RoleSelect user={row.original} actor={actor} />,
    }),
    staffColumn.accessor('createdAt', {
      header: t('users.createdAt'),
      meta: { sortKey: 'created' satisfies StaffSortKey },
      cell: ({ getValue }) => formatDateTime(getValue()),
    }),
  ];
  return (
    <DataTable
      label={t('users.listTitle')}
      columns={columns}
      rows={users}
      loading={loading}
      error={error}
      rowKey={(user) => user.id}
      listKey="users"
      sorting={sorting}
    />
  );
}

function RoleSelect({ user, actor }: { user: User; actor: User }) {
  const MSG = useMessages();
  const queryClient = useQueryClient();
  const roles = assignableRoles(actor, user);
  const change = useMutation({
    mutationFn: (role: Role) =>
      callEndpoint('userUpdate', { params: { id: user.id }, body: { role } }, { fallback: MSG.networkError }),
    onSuccess: async ({ user: changed }) => {
      toast.success(
        t('users.roleChanged', {
          name: `${changed.firstname} ${changed.lastname}`,
          role: roleLabel(changed.role),
        }),
      );
      await queryClient.invalidateQueries({ queryKey: staffUserKeys.all });
    },
    onError: (error) => toast.error(errorText(error)),
  });
  if (roles.length === 0) return <span>{roleLabel(user.role)}</span>;
  return (
    <select
      aria-label={t('users.roleOf', { name: `${user.firstname} ${user.lastname}` })}
      className={`${inputClass()} h-9 w-36 py-1`}
      value={user.role}
      disabled={change.isPending}
      onChange={(event) => change.mutate(event.target.value as Role)}
    >
      {roles.map((role) => (
        <option key={role} value={role}>
          {roleLabel(role)}
        </option>
      ))}
    </select>
  );
}

function CreateUserForm({ actor }: { actor: User }) {
  const MSG = useMessages();
  const roles = STAFF_ROLES.filter((role) => role !== 'admin' || actor.role === 'admin');
  const { form, create, onSubmit } = useCreateUser();
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-2xl gap-5 sm:grid-cols-2">
      <TextField
        id="user-firstname"
        label={t('users.firstName')}
        error={errors.firstname?.message}
        {...register('firstname')}
      />
      <TextField
        id="user-lastname"
        label={t('users.lastName')}
        error={errors.lastname?.message}
        {...register('lastname')}
      />
      <TextField
        id="user-email"
        label={t('common.email')}
        type="email"
        autoComplete="off"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        id="user-password"
        label={t('common.password')}
        password
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <div>
        <Label htmlFor="user-role">{t('profile.role')}</Label>
        <select id="user-role" className={inputClass(Boolean(errors.role))} {...register('role')}>
          {roles.map((role) => (
            <option key={role} value={role}>
              {roleLabel(role)}
            </option>
          ))}
        </select>
      </div>
      {create.error && (
        <div className="sm:col-span-2">
          <Alert>{errorText(create.error)}</Alert>
        </div>
      )}
      <div className="sm:col-span-2">
        <Button type="submit" loading={create.isPending} disabled={create.isPending}>
          {create.isPending ? MSG.saving : t('users.addTitle')}
        </Button>
      </div>
    </form>
  );
}
