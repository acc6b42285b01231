import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Dialog, DialogContent, DialogTitle } from './dialog';

afterEach(cleanup);

/** A dialog opened by code and taken out of the page on close, as the profile and schedule dialogs are. */
function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Ubah</button>
      {open && (
        <Dialog open onOpenChange={(next) => !next && setOpen(false)}>
          <DialogContent closeLabel="Tutup" aria-describedby={undefined}>
            <DialogTitle>Profil</DialogTitle>
          </DialogContent>
        </Dialog>
      )}
    </>
  );
}

describe('a dialog', () => {
  it('gives the focus back to the button that opened it', async () => {
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Ubah' });
    opener.focus();
    fireEvent.click(opener);
    await screen.findByRole('dialog');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
