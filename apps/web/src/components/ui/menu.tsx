import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cx } from './cx';

export type MenuItem =
  { label: string; to: string; icon?: ReactNode } | { label: string; onSelect: () => void; icon?: ReactNode };

interface MenuProps {
  /** The trigger button's content. */
  button: ReactNode;
  /** The trigger's accessible name when its content is not text (e.g. an avatar). */
  buttonLabel?: string;
  buttonClassName?: string;
  items: MenuItem[];
  /** Shown above the items, e.g. the signed-in name. */
  header?: ReactNode;
  align?: 'left' | 'right';
  menuClassName?: string;
}

// The item under the pointer or the arrow keys is tinted; the one reached with the keyboard also has the app's
// focus ring (a tint alone is too faint a focus indicator on white).
const itemClass =
  'flex w-full cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-left text-sm text-slate-700 ' +
  'outline-none data-[highlighted]:bg-navy-50 data-[highlighted]:text-navy-900 ' +
  'focus-visible:ring-2 focus-visible:ring-copper-600 focus-visible:ring-inset';

/**
 * A dropdown menu button on Radix's DropdownMenu (WAI-ARIA menu pattern): Enter, Space or ArrowDown open it,
 * arrow keys, Home/End and type-ahead move, Escape and a click outside close it and focus returns to the button.
 * The list stays inside the viewport. Radix is in the signed-in areas' chunks only: the public header loads
 * this module lazily, for a signed-in customer.
 */
export function Menu({
  button,
  buttonLabel,
  buttonClassName,
  items,
  header,
  align = 'right',
  menuClassName,
}: MenuProps) {
  return (
    // Not modal: a modal menu locks scrolling with an inline <style>, which the CSP (style-src 'self') refuses.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger aria-label={buttonLabel} className={buttonClassName}>
        {button}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align={align === 'right' ? 'end' : 'start'}
          sideOffset={8}
          collisionPadding={8}
          aria-label={buttonLabel}
          className={cx(
            'z-[110] w-60 max-w-[calc(100vw-1rem)] rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl animate-fade-in',
            menuClassName,
          )}
        >
          {header && (
            <DropdownMenu.Label className="mb-1 border-b border-slate-100 px-3 pt-1.5 pb-2.5">
              {header}
            </DropdownMenu.Label>
          )}
          {items.map((item) =>
            'to' in item ? (
              <DropdownMenu.Item key={item.label} asChild className={itemClass}>
                <Link to={item.to}>
                  {item.icon}
                  {item.label}
                </Link>
              </DropdownMenu.Item>
            ) : (
              <DropdownMenu.Item key={item.label} className={itemClass} onSelect={item.onSelect}>
                {item.icon}
                {item.label}
              </DropdownMenu.Item>
            ),
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
