import type { ComponentProps, MouseEvent, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cx } from './cx';
import { Spinner } from './spinner';

export type ButtonVariant =
  'primary' | 'secondary' | 'outline' | 'outline-light' | 'ghost' | 'danger' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors ' +
  'disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-copper-600 text-white shadow-sm hover:bg-copper-700 active:bg-copper-800',
  secondary: 'bg-navy-900 text-white shadow-sm hover:bg-navy-800 active:bg-navy-950',
  outline:
    'border border-slate-300 bg-white text-navy-900 shadow-sm hover:bg-slate-50 hover:border-slate-400',
  /** On dark (navy) backgrounds. */
  'outline-light': 'border border-navy-400 text-white hover:bg-navy-800',
  ghost: 'text-navy-800 hover:bg-navy-50',
  danger: 'bg-red-700 text-white shadow-sm hover:bg-red-800',
  link: 'text-copper-700 underline-offset-4 hover:underline',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'px-3 py-1.5 text-sm',
  md: 'px-4 py-2.5 text-sm',
  lg: 'px-6 py-3 text-base',
};

/** The classes of a button, for links and other elements that must look like one. */
export function buttonClasses(
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
  className?: string,
): string {
  return cx(base, variants[variant], variant === 'link' ? '' : sizes[size], className);
}

const ignore = (event: MouseEvent) => event.preventDefault();

interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /**
   * Shows a spinner and ignores presses while busy; `loadingText` replaces the label. The button stays focusable
   * (aria-disabled, not disabled): a keyboard user who pressed it keeps their place when the action fails.
   */
  loading?: boolean;
  loadingText?: ReactNode;
}

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  loadingText,
  className,
  disabled,
  children,
  type = 'button',
  onClick,
  ...props
}: ButtonProps) {
  // A disabled button loses the focus; a busy one keeps it, and a press (or a form's Enter) does nothing.
  const busy = loading && !disabled;
  return (
    <button
      type={type}
      className={buttonClasses(variant, size, className)}
      disabled={disabled}
      aria-disabled={busy || undefined}
      aria-busy={loading || undefined}
      {...props}
      onClick={busy ? ignore : onClick}
    >
      {loading && <Spinner className="size-4" label={null} />}
      {loading && loadingText ? loadingText : children}
    </button>
  );
}

interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function ButtonLink({ variant = 'primary', size = 'md', className, ...props }: ButtonLinkProps) {
  return (
    <Link
      className={buttonClasses(variant, size, typeof className === 'string' ? className : undefined)}
      {...props}
    />
  );
}
