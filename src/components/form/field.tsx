// A form field's frame: its label, an optional hint, the control (input, select, textarea, masked input) and the error line
// under it that the control's aria-describedby points to; and that error line alone, for forms whose error sits apart
// (main thread).
import type { ReactNode } from "react";

interface FieldErrorProps {
  /** The line's id (the control's aria-describedby); none when nothing points to it. */
  id?: string;
  error?: string;
  /** Announced as an alert while it holds an error. */
  alert?: boolean;
  /** Rendered only while there is an error, instead of always (an empty line takes no room: `.form-error:empty`). */
  onlyWhenShown?: boolean;
}

export function FieldError({ id, error, alert = false, onlyWhenShown = false }: FieldErrorProps) {
  if (onlyWhenShown && !error) return null;
  return (
    <p id={id} className="form-error" role={alert && error ? "alert" : undefined}>
      {error}
    </p>
  );
}

interface FieldProps extends Omit<FieldErrorProps, "id"> {
  /** The control's id (the label's htmlFor). */
  id: string;
  label: ReactNode;
  labelClassName?: string;
  /** The error line's id; default `${id}-err`, as useForm's errorId. */
  errorId?: string;
  /** A hint between the label and the control, `${id}-hint` for the control's aria-describedby. */
  hint?: ReactNode;
  hintClassName?: string;
  /** A wrapping <div> with this class; without it the parts sit directly in the form's layout. */
  className?: string;
  children: ReactNode;
}

/** Label, hint, control and the error line under it. */
export function Field({ id, label, labelClassName, errorId, hint, hintClassName = "muted", className, children, ...error }: FieldProps) {
  const parts = (
    <>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {hint !== undefined && (
        <p id={`${id}-hint`} className={hintClassName}>
          {hint}
        </p>
      )}
      {children}
      <FieldError id={errorId ?? `${id}-err`} {...error} />
    </>
  );
  return className ? <div className={className}>{parts}</div> : parts;
}
