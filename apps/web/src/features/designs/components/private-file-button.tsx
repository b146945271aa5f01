import { useState, type ReactNode } from 'react';
import { Button, type ButtonVariant } from '../../../components/ui/button';
import type { SessionKind } from '../../../lib/storage-keys';
import { savePrivateFile } from '../api/private-files';

interface PrivateFileButtonProps {
  url: string;
  kind: SessionKind;
  name?: string;
  children: ReactNode;
  variant?: ButtonVariant;
  className?: string;
}

/** Downloads a private design or recommendation file with the session's token. */
export function PrivateFileButton({
  url,
  kind,
  name,
  children,
  variant = 'link',
  className,
}: PrivateFileButtonProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant={variant}
      size="sm"
      className={className}
      loading={busy}
      onClick={async () => {
        if (busy) return;
        setBusy(true);
        try {
          await savePrivateFile(url, kind, name);
        } catch {
          // the failure has been shown by the global error handling
        } finally {
          setBusy(false);
        }
      }}
    >
      {children}
    </Button>
  );
}
