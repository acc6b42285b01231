import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation, useNavigate } from 'react-router';
import { listOf, usePageTrail, useReturnToList } from './return-to-list';

afterEach(cleanup);

function Panel() {
  usePageTrail();
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output aria-label="address">{location.pathname + location.search}</output>
      <button onClick={() => void navigate('/generator/create')}>open form</button>
      <Outlet />
    </>
  );
}

function Form() {
  const returnToList = useReturnToList(['/member']);
  return <button onClick={() => returnToList(null)}>save</button>;
}

function showAt(...entries: string[]) {
  const router = createMemoryRouter(
    [
      {
        element: <Panel />,
        children: [
          { path: '*', element: null },
          { path: '/generator/create', element: <Form /> },
        ],
      },
    ],
    { initialEntries: [entries[0]!] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('saving a form', () => {
  it('returns to the list it came from, with its search and page', async () => {
    const router = showAt('/generator/list?page=3&s=62812');
    fireEvent.click(screen.getByRole('button', { name: 'open form' }));
    fireEvent.click(await screen.findByRole('button', { name: 'save' }));
    expect(await screen.findByText('/generator/list?page=3&s=62812')).toBeTruthy();
    // Back one page, as the spec has it: the form is not left behind in the history.
    expect(router.state.historyAction).toBe('POP');
  });

  it('goes to its own list, not to the unrelated page seen before', async () => {
    showAt('/withdraw');
    fireEvent.click(screen.getByRole('button', { name: 'open form' }));
    fireEvent.click(await screen.findByRole('button', { name: 'save' }));
    expect(await screen.findByText('/generator/list')).toBeTruthy();
  });

  it('knows each form’s list', () => {
    expect(listOf('/proxy/edit')).toBe('/proxy');
    expect(listOf('/validator/create')).toBe('/validator/list');
    expect(listOf('/bonus/create')).toBe('/bonus');
  });
});
