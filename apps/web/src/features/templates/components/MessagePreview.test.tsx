import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import Cookies from 'js-cookie';
import { ENDPOINTS, UI_PANEL, type PhoneNumberWithConsentRow } from '@blaster/contract';
import { aUser } from '../../../test/users';
import { MessagePreview } from './MessagePreview';
import { VariableMenu } from './VariableMenu';

const recipient: PhoneNumberWithConsentRow = {
  id: 7,
  number: '6281200000007',
  name: 'Ani',
  status: 'active',
  in_use: 0,
  count_success: 0,
  count_fail: 0,
  last_sent: null,
  consent_source: null,
  consent_at: null,
  consent_note: null,
  suppressed: false,
  tags: ['vip'],
  fields: { city: 'Bandung <b>{{name}}</b>' },
};
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
const fetch = vi.fn((url: string) =>
  Promise.resolve(json(url.startsWith(ENDPOINTS.phoneList.path) ? { list: [recipient] } : {})),
);

beforeEach(() => {
  vi.stubGlobal('fetch', fetch);
  Cookies.set('user', JSON.stringify(aUser({ role: 'admin' })));
});
afterEach(() => {
  cleanup();
  Cookies.remove('user');
  vi.unstubAllGlobals();
});

describe('the variable menu', () => {
  it('offers the name, the number and every field key, and inserts the one chosen', () => {
    const inserted: string[] = [];
    render(<VariableMenu fields={['city', 'kota_asal']} onInsert={(text) => inserted.push(text)} />);
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: UI_PANEL['template.insertVariable'] }));
    const items = screen.getAllByRole('menuitem');
    expect(items.map((item) => item.getAttribute('data-variable'))).toEqual([
      'name',
      'number',
      'city',
      'kota_asal',
    ]);
    fireEvent.click(items[2]!);
    expect(inserted).toEqual(['{{city}}']);
    // Chosen: the menu closes.
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('says there are no fields yet when numbers carry none', () => {
    render(<VariableMenu fields={[]} onInsert={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: UI_PANEL['template.insertVariable'] }));
    expect(screen.getAllByRole('menuitem')).toHaveLength(2);
    expect(screen.getByRole('menu').textContent).toContain(UI_PANEL['template.noFields']);
  });
});

describe('the message preview', () => {
  it('renders the message for a chosen recipient as a chat bubble with its buttons', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MessagePreview
          html="<p>Halo <strong>{{name}}</strong> dari {{city|Jakarta}}</p>"
          media={{ file: null, url: '/uploads/00000000-0000-0000-0000-000000000000.pdf' }}
          buttons={[
            { title: 'Kunjungi', url: 'https://toko.example', type: 'url_button' },
            { title: '', url: '', type: 'reply_button' },
          ]}
        />
      </QueryClientProvider>,
    );
    const text = () => screen.getByTestId('chat-preview-text');
    // The sample recipient has no fields: the default shows.
    expect(text().textContent).toBe('Halo Budi dari Jakarta');
    expect(text().querySelector('strong')?.textContent).toBe('Budi');
    expect(screen.getAllByTestId('chat-preview-button').map((button) => button.textContent)).toEqual([
      'Kunjungi',
    ]);
    expect(screen.getByTestId('chat-preview').textContent).toContain(
      '00000000-0000-0000-0000-000000000000.pdf',
    );

    const picker = screen.getByRole('combobox', { name: UI_PANEL['template.previewFor'] });
    await screen.findByRole('option', { name: '6281200000007 · Ani' });
    await act(async () => {
      fireEvent.change(picker, { target: { value: '7' } });
    });
    // The recipient's own name and field, the field's markup and braces shown as the text they are.
    expect(text().textContent).toBe('Halo Ani dari Bandung <b>{{name}}</b>');
    expect(text().querySelector('b')).toBeNull();
  });
});
