import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MESSAGE_TEXT as MSG } from '@blaster/contract';
import { confirmDialog, successDialog } from '../../lib/dialogs';
import { MessageDialogHost } from './message-dialog';

afterEach(cleanup);

function showAsker(onAnswer: (answer: boolean) => void) {
  render(
    <>
      <button
        type="button"
        onClick={() => void confirmDialog('Level #3 akan dihapus.', 'Hapus').then(onAnswer)}
      >
        Delete
      </button>
      <MessageDialogHost />
    </>,
  );
  const trigger = screen.getByRole('button', { name: 'Delete' });
  trigger.focus();
  fireEvent.click(trigger);
  return trigger;
}

describe('the confirmation dialog', () => {
  it('asks in the spec words with focus on Cancel, and Escape cancels and gives focus back', async () => {
    const answers: boolean[] = [];
    const trigger = showAsker((answer) => answers.push(answer));
    const dialog = await screen.findByRole('alertdialog', { name: MSG.areYouSure });
    expect(dialog.textContent).toContain('Level #3 akan dihapus.');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: MSG.cancel }));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(answers).toEqual([false]));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it('answers yes only from its confirm button', async () => {
    const answers: boolean[] = [];
    showAsker((answer) => answers.push(answer));
    fireEvent.click(await screen.findByRole('button', { name: 'Hapus' }));
    await waitFor(() => expect(answers).toEqual([true]));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('messages', () => {
  it('show one after another, each closed by OK', async () => {
    render(<MessageDialogHost />);
    let closed = 0;
    act(() => {
      void successDialog('Level disimpan.').then(() => closed++);
      void successDialog('Bonus dikirim.').then(() => closed++);
    });
    expect((await screen.findByRole('alertdialog', { name: 'Berhasil' })).textContent).toContain(
      'Level disimpan.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByRole('alertdialog').textContent).toContain('Bonus dikirim.'));
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(closed).toBe(2));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
