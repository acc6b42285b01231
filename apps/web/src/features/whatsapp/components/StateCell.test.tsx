import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { EN_CATALOG, MESSAGE_TEXT as MSG } from '@blaster/contract';
import { setLanguage } from '../../../i18n';
import type { LiveRow } from '../live';
import { StateCell } from './StateCell';
import { anAccount } from '../../../test/accounts';

afterEach(async () => {
  cleanup();
  await setLanguage('default');
  window.localStorage.clear();
});

const held: LiveRow = {
  ...anAccount({ id: 1, clientid: 'id-1-1', status: 'sending' }),
  waitTime: 19,
  hold: { key: 'governedQuietHours', params: { end: '08:00' }, text: MSG.governedQuietHours('08:00') },
};

describe("an account's state", () => {
  it('says why a held blast waits and until when, not a countdown', () => {
    render(<StateCell row={held} />);
    expect(screen.getByText(MSG.governedQuietHours('08:00'))).toBeTruthy();
    expect(screen.queryByText(MSG.waitingRow(19))).toBeNull();
  });

  it("says it in the reader's language", async () => {
    await setLanguage('en');
    render(<StateCell row={held} />);
    expect(screen.getByText(EN_CATALOG.governedQuietHours.replace('{{end}}', '08:00'))).toBeTruthy();
  });
});
