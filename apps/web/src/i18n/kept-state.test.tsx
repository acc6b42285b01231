import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { EN_CATALOG } from '@blaster/contract';
import { setLanguage, t } from '.';
import { LanguageBoundary } from './LanguageBoundary';
import { useStateAcrossLanguages } from './kept-state';

/** A screen that shows what an action gave it, the way an import shows its result. */
function Imported() {
  const [result, setResult] = useStateAcrossLanguages<number | null>('upload:test', null);
  return (
    <>
      <button type="button" onClick={() => setResult(42)}>
        {t('common.upload')}
      </button>
      {result !== null && <output>{t('common.exported', { count: result })}</output>}
    </>
  );
}

afterEach(async () => {
  cleanup();
  await setLanguage('default');
});

describe('state kept through a language switch', () => {
  it('shows the same result in the new language, and forgets it once the screen is left', async () => {
    const { unmount } = render(
      <LanguageBoundary>
        <Imported />
      </LanguageBoundary>,
    );
    fireEvent.click(screen.getByRole('button'));
    await act(() => setLanguage('en'));
    expect(screen.getByRole('status').textContent).toBe(
      EN_CATALOG['common.exported'].replace('{{count}}', '42'),
    );
    unmount();
    render(
      <LanguageBoundary>
        <Imported />
      </LanguageBoundary>,
    );
    expect(screen.queryByRole('status')).toBeNull();
  });
});
