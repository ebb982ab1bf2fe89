import type { ReactNode } from 'react';

/**
 * A form whose Enter/Go key runs the screen's submit (the same one the main button runs),
 * with the browser's own validation off: the zod rules show the spec's messages instead.
 */
export function SubmitForm({
  onSubmit,
  className,
  children,
}: {
  onSubmit: () => unknown;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      className={className}
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
    >
      {children}
    </form>
  );
}
