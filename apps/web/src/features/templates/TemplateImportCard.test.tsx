import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import Cookies from 'js-cookie';
import {
  ENDPOINTS,
  MESSAGE_TEXT,
  REALTIME_CHANNEL_PRIVATE,
  REALTIME_PATH,
  UI_PANEL,
  type TemplateRow,
} from '@blaster/contract';
import { FakeRequest, FakeSocket } from '../../test/fake-transport';
import { aUser } from '../../test/users';
import { TemplateImportCard } from './TemplateImportCard';

const SIZE = 400_000;
const template: TemplateRow = {
  id: 1,
  media: null,
  text: 'Halo',
  text_wa: 'Halo',
  button: [],
  count_use: 0,
  status: 'active',
  category: 'marketing',
  review_state: 'pending',
  review_reason: null,
  reviewed_at: null,
  quality: null,
  pacing: 'first_batch',
  pause_reason: null,
  feedback: { sends: 0, blocks: 0, reports: 0, opt_outs: 0 },
};

beforeEach(() => {
  FakeSocket.all = [];
  FakeRequest.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}')),
  );
  Cookies.set('user', JSON.stringify(aUser({ role: 'admin' })));
});
afterEach(() => {
  cleanup();
  Cookies.remove('user');
  vi.unstubAllGlobals();
});

/** Opens the card, chooses a JSON file and sends it; answers the request and its open progress channel. */
async function sendFile() {
  const router = createMemoryRouter([{ path: '/message/create', element: <TemplateImportCard /> }], {
    initialEntries: ['/message/create'],
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const file = new File(['x'.repeat(SIZE)], 'templates.json', { type: 'application/json' });
  fireEvent.change(document.querySelector('#template-import-file')!, { target: { files: [file] } });
  fireEvent.submit(document.querySelector('form')!);
  const socket = await waitFor(() => {
    const found = FakeSocket.all.findLast((one) =>
      one.url.endsWith(`${REALTIME_PATH}?id=${REALTIME_CHANNEL_PRIVATE}`),
    );
    expect(found).toBeTruthy();
    return found!;
  });
  act(() => socket.onopen!());
  const request = await waitFor(() => {
    expect(FakeRequest.all).toHaveLength(1);
    return FakeRequest.all[0]!;
  });
  return { socket, request, uploadId: new URL(request.url, 'http://panel').searchParams.get('progress')! };
}

describe('the template import card', () => {
  it('shows the bytes sent and the templates the server read, then what was skipped', async () => {
    const { socket, request, uploadId } = await sendFile();
    expect(request.url.startsWith(ENDPOINTS.messageImport.path)).toBe(true);
    expect(screen.getByRole('button', { name: UI_PANEL['common.uploading'] })).toHaveProperty(
      'disabled',
      true,
    );

    act(() => request.upload.onprogress!({ loaded: SIZE / 4, total: SIZE, lengthComputable: true }));
    expect(
      screen.getByRole('progressbar', { name: UI_PANEL['common.uploading'] }).getAttribute('aria-valuenow'),
    ).toBe('25');

    act(() =>
      socket.onmessage!({
        data: JSON.stringify({
          event: 'import_progress',
          payload: {
            uploadId,
            rowsRead: 2,
            rowsWritten: 1,
            bytesRead: SIZE / 2,
            uploadBytes: SIZE,
            read: false,
            date: '2026-11-27T10:00:00.000Z',
          },
        }),
      }),
    );
    expect(screen.getByText(UI_PANEL['common.importReading'].replace('{{rows}}', '2'))).toBeTruthy();
    expect(
      screen
        .getByRole('progressbar', { name: UI_PANEL['common.progressLabel'] })
        .getAttribute('aria-valuenow'),
    ).toBe('50');

    act(() =>
      request.answer(200, {
        importId: 4,
        created: [template],
        createdCount: 1,
        skipped: [{ index: 1, reason: 'Caption kosong' }],
        skippedCount: 1,
        msg: 'OK',
      }),
    );
    expect(await screen.findByText('#1: Caption kosong')).toBeTruthy();
    expect(screen.getByTestId('template-import-result').textContent).toContain(
      MESSAGE_TEXT.templateImportDone(1, 1),
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
