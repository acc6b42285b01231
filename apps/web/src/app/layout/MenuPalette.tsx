import type { MenuItem } from '@blaster/contract';
import { t, useMessages } from '../../i18n';
import { Command, CommandEmpty, CommandInput, CommandItem, CommandList } from '../../components/ui/command';
import { Dialog, DialogContent, DialogTitle } from '../../components/ui/dialog';
import { MenuIcon } from './MenuIcon';

/** The command palette of HeaderSearch: the role's menu entries, filtered as the user types. */
export default function MenuPalette({
  open,
  onOpenChange,
  entries,
  onSelect,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  entries: MenuItem[];
  onSelect: (path: string) => void;
}) {
  const MSG = useMessages();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl overflow-hidden" padded={false} aria-describedby={undefined}>
        <DialogTitle className="sr-only">{t('layout.searchMenu')}</DialogTitle>
        <Command label={t('layout.searchMenu')}>
          <CommandInput aria-label={t('layout.searchMenu')} placeholder={t('layout.searchMenuPlaceholder')} />
          <CommandList>
            <CommandEmpty>{MSG.empty}</CommandEmpty>
            {entries.map((item) => (
              <CommandItem
                key={item.path}
                value={`${t(item.key)} ${item.path}`}
                onSelect={() => onSelect(item.path)}
              >
                <MenuIcon name={item.icon} className="size-5 text-gray-400" />
                {t(item.key)}
              </CommandItem>
            ))}
          </CommandList>
        </Command>
      </DialogContent>
    </Dialog>
  );
}
