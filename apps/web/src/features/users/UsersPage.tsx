import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { toast } from 'sonner';
import {
  type AnswerOf,
  API,
  MSG,
  ROLES,
  STAFF_ROLES,
  userCreateSchema,
  type Role,
  type User,
  type UserCreate,
} from '@blaster/contract';
import { Breadcrumb } from '../../app/layout/Breadcrumb';
import { Alert, Button, Label, TextField, inputClass, showFieldErrors } from '../../components/form';
import { DataTable, PageCard, formatDateTime } from '../../components/data-table';
import { apiRequest, errorText } from '../../lib/api';
import { useSession } from '../../lib/session';

const ROLE_LABELS: Record<Role, string> = { member: 'Member', staff: 'Staff', dev: 'Dev', admin: 'Admin' };

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
  const list = useQuery({
    queryKey: ['staff-users'],
    queryFn: () => apiRequest<AnswerOf<'staffUsers'>>(API.staffUsers),
  });
  if (!actor) return null;
  return (
    <>
      <Breadcrumb title="Daftar Pengguna" />
      <div className="space-y-6">
        <PageCard title="Pengguna Panel">
          <StaffTable
            users={list.data?.users}
            actor={actor}
            loading={list.isFetching}
            error={list.isError ? errorText(list.error) : null}
          />
        </PageCard>
        <PageCard title="Tambah Pengguna">
          <CreateUserForm actor={actor} />
        </PageCard>
      </div>
    </>
  );
}

const staffColumn = createColumnHelper<User>();

/** The panel's operators, on the shared data table (cards on a phone); the role is changed in place. */
function StaffTable({
  users,
  actor,
  loading,
  error,
}: {
  users: User[] | undefined;
  actor: User;
  loading: boolean;
  error: string | null;
}) {
  const columns = [
    staffColumn.display({
      id: 'name',
      header: 'Nama',
      cell: ({ row }) => `${row.original.firstname} ${row.original.lastname}`,
    }),
    staffColumn.accessor('email', { header: 'Email' }),
    staffColumn.display({
      id: 'role',
      header: 'Role',
      cell: ({ row }) => <RoleSelect user={row.original} actor={actor} />,
    }),
    staffColumn.accessor('createdAt', {
      header: 'Tanggal Dibuat',
      cell: ({ getValue }) => formatDateTime(getValue()),
    }),
  ];
  return (
    <DataTable
      label="Pengguna Panel"
      columns={columns}
      rows={users}
      loading={loading}
      error={error}
      rowKey={(user) => user.id}
    />
  );
}

function RoleSelect({ user, actor }: { user: User; actor: User }) {
  const queryClient = useQueryClient();
  const roles = assignableRoles(actor, user);
  const change = useMutation({
    mutationFn: (role: Role) =>
      apiRequest<AnswerOf<'user', 'PUT'>>(API.user(user.id), {
        method: 'PUT',
        body: { role },
        fallback: MSG.networkError,
      }),
    onSuccess: async ({ user: changed }) => {
      toast.success(`Role ${changed.firstname} ${changed.lastname} sekarang ${ROLE_LABELS[changed.role]}.`);
      await queryClient.invalidateQueries({ queryKey: ['staff-users'] });
    },
    onError: (error) => toast.error(errorText(error)),
  });
  if (roles.length === 0) return <span>{ROLE_LABELS[user.role]}</span>;
  return (
    <select
      aria-label={`Role ${user.firstname} ${user.lastname}`}
      className={`${inputClass()} h-9 w-36 py-1`}
      value={user.role}
      disabled={change.isPending}
      onChange={(event) => change.mutate(event.target.value as Role)}
    >
      {roles.map((role) => (
        <option key={role} value={role}>
          {ROLE_LABELS[role]}
        </option>
      ))}
    </select>
  );
}

function CreateUserForm({ actor }: { actor: User }) {
  const queryClient = useQueryClient();
  const roles = STAFF_ROLES.filter((role) => role !== 'admin' || actor.role === 'admin');
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<UserCreate>({
    resolver: zodResolver(userCreateSchema),
    defaultValues: { firstname: '', lastname: '', email: '', password: '', role: 'staff' },
  });
  const create = useMutation({
    mutationFn: (values: UserCreate) =>
      apiRequest<AnswerOf<'userCreate'>>(API.userCreate, {
        method: 'POST',
        body: values,
        fallback: MSG.networkError,
      }),
    onSuccess: async ({ user }) => {
      toast.success(`Pengguna ${user.email} ditambahkan.`);
      reset();
      await queryClient.invalidateQueries({ queryKey: ['staff-users'] });
    },
    onError: showFieldErrors(setError),
  });
  return (
    <form
      onSubmit={handleSubmit((values) => create.mutate(values))}
      noValidate
      className="grid max-w-2xl gap-5 sm:grid-cols-2"
    >
      <TextField
        id="user-firstname"
        label="Nama Depan"
        error={errors.firstname?.message}
        {...register('firstname')}
      />
      <TextField
        id="user-lastname"
        label="Nama Belakang"
        error={errors.lastname?.message}
        {...register('lastname')}
      />
      <TextField
        id="user-email"
        label="Email"
        type="email"
        autoComplete="off"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        id="user-password"
        label="Password"
        password
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <div>
        <Label htmlFor="user-role">Role</Label>
        <select id="user-role" className={inputClass(Boolean(errors.role))} {...register('role')}>
          {roles.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
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
          {create.isPending ? MSG.saving : 'Tambah Pengguna'}
        </Button>
      </div>
    </form>
  );
}
