import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import {
  EN_CATALOG,
  MESSAGE_TEXT,
  REALTIME_PATH,
  REALTIME_CHANNEL_PRIVATE,
  UI_PANEL,
} from '@blaster/contract';
import { setLanguage } from '../i18n';
import { LanguageBoundary } from '../i18n/LanguageBoundary';
import { setUnauthorizedHandler } from '../lib/api';
import { FakeRequest, FakeSocket } from '../test/fake-transport';
import { catalogText as text } from '../test/catalog-text';
import { aUser } from '../test/users';
import { UploadCard } from './UploadCard';

const SIZE = 2_000_000;

function renderCard() {
  render(
    <LanguageBoundary>
      <UploadCard
        id="phone-file"
        endpoint="phoneImport"
        renderResult={(answer) => <output>{`added ${answer.createdCount}`}</output>}
      />
    </LanguageBoundary>,
  );
}

/** Chooses a CSV of SIZE bytes and sends it; answers the request once it left, its progress channel open. */
async function startUpload() {
  renderCard();
  const file = new File(['x'.repeat(SIZE)], 'nomor.csv', { type: 'text/csv' });
  fireEvent.change(document.querySelector('#phone-file')!, { target: { files: [file] } });
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
  const uploadId = new URL(request.url, 'http://panel').searchParams.get('progress')!;
  return { socket, request, uploadId };
}

const progress = (uploadId: string, values: Record<string, unknown>) => ({
  data: JSON.stringify({
    event: 'import_progress',
    payload: {
      uploadId,
      rowsRead: 0,
      rowsWritten: 0,
      bytesRead: 0,
      uploadBytes: SIZE + 200,
      read: false,
      date: '2026-11-27T10:00:00.000Z',
      ...values,
    },
  }),
});

beforeEach(() => {
  FakeSocket.all = [];
  FakeRequest.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  Cookies.set('user', JSON.stringify(aUser({ role: 'admin' })));
});
afterEach(async () => {
  cleanup();
  Cookies.remove('user');
  vi.unstubAllGlobals();
  await setLanguage('default');
});

describe('the upload card', () => {
  it('shows the bytes sent, then the rows the server read, through a language switch, then the result', async () => {
    const { socket, request, uploadId } = await startUpload();
    expect(request.method).toBe('POST');
    expect(request.body).toBeInstanceOf(FormData);
    expect(screen.getByRole('button', { name: UI_PANEL['common.uploading'] })).toHaveProperty(
      'disabled',
      true,
    );

    act(() => request.upload.onprogress!({ loaded: SIZE / 2, total: SIZE + 200, lengthComputable: true }));
    const sent = screen.getByRole('progressbar', { name: UI_PANEL['common.uploading'] });
    expect(sent.getAttribute('aria-valuenow')).toBe('50');
    expect(
      screen.getByText(text('common.uploadProgress', { percent: '50%', sent: '1 MB', total: '2 MB' })),
    ).toBeTruthy();

    // Another upload's progress is not this card's.
    act(() => socket.onmessage!(progress('00000000-0000-4000-8000-000000000000', { rowsRead: 999 })));
    expect(screen.queryByRole('progressbar', { name: UI_PANEL['common.progressLabel'] })).toBeNull();
    act(() =>
      socket.onmessage!(
        progress(uploadId, { rowsRead: 120_000, rowsWritten: 100_000, bytesRead: 1_500_000 }),
      ),
    );
    expect(screen.getByText(text('common.importReading', { rows: '120.000' }))).toBeTruthy();
    expect(
      screen.getByText(
        text('common.importReadDetail', { read: '1,5 MB', total: '2 MB', written: '100.000' }),
      ),
    ).toBeTruthy();
    const rows = screen.getByRole('progressbar', { name: UI_PANEL['common.progressLabel'] });
    expect(rows.getAttribute('aria-valuenow')).toBe('75');

    // The screen is drawn again in English: the progress stays, and goes on.
    await act(() => setLanguage('en'));
    expect(screen.getByText(text('common.importReading', { rows: '120,000' }, EN_CATALOG))).toBeTruthy();
    act(() =>
      socket.onmessage!(
        progress(uploadId, { rowsRead: 250_000, rowsWritten: 250_000, bytesRead: SIZE, read: true }),
      ),
    );
    expect(screen.getByText(text('common.importSaving', { rows: '250,000' }, EN_CATALOG))).toBeTruthy();
    expect(
      screen
        .getByRole('progressbar', { name: EN_CATALOG['common.progressLabel'] })
        .hasAttribute('aria-valuenow'),
    ).toBe(false);

    act(() =>
      request.answer(200, {
        importId: 1,
        created: [],
        createdCount: 250_000,
        skipped: [],
        skippedCount: 0,
        msg: 'ok',
      }),
    );
    expect(await screen.findByText('added 250000')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('button', { name: EN_CATALOG['common.upload'] })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it("shows the server's msg, signs out on 401, and says so when the upload never reached the server", async () => {
    const first = await startUpload();
    act(() => first.request.answer(413, { msg: MESSAGE_TEXT.fileTooLarge }));
    expect(await screen.findByText(MESSAGE_TEXT.fileTooLarge)).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    cleanup();

    const signedOut = vi.fn();
    setUnauthorizedHandler(signedOut);
    FakeRequest.all = [];
    const second = await startUpload();
    act(() => second.request.answer(401, { msg: 'Unauthorized' }));
    await waitFor(() => expect(signedOut).toHaveBeenCalledOnce());
    cleanup();

    FakeRequest.all = [];
    const third = await startUpload();
    act(() => third.request.onerror!());
    expect(await screen.findByText(MESSAGE_TEXT.networkError)).toBeTruthy();
  });
});
