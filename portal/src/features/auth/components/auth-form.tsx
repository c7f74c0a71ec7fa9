import type { FocusEventHandler, FormEventHandler, ReactNode } from 'react';
import { Button } from '../../../shared/ui/button.tsx';

export interface AuthFormProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  onFocus?: FocusEventHandler<HTMLFormElement>;
  /** What went wrong, said above the fields (the server's answer, usually). */
  failure?: string | null;
  /** What went right, said above the fields. */
  success?: string | null;
  /** The submit button's words, and its words while the request runs. */
  action: string;
  busyAction: string;
  busy: boolean;
  children: ReactNode;
}

/** The form of a sign-in page: its notices, its fields, then one full-width submit button. */
export function AuthForm(props: AuthFormProps) {
  return (
    <form className="auth__form" onSubmit={props.onSubmit} onFocus={props.onFocus} noValidate>
      {props.success && (
        <div className="notice notice--success" role="status">
          {props.success}
        </div>
      )}
      {props.failure && (
        <div className="notice notice--error" role="alert">
          {props.failure}
        </div>
      )}
      {props.children}
      <Button block type="submit" disabled={props.busy}>
        {props.busy ? props.busyAction : props.action}
      </Button>
    </form>
  );
}
