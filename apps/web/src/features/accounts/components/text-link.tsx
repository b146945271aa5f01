import { Link, type LinkProps } from 'react-router';

export function TextLink({ className = '', ...props }: LinkProps) {
  return (
    <Link
      className={`font-semibold text-copper-700 underline-offset-4 hover:text-copper-800 hover:underline ${className}`}
      {...props}
    />
  );
}
