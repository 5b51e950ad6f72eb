'use client';

import { Dialog, DialogBody, DialogContent, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { SHORTCUT_HELP, type GoKey } from '@/lib/palette/keyboard';

/**
 * The `?` dialog: every keyboard shortcut of the console (issue 33), from the same table the listener reads; a
 * `g` shortcut only when its section has a page the person may open.
 */
export function ShortcutsHelp({
  open,
  onOpenChange,
  canGo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  canGo: (key: GoKey) => boolean;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent aria-describedby={undefined} className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Keyboard shortcuts</DialogTitle>
        </DialogHeader>
        <DialogBody>
          <table className="w-full text-sm">
            <caption className="sr-only">Keyboard shortcuts</caption>
            <thead className="sr-only">
              <tr>
                <th scope="col">Keys</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {SHORTCUT_HELP.filter((s) => !s.go || canGo(s.go)).map((s) => (
                <tr key={s.label} className="border-b last:border-0">
                  <td className="whitespace-nowrap py-1.5 pr-4">
                    {s.keys.map((k, i) => (
                      <span key={k}>
                        {i > 0 && (
                          <span className="px-1 text-muted-foreground">{s.sequence ? 'then' : '+'}</span>
                        )}
                        <kbd className="rounded border bg-muted px-1.5 py-0.5 font-sans text-xs">{k}</kbd>
                      </span>
                    ))}
                  </td>
                  <td className="py-1.5">{s.label}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </DialogBody>
      </DialogContent>
    </Dialog>
  );
}
