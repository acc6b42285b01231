import type { ComponentProps } from 'react';
import { Command as CommandPrimitive } from 'cmdk';
import clsx from 'clsx';
import { Search } from 'lucide-react';

/** A filtered list of choices driven by the keyboard (arrows, Enter); see the command palette. */
export function Command({ className, ...props }: ComponentProps<typeof CommandPrimitive>) {
  return <CommandPrimitive className={clsx('flex flex-col', className)} {...props} />;
}

export function CommandInput({ className, ...props }: ComponentProps<typeof CommandPrimitive.Input>) {
  return (
    <div className="flex items-center gap-3 border-b border-gray-200 px-4 dark:border-gray-800">
      <Search className="size-5 shrink-0 text-gray-400" aria-hidden="true" />
      <CommandPrimitive.Input
        className={clsx(
          'h-12 w-full bg-transparent text-sm text-gray-800 outline-none placeholder:text-gray-400 dark:text-white/90 dark:placeholder:text-white/30',
          className,
        )}
        {...props}
      />
    </div>
  );
}

export function CommandList({ className, ...props }: ComponentProps<typeof CommandPrimitive.List>) {
  return (
    <CommandPrimitive.List
      className={clsx('max-h-80 overflow-y-auto overscroll-contain p-2', className)}
      {...props}
    />
  );
}

export function CommandEmpty({ className, ...props }: ComponentProps<typeof CommandPrimitive.Empty>) {
  return (
    <CommandPrimitive.Empty
      className={clsx('px-3 py-6 text-center text-sm text-muted', className)}
      {...props}
    />
  );
}

export function CommandItem({ className, ...props }: ComponentProps<typeof CommandPrimitive.Item>) {
  return (
    <CommandPrimitive.Item
      className={clsx(
        'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm text-gray-700 data-[selected=true]:bg-brand-50 data-[selected=true]:text-brand-600 dark:text-gray-300 dark:data-[selected=true]:bg-brand-500/15 dark:data-[selected=true]:text-brand-300',
        className,
      )}
      {...props}
    />
  );
}
