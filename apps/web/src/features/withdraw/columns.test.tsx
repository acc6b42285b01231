import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import type { WithdrawRow } from '@blaster/contract';
import { DataTable } from '../../components/data-table';
import { withdrawColumns } from './columns';

afterEach(cleanup);

describe('withdrawal list', () => {
  it("isolates each half of a member's name, so an override cannot reorder the rest of the row", () => {
    const row: WithdrawRow = {
      id: 1,
      nominal: 50_000,
      status: 'requested',
      createdAt: '2024-01-01T00:00:00.000Z',
      userId: 7,
      User: {
        firstname: 'Budi\u202E',
        lastname: '00005 pR',
        account_bank: 'BCA',
        account_number: '123',
        account_name: 'Budi',
      },
    };
    const { container } = render(
      <DataTable
        label="Withdraw"
        columns={withdrawColumns({ withMember: true })}
        rows={[row]}
        loading={false}
        rowKey={(r) => r.id}
      />,
    );
    const isolated = [...container.querySelectorAll('td bdi')].map((element) => element.textContent);
    expect(isolated).toEqual(['Budi\u202E', '00005 pR']);
  });
});
