import { describe, expect, it } from 'vitest';
import { aUser } from '../../test/users';
import { assignableRoles } from './UsersPage';

describe('the role a users-screen operator may pick', () => {
  const admin = aUser({ id: 1, role: 'admin' });
  const dev = aUser({ id: 2, role: 'dev' });

  it('offers no choice on their own row', () => {
    expect(assignableRoles(admin, admin)).toEqual([]);
    expect(assignableRoles(dev, dev)).toEqual([]);
  });

  it('lets only an admin give or take admin', () => {
    expect(assignableRoles(admin, { id: 3, role: 'staff' })).toContain('admin');
    expect(assignableRoles(dev, { id: 3, role: 'staff' })).not.toContain('admin');
    expect(assignableRoles(dev, { id: 4, role: 'admin' })).toEqual([]);
  });
});
