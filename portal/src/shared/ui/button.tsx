import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost' | 'ghost-danger';

export interface ButtonLook {
  /** primary (default): the one main action of a screen or dialog. */
  variant?: ButtonVariant;
  size?: 'md' | 'sm';
  /** Full width (forms on the sign-in pages, phones). */
  block?: boolean;
}

/** The class list of a button look; for the rare element that is not a Button or ButtonLink. */
export function buttonClass({ variant = 'primary', size = 'md', block = false }: ButtonLook = {}) {
  return [
    'button',
    variant !== 'primary' && `button--${variant}`,
    size === 'sm' && 'button--sm',
    block && 'button--block',
  ]
    .filter(Boolean)
    .join(' ');
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & ButtonLook;

/** A button. `type` defaults to "button": only a form's own submit button says "submit". */
export function Button({ variant, size, block, className, type = 'button', ...rest }: ButtonProps) {
  const look = buttonClass({ variant, size, block });
  return <button type={type} className={className ? `${look} ${className}` : look} {...rest} />;
}

/** A link that looks like a button (navigation, not an action). */
export function ButtonLink({ variant, size, block, className, ...rest }: LinkProps & ButtonLook) {
  const look = buttonClass({ variant, size, block });
  return <Link className={className ? `${look} ${className}` : look} {...rest} />;
}

type IconButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label'> & {
  /** The accessible name, also shown as a tooltip: an icon alone says nothing to a screen reader. */
  label: string;
  children: ReactNode;
};

/** A square button showing only an icon. */
export function IconButton({ label, className, type = 'button', ...rest }: IconButtonProps) {
  return (
    <button
      type={type}
      className={className ? `icon-button ${className}` : 'icon-button'}
      aria-label={label}
      title={label}
      {...rest}
    />
  );
}
