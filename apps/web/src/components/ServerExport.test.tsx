import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { Toaster } from 'sonner';
import Cookies from 'js-cookie';
import { EN_CATALOG, EXPORT_ROWS_HEADER, UI_PANEL } from '@blaster/contract';
import { setLanguage } from '../i18n';
import { LanguageBoundary } from '../i18n/LanguageBoundary';
import { catalogText as text } from '../test/catalog-text';
import { aUser } from '../test/users';
import { ImportResult, downloadSkipped } from './ImportResult';
import { ServerExportButtons } from './ServerExport';

/** A response whose body the test writes chunk by chunk. */
function streamed(headers: Record<string, string>) {
  let body!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({ start: (controller) => void (body = controller) });
  const encoder = new TextEncoder();
  return {
    response: new Response(stream, { status: 200, headers }),
    write: (chunk: string) => body.enqueue(encoder.encode(chunk)),
    end: () => body.close(),
  };
}

const saved = vi.fn();
beforeEach(() => {
  Cookies.set('user', JSON.stringify(aUser({ role: 'admin' })));
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => (saved(blob), 'blob:x'),
      revokeObjectURL: () => {},
    }),
  );
  saved.mockClear();
  // jsdom does not follow links: the saved file is what `createObjectURL` was given.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});
afterEach(async () => {
  cleanup();
  Cookies.remove('user');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await setLanguage('default');
});

function renderButtons() {
  render(
    <>
      <Toaster />
      <LanguageBoundary>
        <ServerExportButtons
          id="test"
          formats={['csv', 'json']}
          file={(format) => ({ path: `/api/x?format=${format}`, name: `x.${format}` })}
        />
      </LanguageBoundary>
    </>,
  );
}

describe('a server export', () => {
  it('counts the rows that arrived against those expected, buttons disabled, through a language switch', async () => {
    const file = streamed({ 'content-type': 'text/csv; charset=utf-8', [EXPORT_ROWS_HEADER]: '2500' });
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(file.response));
    renderButtons();
    act(() => screen.getByRole('button', { name: UI_PANEL['common.exportCsv'] }).click());
    // The header line and a thousand rows, then a row whose line break is split across two chunks.
    const rows = Array.from({ length: 1_000 }, (_, i) => `62812${i},Nomor ${i},active`);
    await act(async () => file.write(`number,name,status\r\n${rows.join('\r\n')}`));
    expect(
      await screen.findByText(text('common.downloadRows', { rows: '1.000', total: '2.500' })),
    ).toBeTruthy();
    await act(async () => file.write('\r'));
    await act(async () => file.write('\n62813,Satu,active'));
    expect(
      await screen.findByText(text('common.downloadRows', { rows: '1.001', total: '2.500' })),
    ).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    for (const name of ['common.exportCsv', 'common.exportJson'] as const)
      expect(screen.getByRole('button', { name: UI_PANEL[name] })).toHaveProperty('disabled', true);

    await act(() => setLanguage('en'));
    expect(
      screen.getByText(text('common.downloadRows', { rows: '1,001', total: '2,500' }, EN_CATALOG)),
    ).toBeTruthy();
    await act(async () => file.write('\r\n62814,Dua,active'));
    expect(
      await screen.findByText(text('common.downloadRows', { rows: '1,002', total: '2,500' }, EN_CATALOG)),
    ).toBeTruthy();

    await act(async () => file.end());
    await waitFor(() => expect(saved).toHaveBeenCalledOnce());
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(screen.getByRole('button', { name: EN_CATALOG['common.exportCsv'] })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('counts bytes against the size when the server sends one, and shows its msg when it refuses', async () => {
    const file = streamed({ 'content-type': 'application/json', 'content-length': '2000' });
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(file.response));
    renderButtons();
    act(() => screen.getByRole('button', { name: UI_PANEL['common.exportJson'] }).click());
    await act(async () => file.write('x'.repeat(500)));
    expect(
      await screen.findByText(
        text('common.downloadProgress', { percent: '25%', received: '500 byte', total: '2 kB' }),
      ),
    ).toBeTruthy();
    await act(async () => file.end());
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());

    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(new Response(JSON.stringify({ msg: 'Tidak ada nomor' }), { status: 404 })),
    );
    act(() => screen.getByRole('button', { name: UI_PANEL['common.exportCsv'] }).click());
    expect(await screen.findByText('Tidak ada nomor')).toBeTruthy();
    expect(screen.getByRole('button', { name: UI_PANEL['common.exportCsv'] })).toHaveProperty(
      'disabled',
      false,
    );
  });
});

describe("an import's skipped rows from the server", () => {
  it('show their download under the buttons, which wait until the file is saved', async () => {
    const file = streamed({ 'content-type': 'text/csv; charset=utf-8', [EXPORT_ROWS_HEADER]: '1200' });
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(file.response));
    const answer = {
      importId: 7,
      skipped: [{ number: '12', name: 'Rusak', status: 'invalid' }],
      skippedCount: 1_200,
    };
    render(
      <ImportResult
        createdCount={0}
        skipped={answer.skipped}
        skippedCount={answer.skippedCount}
        columns={[{ key: 'number', label: 'Number' }]}
        onDownloadCsv={() => downloadSkipped(answer, 'csv', 'skipped.csv', () => {})}
        onDownloadJson={() => downloadSkipped(answer, 'json', 'skipped.json', () => {})}
      />,
    );
    act(() => screen.getByRole('button', { name: UI_PANEL['common.downloadCsv'] }).click());
    await act(async () =>
      file.write(
        `number,name,status\r\n${Array.from({ length: 300 }, (_, i) => `12${i},Rusak,invalid`).join('\r\n')}`,
      ),
    );
    expect(
      await screen.findByText(text('common.downloadRows', { rows: '300', total: '1.200' })),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: UI_PANEL['common.downloadJson'] })).toHaveProperty(
      'disabled',
      true,
    );
    await act(async () => file.end());
    await waitFor(() => expect(saved).toHaveBeenCalledOnce());
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(screen.getByRole('button', { name: UI_PANEL['common.downloadJson'] })).toHaveProperty(
      'disabled',
      false,
    );
  });
});
