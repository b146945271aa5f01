import * as RadixTabs from '@radix-ui/react-tabs';
import { useId, useSyncExternalStore, type ReactNode } from 'react';
import { cx } from './cx';

export type TabsLook = 'underline' | 'segmented';

interface TabsProps<K extends string> {
  label: string;
  tabs: { key: K; label: string }[];
  active: K;
  onChange: (key: K) => void;
  /** The active tab's panel. */
  children: ReactNode;
  /** 'underline' (settings, product info) or 'segmented' (a choice between two ways, e.g. the design form). */
  look?: TabsLook;
  panelClassName?: string;
}

const LIST: Record<TabsLook, string> = {
  underline: 'flex gap-1 border-b border-slate-200',
  segmented: 'grid auto-cols-fr grid-flow-col gap-1 rounded-xl bg-slate-100 p-1',
};

function triggerClasses(look: TabsLook, selected: boolean): string {
  if (look === 'segmented')
    return cx(
      'rounded-lg px-3 py-2.5 text-sm font-semibold transition-colors',
      selected ? 'bg-white text-navy-900 shadow-sm' : 'text-slate-700 hover:text-navy-900',
    );
  return cx(
    '-mb-px border-b-2 px-4 py-2.5 text-sm font-semibold transition-colors',
    selected ? 'border-copper-600 text-navy-900' : 'border-transparent text-slate-600 hover:text-navy-800',
  );
}

const noSubscription = () => () => {};

/**
 * WAI-ARIA tabs on Radix Tabs: arrow keys, Home and End move between tabs and select them; the panel is
 * labelled by its tab. The app's one tabs widget: the settings pages, the product page and the design form. It is
 * kept out of the first-load shell (vite.config.ts): the pages that use it are chunks of their own.
 *
 * Radix writes style attributes when it renders (the list's `outline: none`, its panel's first
 * `animation-duration`), which the Content-Security-Policy refuses in server-rendered markup. So the server (and
 * the hydration of its page) gets the same markup without them and without behaviour, and Radix takes over right
 * after hydration (React then sets styles through the CSSOM, which the policy allows). The panel is this
 * component's own in both, with the ids the tabs point to.
 */
export function Tabs<K extends string>({
  label,
  tabs,
  active,
  onChange,
  children,
  look = 'underline',
  panelClassName = 'pt-6',
}: TabsProps<K>) {
  const id = useId();
  const live = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const tabId = (key: K) => `${id}tab-${key}`;
  const panelId = `${id}panel`;
  const tabAttributes = (key: K) => ({
    id: tabId(key),
    'aria-controls': panelId,
    className: triggerClasses(look, key === active),
  });
  const panel = (
    <div role="tabpanel" id={panelId} aria-labelledby={tabId(active)} tabIndex={0} className={panelClassName}>
      {children}
    </div>
  );

  if (!live)
    return (
      <div data-orientation="horizontal">
        <div role="tablist" aria-label={label} aria-orientation="horizontal" className={LIST[look]}>
          {tabs.map((tab) => (
            <button
              key={tab.key}
              type="button"
              role="tab"
              aria-selected={tab.key === active}
              tabIndex={tab.key === active ? 0 : -1}
              {...tabAttributes(tab.key)}
            >
              {tab.label}
            </button>
          ))}
        </div>
        {panel}
      </div>
    );

  return (
    <RadixTabs.Root value={active} onValueChange={(value) => onChange(value as K)}>
      <RadixTabs.List aria-label={label} className={LIST[look]}>
        {tabs.map((tab) => (
          <RadixTabs.Trigger key={tab.key} value={tab.key} {...tabAttributes(tab.key)}>
            {tab.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {panel}
    </RadixTabs.Root>
  );
}
