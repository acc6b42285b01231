import { useRef, useState } from 'react';
import { t, useMessages } from '../../i18n';
import { Button, Label, TextInput } from '../../components/form';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';

/**
 * Asks for a link's address (shown only while open). Saving hands the address over and leaves the
 * focus to the editor; cancelling gives it back to the button that opened the dialog.
 */
export function LinkDialog({
  initial,
  onClose,
  onSave,
}: {
  initial: string;
  onClose(): void;
  onSave(url: string): void;
}) {
  const MSG = useMessages();
  const [url, setUrl] = useState(initial);
  const saved = useRef(false);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        aria-describedby={undefined}
        onCloseAutoFocus={(event) => saved.current && event.preventDefault()}
      >
        <form
          onSubmit={(event) => {
            // The dialog sits in a portal, but React still bubbles its submit to the template form.
            event.preventDefault();
            event.stopPropagation();
            saved.current = true;
            onClose();
            if (url.trim()) onSave(url.trim());
          }}
        >
          <DialogHeader>
            <DialogTitle>{t('template.link')}</DialogTitle>
          </DialogHeader>
          <Label htmlFor="caption-link-url">{t('template.linkUrl')}</Label>
          <TextInput
            id="caption-link-url"
            type="url"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {MSG.cancel}
            </Button>
            <Button type="submit">{MSG.save}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
